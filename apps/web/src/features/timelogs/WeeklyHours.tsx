import { formatMinutes, isWeeklyTotalBehind } from '@portal/domain';
import './timelogs.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { LazyPopover } from '../../components/LazyOverlay';
import { WeekBars } from '../dashboard/WeekBars';
import { getWeeklySummary, TIME_LOGS_KEY } from './api';
import { isoToUsDate, isoWeekday } from './timeEntry';

/**
 * Header: this week's logged hours, hh:mm, labelled, red while behind the day's threshold (doc 1 §2, §9). A click
 * opens the week day by day with the expected total.
 */
export function WeeklyHours() {
  const ability = useAbility();
  const summary = useQuery({
    queryKey: [...TIME_LOGS_KEY, 'weekly-summary'],
    queryFn: ({ signal }) => getWeeklySummary(signal),
    enabled: ability.can('TIMELOG_READ'),
    refetchInterval: 5 * 60_000,
    meta: { silentError: true },
  });
  const data = summary.data;
  if (!data) {
    return null;
  }
  // The week and "today" are the agency's (the server's answer), so the weekday threshold matches the server's.
  const behind = isWeeklyTotalBehind(data.total_minutes, isoWeekday(data.today));
  const total = formatMinutes(data.total_minutes);
  const expected = formatMinutes(data.threshold_minutes);
  return (
    <LazyPopover
      trigger="click"
      placement="bottom"
      title={`This week, ${isoToUsDate(data.week_start)} – ${isoToUsDate(data.week_end)}`}
      content={
        <div className="weekly-hours-popover" data-testid="weekly-hours-popover">
          <p>
            <strong className={behind ? 'weekly-hours-behind' : undefined}>{total}</strong> logged, {expected} expected
            by today{behind ? ' — behind' : ''}.
          </p>
          <WeekBars week={data} />
          <Link to="/timelog-report">Open the timelog</Link>
        </div>
      }
    >
      <button
        type="button"
        className={behind ? 'weekly-hours weekly-hours-behind' : 'weekly-hours'}
        data-testid="weekly-hours"
        data-behind={behind ? 'true' : 'false'}
        aria-label={`Hours this week: ${total}, ${expected} expected by today`}
      >
        <span className="weekly-hours-label">Week</span>
        <span data-testid="weekly-hours-total">{total}</span>
      </button>
    </LazyPopover>
  );
}
