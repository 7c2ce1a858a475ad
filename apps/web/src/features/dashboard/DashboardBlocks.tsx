import {
  type Dashboard,
  type DashboardActivity,
  type DashboardRequest,
  formatMinutes,
  type TimeLog,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { Link, useLocation } from 'react-router';
import { ColourTag } from '../../components/ColourTag/ColourTag';
import { SpriteIcon } from '../../components/SpriteIcon/SpriteIcon';
import { PersonName } from '../people/PersonName';
import { REQUEST_STATUS_COLOURS, requestStatusLabel } from '../requests/list/requestRows';
import { StopTimer } from '../timelogs/StopTimer';
import { TimerClock } from '../timelogs/TimerClock';
import { isoToUsDate } from '../timelogs/timeEntry';
import { useTimerActions } from '../timelogs/useTimers';
import { DASHBOARD_KEY } from './api';
import { DashboardCard } from './DashboardCard';
import { activityText, activityVerb, relativeTime } from './dashboardText';
import { WeekBars } from './WeekBars';

/** My running timer, else my latest paused one, with pause / resume and Stop. */
export function TimerBlock({ timer }: { timer: NonNullable<Dashboard['timer']> }) {
  const actions = useTimerActions();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const log: TimeLog | null = timer.current;
  const refresh = { onSettled: () => queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }) };
  const taskLink = (uuid: string) => {
    const params = new URLSearchParams(search);
    params.set('task_uuid', uuid);
    return `${pathname}?${params.toString()}`;
  };
  return (
    <DashboardCard title="Timer" testId="dashboard-timer">
      {log ? (
        <div className="dashboard-timer">
          {log.task ? (
            <Link to={taskLink(log.task.uuid)} data-testid="dashboard-timer-link">
              {log.task.title}
            </Link>
          ) : log.request ? (
            <Link to={`/requests/${log.request.uuid}`} data-testid="dashboard-timer-link">
              {log.request.subject}
            </Link>
          ) : null}
          <div className="dashboard-timer-line">
            <ColourTag colour={log.status === 'running' ? 'green' : 'orange'}>
              {log.status === 'running' ? 'Running' : 'Paused'}
            </ColourTag>
            <TimerClock log={log} testId="dashboard-timer-clock" />
            <Button
              size="small"
              icon={
                log.status === 'running' ? (
                  <SpriteIcon name="PauseOutlined" />
                ) : (
                  <SpriteIcon name="PlayCircleOutlined" />
                )
              }
              loading={actions.pause.isPending || actions.start.isPending}
              onClick={() =>
                log.status === 'running'
                  ? actions.pause.mutate(log, refresh)
                  : actions.start.mutate({ taskUuid: log.task?.uuid ?? '', log }, refresh)
              }
              data-testid="dashboard-timer-toggle"
            >
              {log.status === 'running' ? 'Pause' : 'Resume'}
            </Button>
            <StopTimer
              log={log}
              size="small"
              testId="dashboard-timer-stop"
              onStopped={() => void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY })}
            />
          </div>
          {timer.count > 1 ? (
            <p className="dashboard-more">{timer.count - 1} more open in the header's timers.</p>
          ) : null}
        </div>
      ) : (
        <p className="dashboard-empty" data-testid="dashboard-timer-empty">
          No timer is running. Start one from a task's or a request's time tracking.
        </p>
      )}
    </DashboardCard>
  );
}

/** This week's hours against the weekday's threshold, day by day. */
export function WeekBlock({ week }: { week: NonNullable<Dashboard['week']> }) {
  return (
    <DashboardCard title="This week" testId="dashboard-week" extra={<Link to="/timelog-report">Timelog</Link>}>
      <p className="dashboard-week-total">
        <strong className={week.behind ? 'weekly-hours-behind' : undefined} data-testid="dashboard-week-total">
          {formatMinutes(week.total_minutes)}
        </strong>{' '}
        logged of {formatMinutes(week.threshold_minutes)} expected by today
        {week.behind ? <ColourTag colour="red">Behind</ColourTag> : <ColourTag colour="green">On track</ColourTag>}
      </p>
      <WeekBars week={week} />
    </DashboardCard>
  );
}

function RequestList({ rows, empty, testId }: { rows: DashboardRequest[]; empty: string; testId: string }) {
  if (rows.length === 0) {
    return <p className="dashboard-empty">{empty}</p>;
  }
  return (
    <ul className="dashboard-list" data-testid={testId}>
      {rows.map((row) => (
        <li key={row.uuid}>
          <Link to={`/requests/${row.uuid}`}>{row.subject}</Link>
          <span className="dashboard-meta">
            <ColourTag colour={REQUEST_STATUS_COLOURS[row.status]}>{requestStatusLabel(row.status)}</ColourTag>
            {row.project ? row.project.title : 'No plan'}
            {row.target_date ? ` · due ${isoToUsDate(row.target_date)}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Requests I am responsible for that are new or need attention; new requests on the plans I manage. */
export function RequestsBlock({ requests }: { requests: NonNullable<Dashboard['requests']> }) {
  return (
    <DashboardCard
      title="Requests waiting for me"
      testId="dashboard-requests"
      extra={<Link to="/requests">Requests</Link>}
    >
      <RequestList
        rows={requests.waiting.items}
        empty="No request of yours is new or needs attention."
        testId="dashboard-requests-waiting"
      />
      {requests.waiting.count > requests.waiting.items.length ? (
        <p className="dashboard-more">{requests.waiting.count - requests.waiting.items.length} more in Requests.</p>
      ) : null}
      {requests.new_on_my_plans ? (
        <>
          <h3>
            New on my plans <span className="dashboard-count">{requests.new_on_my_plans.count}</span>
          </h3>
          <RequestList
            rows={requests.new_on_my_plans.items}
            empty="No new requests on the plans you manage."
            testId="dashboard-requests-new"
          />
        </>
      ) : null}
    </DashboardCard>
  );
}

export function MentionsBlock({ unread }: { unread: number }) {
  return (
    <DashboardCard title="Mentions" testId="dashboard-mentions" extra={<Link to="/inbox">Mentions</Link>}>
      {unread > 0 ? (
        <p>
          <Link to="/inbox" data-testid="dashboard-mentions-unread">
            {unread === 1 ? '1 unread mention' : `${unread} unread mentions`}
          </Link>
        </p>
      ) : (
        <p className="dashboard-empty" data-testid="dashboard-mentions-empty">
          No unread mentions.
        </p>
      )}
    </DashboardCard>
  );
}

function subjectLink(entry: DashboardActivity, taskLink: (uuid: string) => string) {
  return entry.subject_type === 'task' ? taskLink(entry.subject.uuid) : `/requests/${entry.subject.uuid}`;
}

/** What others changed recently on the tasks and requests I am on. */
export function ActivityBlock({ activity }: { activity: DashboardActivity[] }) {
  const { pathname, search } = useLocation();
  const taskLink = (uuid: string) => {
    const params = new URLSearchParams(search);
    params.set('task_uuid', uuid);
    return `${pathname}?${params.toString()}`;
  };
  return (
    <DashboardCard title="Recent activity" testId="dashboard-activity">
      {activity.length === 0 ? (
        <p className="dashboard-empty">No recent changes by others to the tasks and requests you are on.</p>
      ) : (
        <ul className="dashboard-list">
          {activity.map((entry) => (
            <li key={entry.id} data-testid="dashboard-activity-entry">
              <span>
                {entry.author ? (
                  <>
                    <PersonName uuid={entry.author.uuid} name={entry.author.name} testId="dashboard-activity-author" />{' '}
                    {activityVerb(entry)}
                  </>
                ) : (
                  activityText(entry)
                )}{' '}
                <Link to={subjectLink(entry, taskLink)}>{entry.subject.title}</Link>
              </span>
              <span className="dashboard-meta">{relativeTime(entry.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
