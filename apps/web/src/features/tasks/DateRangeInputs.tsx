import { Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { isoToUsDate, usDateToIso } from '../timelogs/timeEntry';

/** One date typed MM/DD/YYYY, reported as YYYY-MM-DD once it is a real date (or null when cleared). */
function UsDateInput({
  value,
  onChange,
  testId,
  placeholder,
  invalid,
}: {
  value: string | null;
  onChange(iso: string | null): void;
  testId: string;
  placeholder: string;
  invalid?: boolean;
}) {
  const [text, setText] = useState(isoToUsDate(value));
  useEffect(() => {
    setText((current) => (usDateToIso(current) === value ? current : isoToUsDate(value)));
  }, [value]);
  const bad = text !== '' && usDateToIso(text) === null;
  return (
    <Input
      value={text}
      placeholder={placeholder}
      status={bad || invalid ? 'error' : undefined}
      onChange={(e) => {
        const next = e.target.value.replace(/[^\d/]/g, '').slice(0, 10);
        setText(next);
        if (next === '') {
          onChange(null);
        } else {
          const iso = usDateToIso(next);
          if (iso) {
            onChange(iso);
          }
        }
      }}
      onBlur={() => setText(isoToUsDate(value))}
      style={{ width: 130 }}
      data-testid={testId}
    />
  );
}

/** Start and due date (doc 2 §2), shown MM/DD/YYYY, sent YYYY-MM-DD. */
export function DateRangeInputs({
  start,
  end,
  onChange,
  invalidEnd,
  disabled,
  testIds = ['task-start-date', 'task-end-date'],
}: {
  start: string | null;
  end: string | null;
  onChange(patch: { start_date?: string | null; end_date?: string | null }): void;
  invalidEnd?: boolean;
  disabled?: boolean;
  testIds?: [string, string];
}) {
  if (disabled) {
    return (
      <span data-testid="task-dates">
        {isoToUsDate(start) || '—'} → {isoToUsDate(end) || '—'}
      </span>
    );
  }
  return (
    <Space.Compact>
      <UsDateInput
        value={start}
        onChange={(iso) => onChange({ start_date: iso })}
        testId={testIds[0]}
        placeholder="Start MM/DD/YYYY"
      />
      <UsDateInput
        value={end}
        onChange={(iso) => onChange({ end_date: iso })}
        testId={testIds[1]}
        placeholder="Due MM/DD/YYYY"
        invalid={invalidEnd}
      />
    </Space.Compact>
  );
}
