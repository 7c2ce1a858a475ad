import type { AnswerValue, Question } from '@portal/domain';
import { createContext, type ReactNode } from 'react';

/** What every question control receives: the question, its answer and where to send a new one. */
export interface ControlProps {
  question: Question;
  value: AnswerValue | undefined;
  onChange(value: AnswerValue): void;
  readOnly: boolean;
  /** The control's element id, which the field's label points at. */
  id: string;
  /** Today as YYYY-MM-DD: earlier dates are blocked (doc 2 §5). */
  today: string;
}

/** A message under a field: an error, or the optional-but-empty warning before an alert-submit. */
export interface FieldMessage {
  text: string;
  level: 'error' | 'warning';
}

/** The element id of a question's field (labels point at it; the first invalid one is scrolled to). */
export function questionDomId(name: string): string {
  return `request-question-${name}`;
}

/**
 * Where a questionnaire's upload questions get their control. The signed-in app uploads through the user's session
 * (the default, UploadQuestionControl); a page without a session (a form's share link) puts its own in.
 */
export const UploadSlotContext = createContext<((props: ControlProps) => ReactNode) | null>(null);
