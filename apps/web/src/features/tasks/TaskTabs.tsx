import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { CommentsPanel } from '../comments/CommentsPanel';
import { TaskTimelogs } from '../timelogs/TaskTimelogs';
import { TaskActivity } from './TaskActivity';

/**
 * The drawer's bottom tabs (doc 2 §2): Comments (task_comment_uuid highlights one), task activity, and the timelogs
 * for those who may read them.
 */
export function TaskTabs({ taskUuid, planUuid }: { taskUuid: string; planUuid?: string | null }) {
  const ability = useAbility();
  const [params] = useSearchParams();
  return (
    <Tabs
      className="task-tabs"
      items={[
        ...(ability.can('COMMENTS_READ')
          ? [
              {
                key: 'comments',
                label: <span data-testid="task-tab-comments">Comments</span>,
                children: (
                  <CommentsPanel
                    target={{ type: 'task', uuid: taskUuid }}
                    planUuid={planUuid ?? null}
                    highlightUuid={params.get('task_comment_uuid')}
                  />
                ),
              },
            ]
          : []),
        { key: 'activity', label: 'Task activity', children: <TaskActivity taskUuid={taskUuid} /> },
        ...(ability.can('TIMELOG_READ')
          ? [
              {
                key: 'timelogs',
                label: <span data-testid="task-tab-timelogs">Timelogs</span>,
                children: <TaskTimelogs taskUuid={taskUuid} />,
              },
            ]
          : []),
      ]}
    />
  );
}
