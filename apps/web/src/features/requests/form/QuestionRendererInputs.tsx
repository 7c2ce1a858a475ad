import type { AnswerValue, Delta, Question, RangeAnswer } from '@portal/domain';
import { formatCurrency, parseCurrency } from '@portal/domain';
import { Input, InputNumber, Space } from 'antd';
import { useContext } from 'react';
import { type RichTextDelta, RichTextEditor } from '../../../components/RichTextEditor';
import { toDelta } from '../../../components/RichTextEditor/delta';
import { CollaborativeBrief, useSharedBrief } from './CollaborativeBrief';
import { type ControlProps, UploadSlotContext } from './QuestionRendererTypes';
import { UploadQuestionControl } from './UploadQuestionControl';

function asText(value: AnswerValue | undefined): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function asNumber(value: AnswerValue | undefined): number | null {
  if (typeof value === 'number') {
    return value;
  }
  return typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : null;
}

function asRange(value: AnswerValue | undefined): RangeAnswer {
  return value && typeof value === 'object' && !Array.isArray(value) && 'min' in value
    ? value
    : { min: null, max: null };
}

/** Currency keeps digits only and shows whole US dollars (doc 2 §5); the answer is the number of dollars. */
function CurrencyInput({
  value,
  onChange,
  readOnly,
  id,
  placeholder,
  testId,
}: {
  value: number | null;
  onChange(amount: number | null): void;
  readOnly: boolean;
  id?: string;
  placeholder?: string;
  testId: string;
}) {
  return (
    <Input
      id={id}
      inputMode="numeric"
      readOnly={readOnly}
      placeholder={placeholder ?? '$0'}
      value={value === null ? '' : formatCurrency(value)}
      onChange={(e) => onChange(parseCurrency(e.target.value))}
      data-testid={testId}
    />
  );
}

/** A number that cannot be negative (doc 2 §5). */
function NumberInput({
  value,
  onChange,
  readOnly,
  id,
  placeholder,
  testId,
}: {
  value: number | null;
  onChange(amount: number | null): void;
  readOnly: boolean;
  id?: string;
  placeholder?: string;
  testId: string;
}) {
  return (
    <InputNumber
      id={id}
      min={0}
      readOnly={readOnly}
      placeholder={placeholder}
      value={value}
      onChange={(next) => onChange(next === null ? null : Math.max(0, Number(next)))}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}

function NumberLike(props: {
  question: Question;
  value: number | null;
  onChange(amount: number | null): void;
  readOnly: boolean;
  id?: string;
  testId: string;
}) {
  const { question, ...rest } = props;
  return question.mask === 'currency' ? (
    <CurrencyInput {...rest} placeholder={question.placeholder} />
  ) : (
    <NumberInput {...rest} placeholder={question.placeholder} />
  );
}

/** input: text (or e-mail, url, phone), a number, a currency amount, or a min–max range of numbers. */
export function InputControl({ question, value, onChange, readOnly, id }: ControlProps) {
  if (question.mode === 'range') {
    const range = asRange(value);
    const side = (key: 'min' | 'max') => (
      <NumberLike
        question={question}
        value={asNumber(range[key])}
        readOnly={readOnly}
        id={key === 'min' ? id : undefined}
        onChange={(amount) => onChange({ ...range, [key]: amount })}
        testId={`input-${question.name}-${key}`}
      />
    );
    return (
      <div className="rq-range">
        {side('min')}
        <span>to</span>
        {side('max')}
      </div>
    );
  }
  if (question.mask === 'currency' || question.inputType === 'number') {
    return (
      <NumberLike
        question={question}
        value={asNumber(value)}
        readOnly={readOnly}
        id={id}
        onChange={onChange}
        testId={`input-${question.name}`}
      />
    );
  }
  return (
    <Input
      id={id}
      type={question.inputType ?? 'text'}
      readOnly={readOnly}
      placeholder={question.placeholder}
      value={asText(value)}
      onChange={(e) => onChange(e.target.value)}
      data-testid={`input-${question.name}`}
    />
  );
}

export function TextAreaControl({ question, value, onChange, readOnly, id }: ControlProps) {
  return (
    <Input.TextArea
      id={id}
      autoSize={{ minRows: 3, maxRows: 12 }}
      readOnly={readOnly}
      placeholder={question.placeholder}
      value={asText(value)}
      onChange={(e) => onChange(e.target.value)}
      data-testid={`input-${question.name}`}
    />
  );
}

/** The answer as the domain stores a delta (each op keeps its insert and attributes only). */
function toAnswerDelta(delta: RichTextDelta): Delta {
  return {
    ops: delta.ops.map((op) =>
      op.attributes ? { insert: op.insert, attributes: op.attributes } : { insert: op.insert },
    ),
  };
}

export function TextEditorControl(props: ControlProps) {
  const { question, value, onChange, readOnly } = props;
  const sharedBrief = useSharedBrief(question.name);
  if (sharedBrief) {
    return <CollaborativeBrief {...props} requestUuid={sharedBrief} />;
  }
  const stored = value && typeof value === 'object' && 'ops' in value ? value : null;
  return (
    <RichTextEditor
      value={stored ?? toDelta(null, typeof value === 'string' ? value : '')}
      readOnly={readOnly}
      placeholder={question.placeholder}
      testId={`editor-${question.name}`}
      onChange={(delta) => onChange(toAnswerDelta(delta))}
    />
  );
}

/** A date (YYYY-MM-DD) whose picker starts at `min`; the browser's picker greys out earlier days. */
function DateInput({
  value,
  onChange,
  readOnly,
  min,
  id,
  testId,
}: {
  value: string | null;
  onChange(next: string | null): void;
  readOnly: boolean;
  min: string;
  id?: string;
  testId: string;
}) {
  return (
    <Input
      id={id}
      type="date"
      min={readOnly ? undefined : min}
      readOnly={readOnly}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      style={{ maxWidth: 200 }}
      data-testid={testId}
    />
  );
}

/** date: a day (past days blocked), a range of days, or a time of day (mode time, HH:MM). */
export function DateControl({ question, value, onChange, readOnly, id, today }: ControlProps) {
  if (question.mode === 'time') {
    return (
      <Input
        id={id}
        type="time"
        readOnly={readOnly}
        value={asText(value)}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        style={{ maxWidth: 160 }}
        data-testid={`input-${question.name}`}
      />
    );
  }
  if (question.mode === 'range') {
    const range = asRange(value);
    const start = typeof range.min === 'string' ? range.min : null;
    const end = typeof range.max === 'string' ? range.max : null;
    return (
      <Space wrap>
        <DateInput
          id={id}
          value={start}
          min={today}
          readOnly={readOnly}
          onChange={(next) => onChange({ ...range, min: next })}
          testId={`input-${question.name}-min`}
        />
        <span>to</span>
        <DateInput
          value={end}
          // The end cannot be before the start either.
          min={start && start > today ? start : today}
          readOnly={readOnly}
          onChange={(next) => onChange({ ...range, max: next })}
          testId={`input-${question.name}-max`}
        />
      </Space>
    );
  }
  return (
    <DateInput
      id={id}
      value={typeof value === 'string' && value !== '' ? value : null}
      min={today}
      readOnly={readOnly}
      onChange={onChange}
      testId={`input-${question.name}`}
    />
  );
}

/** upload: files upload at once; the answer is their uuids (UploadQuestionControl.tsx). */
export function UploadControl(props: ControlProps) {
  const slot = useContext(UploadSlotContext);
  return slot ? slot(props) : <UploadQuestionControl {...props} />;
}
