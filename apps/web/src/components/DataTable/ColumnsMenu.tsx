import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Tooltip } from 'antd';
import { useState } from 'react';

export interface ColumnOption {
  key: string;
  label: string;
}

/**
 * Which columns show: a checkbox per column that may be hidden. The last shown one cannot be unticked, so the
 * table never ends up with nothing to read. The choice is saved with the table (see embeddedState).
 */
export function ColumnsMenu({
  options,
  hidden,
  onChange,
  testId,
}: {
  options: readonly ColumnOption[];
  hidden: readonly string[];
  onChange(hidden: string[]): void;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const shown = options.filter((option) => !hidden.includes(option.key));
  const toggle = (key: string, show: boolean) =>
    onChange(show ? hidden.filter((k) => k !== key) : [...hidden.filter((k) => k !== key), key]);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      // The menu stays open while columns are ticked one after another; a click elsewhere closes it.
      onOpenChange={(next, info) => {
        if (info.source === 'trigger' || next) {
          setOpen(next);
        }
      }}
      menu={{
        items: options.map((option) => {
          const visible = !hidden.includes(option.key);
          return {
            key: option.key,
            label: (
              <Checkbox
                checked={visible}
                disabled={visible && shown.length === 1}
                data-testid={`${testId}-column-${option.key}`}
              >
                {option.label}
              </Checkbox>
            ),
            disabled: visible && shown.length === 1,
          };
        }),
        onClick: ({ key, domEvent }) => {
          // A click on the checkbox's label would also click its input (a second toggle): the item's click decides.
          domEvent.preventDefault();
          toggle(key, hidden.includes(key));
        },
      }}
    >
      <Tooltip title="Columns">
        <Button icon={<SettingOutlined />} aria-label="Columns" data-testid={`${testId}-columns`} />
      </Tooltip>
    </Dropdown>
  );
}

/**
 * The columns a person may hide: every one with a title but the first, which names the row, and the row's actions
 * (key 'actions'), without which its edit and delete would be gone.
 */
export function hideableColumns(columns: readonly { key: string; title?: unknown }[]): ColumnOption[] {
  return columns
    .slice(1)
    .filter((c) => typeof c.title === 'string' && c.title !== '' && c.key !== 'actions')
    .map((c) => ({ key: c.key, label: c.title as string }));
}

/** The columns shown: a saved hidden key only hides a column that may be hidden (a renamed one is ignored). */
export function shownColumns<C extends { key: string; title?: unknown }>(
  columns: readonly C[],
  hidden: readonly string[],
): C[] {
  const hideable = new Set(hideableColumns(columns).map((c) => c.key));
  return columns.filter((c) => !(hidden.includes(c.key) && hideable.has(c.key)));
}
