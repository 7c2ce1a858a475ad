import type { AnswerValue, Question } from '@portal/domain';
import { formatCurrency, isAnswerEmpty, MESSAGES } from '@portal/domain';
import { deltaText } from '../../../components/RichTextEditor/delta';
import { isoToUsDate } from '../../timelogs/timeEntry';

const NONE = '—';

function one(question: Question, value: string | number): string {
  if (question.type === 'date' && question.mode !== 'time' && typeof value === 'string') {
    return isoToUsDate(value) || value;
  }
  if (question.mask === 'currency' && value !== '' && !Number.isNaN(Number(value))) {
    return formatCurrency(Number(value));
  }
  const option = question.options?.find((o) => o.value === String(value));
  return option ? option.label : String(value);
}

/**
 * An answer as text for the printable summary (doc 2 §2): option labels instead of values, currency as whole
 * dollars, dates MM/DD/YYYY, ranges 'a – b', rich text as its plain text.
 */
export function answerText(question: Question, value: AnswerValue | undefined): string {
  if (question.type === 'upload') {
    const count = Array.isArray(value) ? value.length : 0;
    return count === 0 ? MESSAGES.noFiles : count === 1 ? '1 file' : `${count} files`;
  }
  if (value === undefined || value === null || isAnswerEmpty(value)) {
    return NONE;
  }
  if (typeof value === 'string' || typeof value === 'number') {
    return one(question, value);
  }
  if (Array.isArray(value)) {
    return value.map((v) => one(question, v)).join(', ');
  }
  if ('ops' in value) {
    return deltaText(value).trim();
  }
  const side = (v: string | number | null) => (v === null || v === '' ? NONE : one(question, v));
  return `${side(value.min)} – ${side(value.max)}`;
}
