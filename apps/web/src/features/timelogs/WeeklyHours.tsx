import { formatMinutes, isWeeklyTotalBehind } from '@portal/domain';
import './timelogs.css';
import { useQuery } from '@tanstack/react-query';
import { Tooltip } from 'antd';
import { useAbility } from '../../auth/useAbility';
import { useLivePollInterval } from '../../live/liveStatus';
import { getWeeklySummary, TIME_LOGS_KEY } from './api';
import { isoWeekday } from './timeEntry';

/** Header: this week's logged hours, hh:mm, red while behind the day's threshold (doc 1 §2, §9). */
export function WeeklyHours() {
  const ability = useAbility();
  const poll = useLivePollInterval(5 * 60_000);
  const summary = useQuery({
    queryKey: [...TIME_LOGS_KEY, 'weekly-summary'],
    queryFn: ({ signal }) => getWeeklySummary(signal),
    enabled: ability.can('TIMELOG_READ'),
    refetchInterval: poll,
    meta: { silentError: true },
  });
  const data = summary.data;
  if (!data) {
    return null;
  }
  // The week and "today" are the agency's (the server's answer), so the weekday threshold matches the server's.
  const behind = isWeeklyTotalBehind(data.total_minutes, isoWeekday(data.today));
  return (
    <Tooltip
      title={`This week (${data.week_start} – ${data.week_end}), ${formatMinutes(data.threshold_minutes)} expected by today`}
    >
      <span
        className={behind ? 'weekly-hours weekly-hours-behind' : 'weekly-hours'}
        data-testid="weekly-hours"
        data-behind={behind ? 'true' : 'false'}
      >
        {formatMinutes(data.total_minutes)}
      </span>
    </Tooltip>
  );
}
