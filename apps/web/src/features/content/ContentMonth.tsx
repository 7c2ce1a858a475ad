import { type ContentItem, PLATFORM_RULES } from '@portal/domain';
import { Button, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * A month grid of the plan's scheduled items (the calendar screen's FullCalendar setup lives inside the calendar
 * feature's page and is not shared; a plain grid keeps this view light and works at 390 px).
 */
export function ContentMonth({
  month,
  onMonth,
  items,
  onOpen,
}: {
  month: Dayjs;
  onMonth(month: Dayjs): void;
  items: ContentItem[];
  onOpen(item: ContentItem): void;
}) {
  const start = month.startOf('month').startOf('week');
  const days = Array.from({ length: 42 }, (_, i) => start.add(i, 'day'));
  const byDay = new Map<string, ContentItem[]>();
  for (const item of items) {
    if (item.scheduled_at) {
      const key = dayjs(item.scheduled_at).format('YYYY-MM-DD');
      byDay.set(key, [...(byDay.get(key) ?? []), item]);
    }
  }
  return (
    <div data-testid="content-calendar">
      <Space style={{ marginBottom: 8 }}>
        <Button onClick={() => onMonth(month.subtract(1, 'month'))}>Previous</Button>
        <Typography.Text strong>{month.format('MMMM YYYY')}</Typography.Text>
        <Button onClick={() => onMonth(month.add(1, 'month'))}>Next</Button>
      </Space>
      <div className="content-month">
        {WEEKDAYS.map((d) => (
          <div key={d} className="content-month-head">
            {d}
          </div>
        ))}
        {days.map((day) => (
          <div
            key={day.toISOString()}
            className={`content-month-day${day.month() === month.month() ? '' : ' is-other'}`}
          >
            <div>{day.date()}</div>
            {(byDay.get(day.format('YYYY-MM-DD')) ?? []).map((item) => (
              <button key={item.uuid} type="button" className="content-month-item" onClick={() => onOpen(item)}>
                {dayjs(item.scheduled_at).format('HH:mm')} {PLATFORM_RULES[item.platform].label}
              </button>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
