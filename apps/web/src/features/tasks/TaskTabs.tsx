import { Tabs } from 'antd';
import { useAbility } from '../../auth/useAbility';
import { TaskTimelogs } from '../timelogs/TaskTimelogs';
import { TaskActivity } from './TaskActivity';

/** The drawer's bottom tabs: task activity, and the timelogs for those who may read them. */
export function TaskTabs({ taskUuid }: { taskUuid: string }) {
  const ability = useAbility();
  return (
    <Tabs
      className="task-tabs"
      items={[
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
