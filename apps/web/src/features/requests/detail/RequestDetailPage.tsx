import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Grid, Skeleton, Space, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, describeError } from '../../../api/errors';
import { useAbility } from '../../../auth/useAbility';
import { NotFoundPage } from '../../../pages/NotFoundPage';
import { CommentsPanel } from '../../comments/CommentsPanel';
import { getRequest, requestKey } from './api';
import { RequestActivityTab } from './RequestActivityTab';
import { RequestDraftView } from './RequestDraftView';
import { RequestFacts } from './RequestFacts';
import { RequestOverview } from './RequestOverview';
import { RequestStatusControl } from './RequestStatusControl';
import { RequestTasksTab } from './RequestTasksTab';
import { RequestTimelogsTab } from './RequestTimelogsTab';
import { RequestTimer } from './RequestTimer';
import { activeTab, type RequestTab, taskCreatorParams } from './requestTabs';

/**
 * /requests/:uuid and /requests/:uuid/tasks (doc 2 §2): back button, status dropdown and the tabs Overview, Tasks,
 * Activity logs and Timelogs; a draft shows the draft form; an unknown uuid the 404 page.
 */
export function RequestDetailPage() {
  const { uuid = '' } = useParams();
  const ability = useAbility();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const wide = Grid.useBreakpoint().md !== false;
  const [commentsHidden, setCommentsHidden] = useCommentsHidden();
  const request = useQuery({
    queryKey: requestKey(uuid),
    queryFn: ({ signal }) => getRequest(uuid, signal),
    meta: { silentError: true },
  });

  // ?uuid=create opens the task creator with this request preselected.
  const creator = request.data
    ? taskCreatorParams(params, { uuid, projectUuid: request.data.project?.uuid ?? null })
    : null;
  useEffect(() => {
    if (creator) {
      setParams(creator, { replace: true });
    }
  }, [creator, setParams]);

  if (request.isPending) {
    return <Skeleton active paragraph={{ rows: 8 }} />;
  }
  if (request.isError) {
    if (request.error instanceof ApiError && (request.error.status === 404 || request.error.status === 422)) {
      return <NotFoundPage />;
    }
    return <Alert type="warning" showIcon title={describeError(request.error)} data-testid="request-load-error" />;
  }
  const data = request.data;
  if (data.status === 'draft') {
    return <RequestDraftView request={data} />;
  }

  const tab = activeTab(pathname, params);
  const setTab = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('tab', next);
      return copy;
    });
  const hideComments = (hidden: boolean) => {
    setCommentsHidden(hidden);
    if (hidden && tab === 'comments') {
      setTab('overview');
    }
  };
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/requests'));
  const tabs: { key: RequestTab; label: React.ReactNode; children: React.ReactNode }[] = [
    // On a phone too: the facts header above the tabs does not hold the brief and its answers.
    {
      key: 'overview',
      label: <span data-testid="request-tab-overview">Overview</span>,
      children: <RequestOverview request={data} />,
    },
    ...(ability.can('COMMENTS_READ') && (!commentsHidden || tab === 'comments')
      ? [
          {
            key: 'comments' as const,
            label: <span data-testid="request-tab-comments">Comments</span>,
            children: (
              <>
                <div className="request-comments-hide">
                  <Button
                    size="small"
                    type="link"
                    onClick={() => hideComments(true)}
                    data-testid="request-comments-hide"
                  >
                    Hide comments
                  </Button>
                </div>
                <CommentsPanel
                  target={{ type: 'request', uuid }}
                  planUuid={data.project?.uuid ?? null}
                  highlightUuid={params.get('target_comment_id')}
                  contactName={data.requester?.name ?? null}
                />
              </>
            ),
          },
        ]
      : []),
    {
      key: 'tasks',
      label: <span data-testid="request-tab-tasks">Tasks</span>,
      children: <RequestTasksTab request={data} onNewTask={() => navigate(`/requests/${uuid}/tasks?uuid=create`)} />,
    },
    {
      key: 'activity',
      label: <span data-testid="request-tab-activity">Activity logs</span>,
      children: <RequestActivityTab requestUuid={uuid} form={data.form} />,
    },
    ...(ability.can('TIMELOG_READ')
      ? [
          {
            key: 'timelogs' as const,
            label: <span data-testid="request-tab-timelogs">Timelogs</span>,
            children: <RequestTimelogsTab requestUuid={uuid} />,
          },
        ]
      : []),
  ];

  return (
    <div data-testid="request-detail-page">
      <div className="page-header">
        <Space align="center">
          <Button icon={<ArrowLeftOutlined />} onClick={back} aria-label="Back" data-testid="request-back" />
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
            {data.subject}
          </Typography.Title>
        </Space>
        <Space className="page-header-actions" wrap>
          {ability.isRegularUser && ability.can('REQUEST_CREATE') ? (
            <Link to={`/requests/${uuid}/duplicate`} data-testid="request-duplicate">
              Duplicate
            </Link>
          ) : null}
          {commentsHidden && ability.can('COMMENTS_READ') ? (
            <Button size="small" onClick={() => hideComments(false)} data-testid="request-comments-show">
              Show comments
            </Button>
          ) : null}
          <RequestTimer requestUuid={uuid} />
          <RequestStatusControl request={data} />
        </Space>
      </div>
      {wide ? null : <RequestFacts request={data} />}
      <Tabs className="request-detail-tabs" activeKey={tab} onChange={setTab} items={tabs} />
    </div>
  );
}

const HIDDEN_KEY = 'portal.request-comments-hidden';

/** The Comments tab is hideable (doc 2 §2); the choice is remembered on this device. */
function useCommentsHidden(): [boolean, (hidden: boolean) => void] {
  const [hidden, setHidden] = useState(() => window.localStorage.getItem(HIDDEN_KEY) === '1');
  return [
    hidden,
    (next) => {
      setHidden(next);
      window.localStorage.setItem(HIDDEN_KEY, next ? '1' : '0');
    },
  ];
}
