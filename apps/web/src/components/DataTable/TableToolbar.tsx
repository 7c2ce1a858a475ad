import { ReloadOutlined } from '@ant-design/icons';
import { Button, Input, Select, Tooltip } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useDebouncedValue } from '../../search/useDebouncedValue';
import type { TableController } from './useTableState';

/** The search box: typing shows at once, the table (and the address) follow after a 300 ms pause. */
export function TableSearch({
  table,
  placeholder,
  testId,
}: {
  table: TableController;
  placeholder: string;
  testId: string;
}) {
  const [typed, setTyped] = useState(table.state.search);
  const debounced = useDebouncedValue(typed, 300);
  const { search } = table.state;
  const { setSearch } = table;
  // Only a pause in typing commits; a change of the table's search from elsewhere is followed below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the debounced text only.
  useEffect(() => {
    if (debounced !== search) {
      setSearch(debounced);
    }
  }, [debounced]);
  // The search changed from outside (back/forward, Reset): the box shows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the table's search only.
  useEffect(() => {
    if (search !== debounced) {
      setTyped(search);
    }
  }, [search]);
  return (
    <Input.Search
      allowClear
      placeholder={placeholder}
      value={typed}
      onChange={(event) => setTyped(event.target.value)}
      onSearch={(value) => setSearch(value)}
      className="data-table-search"
      aria-label={placeholder}
      data-testid={testId}
    />
  );
}

/** A multi-select bound to one filter of a table; empty means every value. */
export function FilterSelect({
  table,
  field,
  options,
  placeholder,
  minWidth = 180,
  single = false,
  testId,
}: {
  table: TableController;
  field: string;
  options: readonly { value: string; label: ReactNode }[];
  placeholder: string;
  minWidth?: number;
  /** One value at most (a select that may also be cleared). */
  single?: boolean;
  testId: string;
}) {
  const values = table.state.filters[field] ?? [];
  return (
    <Select<string[] | string | undefined>
      mode={single ? undefined : 'multiple'}
      allowClear
      placeholder={placeholder}
      aria-label={placeholder}
      value={single ? values[0] : values}
      onChange={(next) => table.setFilter(field, next === undefined ? [] : Array.isArray(next) ? next : [next])}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      maxTagCount="responsive"
      style={{ minWidth }}
      className="data-table-filter"
      data-testid={testId}
    />
  );
}

/** Search and filters on the left; the screen's extras, Reload and Export on the right; wraps on a phone. */
export function TableToolbar({
  left,
  right,
  onReload,
  reloading,
  testId,
}: {
  left?: ReactNode;
  right?: ReactNode;
  onReload(): void;
  reloading: boolean;
  testId: string;
}) {
  return (
    <div className="data-table-toolbar">
      <div className="data-table-toolbar-left">{left}</div>
      <div className="data-table-toolbar-right">
        {right}
        <Tooltip title="Reload">
          <Button
            icon={<ReloadOutlined spin={reloading} />}
            onClick={onReload}
            aria-label="Reload"
            data-testid={`${testId}-reload`}
          />
        </Tooltip>
      </div>
    </div>
  );
}
