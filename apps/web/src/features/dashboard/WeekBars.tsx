import './week-bars.css';
import { formatMinutes, type WeeklySummary } from '@portal/domain';

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The week's days as small bars (the longest day fills the height), today marked; shared with the header popover. */
export function WeekBars({ week }: { week: WeeklySummary }) {
  const longest = Math.max(60, ...week.by_day.map((d) => d.minutes));
  return (
    <ol className="week-bars" aria-label="Hours per day">
      {week.by_day.map((day, index) => (
        <li
          key={day.date}
          className={day.date === week.today ? 'week-bar week-bar-today' : 'week-bar'}
          data-testid="week-day"
        >
          <span className="week-bar-track" aria-hidden>
            <span className="week-bar-fill" style={{ height: `${(day.minutes / longest) * 100}%` }} />
          </span>
          <span className="week-bar-value">{formatMinutes(day.minutes)}</span>
          <span className="week-bar-day">{DAY_NAMES[index]}</span>
        </li>
      ))}
    </ol>
  );
}
