import type { Dashboard, DashboardTask, DashboardTaskGroup } from '@portal/domain';
import { Link } from 'react-router';
import { ColourTag } from '../../components/ColourTag/ColourTag';
import { SpriteIcon } from '../../components/SpriteIcon/SpriteIcon';
import { PRIORITY_OPTIONS, priorityLabel, TASK_STATUS_COLOURS, taskStatusLabel } from '../tasks/taskRules';
import { useOpenTask } from '../tasks/useOpenTask';
import { isoToUsDate } from '../timelogs/timeEntry';
import { DashboardCard } from './DashboardCard';

const GROUPS: { key: DashboardTaskGroup; label: string; empty: string }[] = [
  { key: 'overdue', label: 'Overdue', empty: 'Nothing overdue.' },
  { key: 'today', label: 'Due today', empty: 'Nothing due today.' },
  { key: 'week', label: 'Later this week', empty: 'Nothing else due this week.' },
];

/**
 * The dashboard tasks table (doc 2 §2): a plain table, so the first screen does not load the data-table toolkit.
 * A title opens the task drawer over the dashboard.
 */
function TaskRows({ tasks, label }: { tasks: DashboardTask[]; label: string }) {
  const openTask = useOpenTask();
  return (
    <div className="dashboard-table-scroll">
      <table className="dashboard-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Plan</th>
            <th scope="col">Status</th>
            <th scope="col">Priority</th>
            <th scope="col">Due</th>
          </tr>
        </thead>
        <tbody>
          {tasks.map((task) => (
            <tr key={task.uuid} data-testid="dashboard-task">
              <td>
                <button type="button" className="link-button" onClick={() => openTask(task.uuid)}>
                  {task.title}
                </button>
              </td>
              <td>{task.project.kind === 'personal' ? 'Personal' : task.project.title}</td>
              <td>
                <ColourTag colour={TASK_STATUS_COLOURS[task.status]}>{taskStatusLabel(task.status)}</ColourTag>
              </td>
              <td className="nowrap">
                <SpriteIcon name="FlagFilled" style={{ color: PRIORITY_OPTIONS[task.priority]?.colour }} />{' '}
                {priorityLabel(task.priority)}
              </td>
              <td className="nowrap">{isoToUsDate(task.end_date)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** My open tasks due by the end of the week, most urgent first, in three groups. */
export function DashboardTasks({ tasks }: { tasks: Dashboard['tasks'] }) {
  const total = tasks.overdue.count + tasks.today.count + tasks.week.count;
  return (
    <DashboardCard title="My tasks" testId="dashboard-tasks" wide extra={<Link to="/tasks">All tasks</Link>}>
      {total === 0 ? (
        <p className="dashboard-empty" data-testid="dashboard-tasks-empty">
          No open tasks of yours are due this week.
        </p>
      ) : (
        GROUPS.map((group) => {
          const { count, items } = tasks[group.key];
          return (
            <section key={group.key} className="dashboard-task-group" data-testid={`dashboard-tasks-${group.key}`}>
              <h3 className={group.key === 'overdue' && count > 0 ? 'dashboard-overdue' : undefined}>
                {group.label} <span className="dashboard-count">{count}</span>
              </h3>
              {items.length === 0 ? (
                <p className="dashboard-empty">{group.empty}</p>
              ) : (
                <TaskRows tasks={items} label={group.label} />
              )}
              {count > items.length ? (
                <p className="dashboard-more">
                  {count - items.length} more — <Link to="/tasks">see them in Tasks</Link>
                </p>
              ) : null}
            </section>
          );
        })
      )}
    </DashboardCard>
  );
}
