import { PlusOutlined } from '@ant-design/icons';
import type { Permission } from '@portal/domain';
import { Button, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useAbility } from '../../auth/useAbility';
import { humanize } from './listQuery';
import type { ListState } from './useListState';

/** A list screen's toolbar: the search box (debounced by the list state), then the screen's filters. */
export function ListToolbar({
  list,
  placeholder,
  testId,
  children,
}: {
  list: Pick<ListState<unknown>, 'search' | 'setSearch'>;
  placeholder: string;
  /** The search box's test id. */
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Space wrap className="list-toolbar">
      <Input.Search
        allowClear
        placeholder={placeholder}
        value={list.search}
        onChange={(e) => list.setSearch(e.target.value)}
        style={{ width: 260 }}
        data-testid={testId}
      />
      {children}
    </Space>
  );
}

type Item<T> = T extends readonly (infer V extends string)[] ? V : never;

/** A multi-select filter bound to one filter of a list state (statuses by default); empty means all. */
export function MultiSelectFilter<F, K extends keyof F>({
  list,
  field,
  values,
  label = humanize,
  placeholder = 'All statuses',
  minWidth = 200,
  testId,
}: {
  list: Pick<ListState<F>, 'filters' | 'setFilters'>;
  field: K;
  values: readonly Item<F[K]>[];
  label?(value: Item<F[K]>): string;
  placeholder?: string;
  minWidth?: number;
  testId: string;
}) {
  return (
    <Select<Item<F[K]>[]>
      mode="multiple"
      allowClear
      placeholder={placeholder}
      value={list.filters[field] as Item<F[K]>[]}
      onChange={(next) => list.setFilters({ ...list.filters, [field]: next })}
      options={values.map((v) => ({ value: v, label: label(v) }))}
      style={{ minWidth }}
      data-testid={testId}
    />
  );
}

/** The 'New …' button of a page header, shown only with its permission. */
export function NewButton({
  permission,
  onClick,
  testId,
  children,
}: {
  permission: Permission;
  onClick(): void;
  testId: string;
  children: ReactNode;
}) {
  const ability = useAbility();
  if (!ability.can(permission)) {
    return null;
  }
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}
