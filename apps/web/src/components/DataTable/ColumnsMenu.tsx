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
