import type { AnswerValue, Question } from '@portal/domain';
import { flattenQuestions } from '@portal/domain';
import { deltaText } from '../../components/RichTextEditor/delta';
import { answerText } from '../requests/form/answerText';
import { priorityLabel } from '../tasks/taskRules';
import { isoToUsDate, usDateTime } from '../timelogs/timeEntry';
import { humanize } from './listQuery';

const NONE = '—';
/** Long text (a description) is summarised: the log says what changed, the item itself holds the whole text. */
const MAX_TEXT = 120;

export type ActivityValueOptions = {
  /** Status values by their labels (tasks and requests name theirs differently). */
  statusLabel?(status: string): string;
  /** The request's questionnaire, so answers read as 'Question: answer'. */
  form?: readonly Question[];
};

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT - 1)}…` : flat;
}

function isDelta(value: object): value is { ops: { insert: unknown }[] } {
  return Array.isArray((value as { ops?: unknown }).ops);
}

function answersText(answers: Record<string, unknown>, form: readonly Question[] | undefined): string {
  const questions = form ? flattenQuestions(form) : [];
  const parts = Object.entries(answers).map(([name, value]) => {
    const question = questions.find((q) => q.name === name);
    const text = question
      ? answerText(question, value as AnswerValue)
      : activityValue(name, value, { form: undefined });
    return `${question?.label || humanize(name)}: ${clip(text)}`;
  });
  return parts.length ? parts.join('; ') : NONE;
}

/**
 * A changed value of a task's or request's activity log as a person reads it (doc 2 §3): statuses and priorities
 * by their labels, people by name, plans/requests/tasks by title, dates MM/DD/YYYY, booleans Yes/No, answers as
 * 'Question: answer', lists joined, and any other object summarised field by field — never raw JSON.
 */
export function activityValue(field: string, value: unknown, options: ActivityValueOptions = {}): string {
  if (value === null || value === undefined || value === '') {
    return NONE;
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  if (field === 'status' && typeof value === 'string') {
    return options.statusLabel ? options.statusLabel(value) : humanize(value);
  }
  if (field === 'priority' && typeof value === 'number') {
    return priorityLabel(value);
  }
  if (typeof value === 'number') {
    return String(value);
  }
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      return isoToUsDate(value);
    }
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
      return usDateTime(value) || value;
    }
    return clip(value);
  }
  if (Array.isArray(value)) {
    return value.length ? value.map((item) => activityValue(field, item, options)).join(', ') : NONE;
  }
  if (typeof value !== 'object') {
    return String(value);
  }
  if (field === 'answers') {
    return answersText(value as Record<string, unknown>, options.form);
  }
  if (isDelta(value)) {
    return clip(deltaText(value as Parameters<typeof deltaText>[0])) || NONE;
  }
  const named = value as { name?: unknown; title?: unknown; subject?: unknown; label?: unknown };
  const name = named.name ?? named.title ?? named.subject ?? named.label;
  if (typeof name === 'string' && name !== '') {
    return name;
  }
  const range = value as { min?: unknown; max?: unknown };
  if ('min' in range && 'max' in range && Object.keys(value).length === 2) {
    return `${activityValue(field, range.min, options)} – ${activityValue(field, range.max, options)}`;
  }
  // Anything else: its fields as 'Label: value', ids and uuids left out (they mean nothing to a reader).
  const parts = Object.entries(value)
    .filter(([key]) => key !== 'id' && key !== 'uuid')
    .map(([key, inner]) => `${humanize(key)}: ${activityValue(key, inner, options)}`);
  return parts.length ? parts.join('; ') : NONE;
}
