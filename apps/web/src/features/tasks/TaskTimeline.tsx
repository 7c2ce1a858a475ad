import type { TaskListItem } from '@portal/domain';
import { Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { isoToUsDate, localIsoDate } from '../timelogs/timeEntry';
import { TASK_STATUS_COLOURS, taskStatusLabel } from './taskRules';
import { layoutTimeline } from './timeline';

const BAR_COLOURS: Record<string, string> = {
  default: '#bfbfbf',
  blue: '#1677ff',
  gold: '#faad14',
  cyan: '#13c2c2',
  orange: '#fa8c16',
  green: '#52c41a',
  red: '#ff4d4f',
  success: '#389e0d',
  purple: '#722ed1',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The chart tab: a timeline of tasks from start to due date on one day axis, with today marked (plain CSS). */
export function TaskTimeline({ rows, onOpen }: { rows: TaskListItem[]; onOpen(uuid: string): void }) {
  const layout = useMemo(() => layoutTimeline(rows), [rows]);
  const byUuid = useMemo(() => new Map(rows.map((r) => [r.uuid, r])), [rows]);
  if (!layout) {
    return null;
  }
  const pct = (days: number) => `${(days / layout.days) * 100}%`;
  const today = localIsoDate(new Date());
  const todayOffset = layout.bars.length
    ? (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${layout.start}T00:00:00Z`)) / 86_400_000
    : -1;
  return (
    <div className="timeline" data-testid="tasks-timeline">
      <div className="timeline-row timeline-axis">
        <div className="timeline-label">
          <Typography.Text type="secondary">
            {isoToUsDate(layout.start)} – {layout.days} days
          </Typography.Text>
        </div>
        <div className="timeline-track">
          {layout.months.map((m) => (
            <span key={m.iso} className="timeline-month" style={{ left: pct(m.offset) }}>
              {MONTHS[Number(m.iso.slice(5, 7)) - 1]} {m.iso.slice(0, 4)}
            </span>
          ))}
        </div>
      </div>
      {layout.bars.map((bar) => {
        const task = byUuid.get(bar.uuid);
        if (!task) {
          return null;
        }
        return (
          <div key={bar.uuid} className="timeline-row" data-testid="timeline-row">
            <div className="timeline-label">
              <button type="button" className="link-button" onClick={() => onOpen(task.uuid)}>
                {task.title}
              </button>
            </div>
            <div className="timeline-track">
              {todayOffset >= 0 && todayOffset < layout.days ? (
                <span className="timeline-today" style={{ left: pct(todayOffset + 0.5) }} />
              ) : null}
              <Tooltip
                title={`${taskStatusLabel(task.status)} · ${isoToUsDate(task.start_date) || '?'} → ${isoToUsDate(task.end_date) || '?'}`}
              >
                <button
                  type="button"
                  className={bar.partial ? 'timeline-bar timeline-bar-partial' : 'timeline-bar'}
                  style={{
                    left: pct(bar.offset),
                    width: pct(bar.span),
                    background: BAR_COLOURS[TASK_STATUS_COLOURS[task.status] ?? 'default'],
                  }}
                  onClick={() => onOpen(task.uuid)}
                  aria-label={task.title}
                  data-testid="timeline-bar"
                />
              </Tooltip>
            </div>
          </div>
        );
      })}
      {layout.undated.length ? (
        <Typography.Text type="secondary">{layout.undated.length} tasks without dates are not shown.</Typography.Text>
      ) : null}
    </div>
  );
}
