import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Skeleton, Space, Typography } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError, describeError } from '../../api/errors';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { PageHeader } from '../common/PageHeader';
import { getPlan, PLANS_KEY } from '../plans/api';
import { BudgetPanel } from '../plans/budget/BudgetPanel';
import { CommentsPanel } from './CommentsPanel';

/**
 * /projects/:uuid: a plan's page with its comments (doc 2 §2). Holders of COMMENTS_PRIVATE get the tab bar All,
 * Comment, Call log, Email log, Private note, Summary and Refresh; target_comment_id highlights a comment.
 */
export function PlanCommentsPage() {
  const { uuid = '' } = useParams();
  const [params] = useSearchParams();
  const plan = useQuery({
    queryKey: [...PLANS_KEY, 'one', uuid],
    queryFn: ({ signal }) => getPlan(uuid, signal),
    meta: { silentError: true },
  });
  if (plan.isPending) {
    return <Skeleton active paragraph={{ rows: 6 }} />;
  }
  if (plan.isError) {
    if (plan.error instanceof ApiError && (plan.error.status === 404 || plan.error.status === 422)) {
      return <NotFoundPage />;
    }
    return <Alert type="warning" showIcon title={describeError(plan.error)} />;
  }
  return (
    <div data-testid="plan-page">
      <PageHeader
        title={plan.data.title}
        actions={
          <Space wrap>
            {plan.data.customer ? (
              <Link to={`?client_uuid=${plan.data.customer.uuid}`}>{plan.data.customer.business_name}</Link>
            ) : null}
            <Link to={`/projects/${uuid}/requests`}>Requests</Link>
            <Link to={`/tasks?project=${uuid}`}>Tasks</Link>
          </Space>
        }
      />
      <BudgetPanel planUuid={uuid} history />
      <Card size="small" title={<Typography.Text strong>Comments</Typography.Text>}>
        <CommentsPanel
          target={{ type: 'project', uuid }}
          planUuid={uuid}
          highlightUuid={params.get('target_comment_id')}
        />
      </Card>
    </div>
  );
}
