import { EditOutlined } from '@ant-design/icons';
import { MESSAGES } from '@portal/domain';
import { Button, Input, InputNumber, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { reportError, reportSuccess } from '../../shell/feedback';
import { updateRow } from './tableApi';

/** How a column's value is edited in place: the field PUT {url}/{uuid} takes, and the input. */
export interface CellEdit {
  field: string;
  input?: 'text' | 'number' | 'select';
  options?: readonly { value: string; label: string }[];
  /** Text fields: refuse an empty value before asking the server. */
  required?: boolean;
  maxLength?: number;
}

/**
 * A cell that turns into an input (its pencil button) and saves its one field through the list's row
 * PUT (doc 2 §7 Tables). Enter or leaving the input saves, Escape cancels; the server's rules and messages apply.
 */
export function EditableCell({
  url,
  uuid,
  edit,
  value,
  label,
  children,
  onSaved,
  testId,
}: {
  url: string;
  uuid: string;
  edit: CellEdit;
  value: unknown;
  label: string;
  children: ReactNode;
  onSaved(): void;
  testId: string;
}) {
  const [draft, setDraft] = useState<unknown>(undefined);
  const [saving, setSaving] = useState(false);
  const editing = draft !== undefined;

  const save = async (next: unknown) => {
    if (saving) {
      return;
    }
    const cleaned = typeof next === 'string' ? next.trim() : next;
    if (cleaned === value || (edit.required && (cleaned === '' || cleaned === null))) {
      setDraft(undefined);
      return;
    }
    setSaving(true);
    try {
      await updateRow(url, uuid, { [edit.field]: cleaned });
      reportSuccess(MESSAGES.changesUpdated);
      onSaved();
      setDraft(undefined);
    } catch (error) {
      reportError(error);
    } finally {
      setSaving(false);
    }
  };
  const keys = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      setDraft(undefined);
    }
  };

  if (editing) {
    const common = { size: 'small' as const, autoFocus: true, disabled: saving, 'aria-label': label };
    if (edit.input === 'select') {
      return (
        <Select
          {...common}
          defaultOpen
          value={draft as string}
          options={edit.options?.map((o) => ({ value: o.value, label: o.label }))}
          onChange={(next: string) => void save(next)}
          onBlur={() => setDraft(undefined)}
          onKeyDown={keys}
          style={{ minWidth: 140 }}
          data-testid={`${testId}-input`}
        />
      );
    }
    if (edit.input === 'number') {
      return (
        <InputNumber
          {...common}
          value={draft as number}
          onChange={(next) => setDraft(next)}
          onPressEnter={() => void save(draft)}
          onBlur={() => void save(draft)}
          onKeyDown={keys}
          data-testid={`${testId}-input`}
        />
      );
    }
    return (
      <Input
        {...common}
        value={draft as string}
        maxLength={edit.maxLength}
        onChange={(event) => setDraft(event.target.value)}
        onPressEnter={() => void save(draft)}
        onBlur={() => void save(draft)}
        onKeyDown={keys}
        data-testid={`${testId}-input`}
      />
    );
  }
  return (
    <span className="data-table-editable">
      {children}
      <Button
        size="small"
        type="text"
        className="data-table-edit"
        icon={<EditOutlined />}
        aria-label={`Edit ${label}`}
        onClick={(event) => {
          event.stopPropagation();
          setDraft(value ?? '');
        }}
        data-testid={`${testId}-edit`}
      />
    </span>
  );
}
