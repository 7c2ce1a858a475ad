import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { TableController } from './useTableState';

const DAY = 'YYYY-MM-DD';

/** A date range bound to two filters of a table (YYYY-MM-DD each, either may be open). */
export function DateRangeFilter({
  table,
  from,
  to,
  label,
  testId,
}: {
  table: TableController;
  from: string;
  to: string;
  label: string;
  testId: string;
}) {
  const start = table.state.filters[from]?.[0];
  const end = table.state.filters[to]?.[0];
  const value = (text: string | undefined) => (text && dayjs(text, DAY, true).isValid() ? dayjs(text, DAY) : null);
  return (
    <DatePicker.RangePicker
      aria-label={label}
      allowEmpty={[true, true]}
      value={[value(start), value(end)]}
      onChange={(range) =>
        table.setFilters({
          [from]: range?.[0] ? [range[0].format(DAY)] : [],
          [to]: range?.[1] ? [range[1].format(DAY)] : [],
        })
      }
      data-testid={testId}
    />
  );
}
