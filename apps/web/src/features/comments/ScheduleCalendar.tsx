import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { addDays, type CalendarDate, isSchedulableDate, sameDate, weekdayOf } from '@portal/domain';
import { Button } from 'antd';
import { useState } from 'react';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

/**
 * The Pick date & time calendar: one month of days, those one cannot schedule on (weekends, past days, today once its
 * working window has passed) disabled. Dates are New York calendar dates, as the working hours are.
 */
export function ScheduleCalendar({
  value,
  onChange,
}: {
  value: CalendarDate | null;
  onChange(date: CalendarDate): void;
}) {
  const [month, setMonth] = useState(() => {
    const base = value ?? { year: new Date().getFullYear(), month: new Date().getMonth() + 1, day: 1 };
    return { year: base.year, month: base.month };
  });
  const first: CalendarDate = { year: month.year, month: month.month, day: 1 };
  const lead = weekdayOf(first);
  const days: (CalendarDate | null)[] = Array.from({ length: lead }, () => null);
  for (let d = first; d.month === month.month; d = addDays(d, 1)) {
    days.push(d);
  }
  const shift = (by: number) => {
    const moved = new Date(Date.UTC(month.year, month.month - 1 + by, 1));
    setMonth({ year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1 });
  };
  const now = new Date();
  return (
    <div className="schedule-calendar" data-testid="schedule-calendar">
      <div className="schedule-calendar-head">
        <Button
          size="small"
          type="text"
          icon={<LeftOutlined />}
          onClick={() => shift(-1)}
          aria-label="Previous month"
        />
        <span>
          {MONTHS[month.month - 1]} {month.year}
        </span>
        <Button size="small" type="text" icon={<RightOutlined />} onClick={() => shift(1)} aria-label="Next month" />
      </div>
      <div className="schedule-calendar-grid">
        {DAYS.map((d) => (
          <span key={d} className="schedule-calendar-weekday">
            {d}
          </span>
        ))}
        {days.map((day, i) =>
          day ? (
            <button
              key={`${day.month}-${day.day}`}
              type="button"
              disabled={!isSchedulableDate(day, now)}
              className={value && sameDate(value, day) ? 'schedule-day schedule-day--selected' : 'schedule-day'}
              onClick={() => onChange(day)}
              data-testid={`schedule-day-${day.day}`}
            >
              {day.day}
            </button>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before the first day have no identity
            <span key={`blank-${i}`} />
          ),
        )}
      </div>
    </div>
  );
}
