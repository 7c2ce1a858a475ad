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
  label = placeholder,
  minWidth = 180,
  className = 'data-table-filter',
  single = false,
  searchable = false,
  testId,
}: {
  table: TableController;
  field: string;
  options: readonly { value: string; label: ReactNode }[];
  placeholder: string;
  /** Its accessible name, when it is not the placeholder. */
  label?: string;
  /** null: the width comes from `className` alone. */
  minWidth?: number | null;
  className?: string;
  /** One value at most (a select that may also be cleared). */
  single?: boolean;
  /** Typing narrows the options by their label (long lists: plans, people). */
  searchable?: boolean;
  testId: string;
}) {
  const values = table.state.filters[field] ?? [];
  return (
    <Select<string[] | string | undefined>
      mode={single ? undefined : 'multiple'}
      allowClear
      {...(searchable ? { showSearch: true, optionFilterProp: 'label' } : {})}
      placeholder={placeholder}
      aria-label={label}
      value={single ? values[0] : values}
      onChange={(next) => table.setFilter(field, next === undefined ? [] : Array.isArray(next) ? next : [next])}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      maxTagCount="responsive"
      style={minWidth === null ? undefined : { minWidth }}
      className={className}
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
