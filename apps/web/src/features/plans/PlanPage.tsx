import { LIVE_CHANNELS } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Skeleton, Space } from 'antd';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { ApiError, describeError } from '../../api/errors';
import { useLiveChannel } from '../../live/liveChannels';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { CommentsPanel } from '../comments/CommentsPanel';
import { PageHeader } from '../common/PageHeader';
import { StatusTag } from '../common/StatusTag';
import { RequestList } from '../requests/list/RequestList';
import { TasksPage } from '../tasks/TasksPage';
import { getPlan, PLANS_KEY } from './api';
import { PlanFilesTab } from './PlanFilesTab';
import { PlanHistoryTab } from './PlanHistoryTab';
import { PlanOverview } from './PlanOverview';
import { PLAN_TABS, type PlanTab, planPath, planTabOf } from './planPaths';
import './plans.css';

const TAB_LABELS: Record<PlanTab, string> = {
  overview: 'Overview',
  tasks: 'Tasks',
  requests: 'Requests',
  files: 'Files',
  comments: 'Comments',
  history: 'History',
};

/**
 * /projects/{uuid} and its tabs (the plan as a hub): Overview (facts, budget panel, credit history), Tasks, Requests
 * (/projects/{id}/requests, the address old links use), Files, Comments (private notes, call and e-mail logs,
 * summaries for those allowed) and History. Each tab has its own address, so the tab bar is a row of links (the
 * current one marked aria-current), which scrolls within itself on a phone; only the shown tab loads. While the page
 * is open the browser tab listens on `project.{uuid}`, so time logged anywhere moves the budget at once.
 */
export function PlanPage() {
  const { uuid = '' } = useParams();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const tab = planTabOf(pathname);
  const plan = useQuery({
    queryKey: [...PLANS_KEY, 'one', uuid],
    queryFn: ({ signal }) => getPlan(uuid, signal),
    meta: { silentError: true },
  });
  useLiveChannel(plan.data ? LIVE_CHANNELS.project(plan.data.uuid) : null);

  // A comment's link (notifications, mentions) names the plan page with target_comment_id: it lives in Comments.
  const target = params.get('target_comment_id');
  if (target && tab === 'overview') {
    return <Navigate replace to={`${planPath(uuid, 'comments')}?target_comment_id=${encodeURIComponent(target)}`} />;
  }
  if (plan.isPending) {
    return <Skeleton active paragraph={{ rows: 6 }} />;
  }
  if (plan.isError) {
    if (plan.error instanceof ApiError && (plan.error.status === 404 || plan.error.status === 422)) {
      return <NotFoundPage />;
    }
    return <Alert type="warning" showIcon title={describeError(plan.error)} data-testid="plan-load-error" />;
  }
  const body = (key: PlanTab) => {
    switch (key) {
      case 'overview':
        return <PlanOverview plan={plan.data} />;
      case 'tasks':
        return <TasksPage plan={plan.data.uuid} />;
      case 'requests':
        return <RequestList projectUuid={plan.data.uuid} />;
      case 'files':
        return <PlanFilesTab planUuid={plan.data.uuid} />;
      case 'comments':
        return (
          <Card size="small">
            <CommentsPanel target={{ type: 'project', uuid }} planUuid={uuid} highlightUuid={target} />
          </Card>
        );
      case 'history':
        return <PlanHistoryTab planUuid={plan.data.uuid} />;
    }
  };
  return (
    <div className="plan-page" data-testid="plan-page">
      <PageHeader
        title={plan.data.title}
        actions={
          <Space wrap>
            <StatusTag status={plan.data.status} />
            {plan.data.customer ? (
              <Link to={`?client_uuid=${plan.data.customer.uuid}`} data-testid="plan-client">
                {plan.data.customer.business_name}
              </Link>
            ) : null}
          </Space>
        }
      />
      <nav className="plan-tabs" aria-label="Plan sections" data-testid="plan-tabs">
        {PLAN_TABS.map((key) => (
          <Link
            key={key}
            to={planPath(uuid, key)}
            aria-current={key === tab ? 'page' : undefined}
            data-testid={`plan-tab-${key}`}
          >
            {TAB_LABELS[key]}
          </Link>
        ))}
      </nav>
      <section className="plan-tab-body" aria-label={TAB_LABELS[tab]}>
        {body(tab)}
      </section>
    </div>
  );
}
