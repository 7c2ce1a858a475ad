import {
  addDays,
  type CalendarDate,
  DEFAULT_SCHEDULE_MINUTES,
  isSchedulableDate,
  SCHEDULE_TIME_ZONE,
  scheduleDateOf,
  schedulePresets,
  scheduleSlots,
  zonedTime,
} from '@portal/domain';
import { Button, Modal, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ScheduleCalendar } from './ScheduleCalendar';

const userZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** '8:00 AM' in the user's zone. */
export function formatTime(instant: Date): string {
  return instant.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/** 'Tue, Nov 24, 8:00 AM' in the user's zone. */
export function formatSendAt(instant: Date): string {
  return `${instant.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' })}, ${formatTime(instant)}`;
}

/**
 * Schedule send (doc 2 §2, §9): three presets by day and time (weekends skip to Monday), or 'Pick date & time'.
 * Answers the chosen instant.
 */
export function ScheduleSendDialog({
  open,
  onCancel,
  onPick,
}: {
  open: boolean;
  onCancel(): void;
  onPick(sendAt: Date): void;
}) {
  const [picking, setPicking] = useState(false);
  const presets = useMemo(() => (open ? schedulePresets(new Date(), userZone()) : []), [open]);
  return (
    <>
      <Modal
        open={open && !picking}
        title="Schedule send"
        onCancel={onCancel}
        footer={null}
        width={420}
        destroyOnHidden
        data-testid="schedule-send-dialog"
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {presets.map((preset) => (
            <Button
              key={preset.sendAt.toISOString()}
              block
              onClick={() => onPick(preset.sendAt)}
              style={{ display: 'flex', justifyContent: 'space-between' }}
              data-testid="schedule-preset"
            >
              <span>{preset.label.charAt(0).toUpperCase() + preset.label.slice(1)}</span>
              <Typography.Text type="secondary">{formatSendAt(preset.sendAt)}</Typography.Text>
            </Button>
          ))}
          <Button block type="dashed" onClick={() => setPicking(true)} data-testid="schedule-pick">
            Pick date & time
          </Button>
        </Space>
      </Modal>
      <PickDateTimeDialog
        open={open && picking}
        onCancel={() => setPicking(false)}
        onPick={(sendAt) => {
          setPicking(false);
          onPick(sendAt);
        }}
      />
    </>
  );
}

/**
 * Pick date & time: weekends, past days and today once its working window has passed are disabled; times come in
 * 15-minute steps within 08:00–16:45 New York time (not over lunch), shown in the user's zone; 8:00 AM by default.
 */
export function PickDateTimeDialog({
  open,
  initial,
  onCancel,
  onPick,
}: {
  open: boolean;
  initial?: Date | null;
  onCancel(): void;
  onPick(sendAt: Date): void;
}) {
  const [date, setDate] = useState<CalendarDate | null>(() =>
    initial ? scheduleDateOf(initial) : firstSchedulableDay(),
  );
  const [time, setTime] = useState<string | null>(initial ? initial.toISOString() : null);
  const slots = date ? scheduleSlots(date, new Date()) : [];
  const eight = date ? zonedTime(date, DEFAULT_SCHEDULE_MINUTES, SCHEDULE_TIME_ZONE).getTime() : 0;
  const chosen =
    slots.find((s) => s.toISOString() === time) ?? slots.find((s) => s.getTime() === eight) ?? slots[0] ?? null;
  return (
    <Modal
      open={open}
      title="Pick date & time"
      onCancel={onCancel}
      okText="Schedule send"
      okButtonProps={{ disabled: !chosen, 'data-testid': 'schedule-confirm' } as never}
      onOk={() => chosen && onPick(chosen)}
      width={380}
      destroyOnHidden
      data-testid="pick-date-time-dialog"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <ScheduleCalendar
          value={date}
          onChange={(next) => {
            setDate(next);
            setTime(null);
          }}
        />
        <Select
          value={chosen?.toISOString()}
          onChange={(value) => setTime(value)}
          options={slots.map((slot) => ({ value: slot.toISOString(), label: formatTime(slot) }))}
          placeholder="Time"
          style={{ width: '100%' }}
          data-testid="schedule-time"
        />
        <Typography.Text type="secondary">
          Working hours 8:00 AM – 4:45 PM New York time, shown in your time zone.
        </Typography.Text>
      </Space>
    </Modal>
  );
}

/** Today (New York) when a slot is still ahead, else the next day one can schedule on. */
function firstSchedulableDay(): CalendarDate {
  let day = scheduleDateOf(new Date());
  for (let i = 0; i < 10 && !isSchedulableDate(day, new Date()); i++) {
    day = addDays(day, 1);
  }
  return day;
}
