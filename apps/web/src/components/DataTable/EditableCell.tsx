import { EditOutlined } from '@ant-design/icons';
import { MESSAGES } from '@portal/domain';
import { Button, Input, InputNumber, Select } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { reportSuccess } from '../../shell/feedback';
import { cellErrorMessage } from './cellError';
import { updateRow } from './tableApi';
import './EditableCell.css';

/** How a column's value is edited in place: the field PUT {url}/{uuid} takes, and the input. */
export interface CellEdit {
  field: string;
  input?: 'text' | 'number' | 'select';
  options?: readonly { value: string; label: string }[];
  /** Text fields: refuse an empty value before asking the server. */
  required?: boolean;
  maxLength?: number;
  /** Text inputs for a value that is not text (a duration as HH:MM): how it is shown in the input and read back. */
  toText?(value: unknown): string;
  fromText?(text: string): unknown;
}

/**
 * A cell that turns into an input (its pencil button) and saves its one field through the list's row
 * PUT (doc 2 §7 Tables). Enter or leaving the input saves, Escape cancels; the server's rules and messages apply.
 * A refusal shows its message under the input and keeps the edit open with what was typed or chosen, so it can be
 * corrected; the same refused value is not sent again on blur.
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
  // Enter and the blur that may follow arrive before a re-render: the ref, not the state, keeps them to one call.
  const inFlight = useRef(false);
  const [refusal, setRefusal] = useState<{ value: unknown; message: string } | null>(null);
  const editing = draft !== undefined;

  const close = () => {
    setDraft(undefined);
    setRefusal(null);
  };
  const change = (next: unknown) => {
    setDraft(next);
    setRefusal(null);
  };
  const save = async (next: unknown) => {
    if (inFlight.current) {
      return;
    }
    const trimmed = typeof next === 'string' ? next.trim() : next;
    const cleaned = edit.fromText && typeof trimmed === 'string' ? edit.fromText(trimmed) : trimmed;
    const unchanged = cleaned === value || (cleaned === '' && value == null);
    if (unchanged || (edit.required && (cleaned === '' || cleaned === null))) {
      close();
      return;
    }
    if (refusal && refusal.value === cleaned) {
      return;
    }
    inFlight.current = true;
    setSaving(true);
    try {
      await updateRow(url, uuid, { [edit.field]: cleaned });
      reportSuccess(MESSAGES.changesUpdated);
      onSaved();
      close();
    } catch (error) {
      const message = cellErrorMessage(error, edit.field);
      setRefusal(message ? { value: cleaned, message } : null);
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };
  const keys = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      close();
    }
  };

  if (editing) {
    // Not disabled while saving (save() ignores a second call): a disabled input drops focus, and after a refusal
    // the person goes on typing, choosing or presses Escape where they were.
    const common = {
      size: 'small' as const,
      autoFocus: true,
      'aria-busy': saving || undefined,
      'aria-label': label,
      'aria-invalid': refusal ? true : undefined,
      status: refusal ? ('error' as const) : undefined,
    };
    let input: ReactNode;
    if (edit.input === 'select') {
      input = (
        <Select
          {...common}
          defaultOpen
          value={draft as string}
          options={edit.options?.map((o) => ({ value: o.value, label: o.label }))}
          onChange={(next: string) => {
            change(next);
            void save(next);
          }}
          // A refused choice stays on screen with its message until another choice or Escape.
          onBlur={() => (refusal ? undefined : close())}
          onKeyDown={keys}
          style={{ minWidth: 140 }}
          data-testid={`${testId}-input`}
        />
      );
    } else if (edit.input === 'number') {
      input = (
        <InputNumber
          {...common}
          value={draft as number}
          onChange={change}
          onPressEnter={() => void save(draft)}
          onBlur={() => void save(draft)}
          onKeyDown={keys}
          data-testid={`${testId}-input`}
        />
      );
    } else {
      input = (
        <Input
          {...common}
          value={draft as string}
          maxLength={edit.maxLength}
          onChange={(event) => change(event.target.value)}
          onPressEnter={() => void save(draft)}
          onBlur={() => void save(draft)}
          onKeyDown={keys}
          data-testid={`${testId}-input`}
        />
      );
    }
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: a double click selecting a word must not reach the row's own double-click (open the task); the input inside is the control.
      <span className="editable-cell-editing" onDoubleClick={(event) => event.stopPropagation()}>
        {input}
        {refusal ? (
          <span role="alert" className="editable-cell-error" data-testid={`${testId}-error`}>
            {refusal.message}
          </span>
        ) : null}
      </span>
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
          setDraft(edit.toText ? edit.toText(value) : (value ?? ''));
        }}
        data-testid={`${testId}-edit`}
      />
    </span>
  );
}
