import { z } from 'zod';
import type { Answers, RequestForm } from './question';
import { answersSchema, requestFormSchema } from './question';

/**
 * A request's description stores the questionnaire as it was answered: the form itself (so later edits of the
 * catalogue do not change what the client saw) and the answers, as JSON. The rich-text delta of the brief is stored
 * beside it (description_delta), not in here.
 */
const storedDescriptionSchema = z.object({ form: requestFormSchema, answers: answersSchema });

export type ParsedDescription = { form: RequestForm; answers: Answers };

export function serializeDescription(form: RequestForm, answers: Answers): string {
  return JSON.stringify({ form, answers });
}

/** The question an unparseable (plain text, legacy) description is shown as: one required paragraph (doc 2 §3). */
export const FALLBACK_DESCRIPTION_QUESTION = {
  name: 'description',
  label: 'Description',
  type: 'textArea',
  required: true,
} as const;

function fallback(text: string): ParsedDescription {
  return {
    form: [{ ...FALLBACK_DESCRIPTION_QUESTION }],
    answers: { description: text.trim() === '' ? null : text },
  };
}

export function parseDescription(text: string | null | undefined): ParsedDescription {
  const raw = text ?? '';
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return fallback(raw);
  }
  const parsed = storedDescriptionSchema.safeParse(json);
  return parsed.success ? parsed.data : fallback(raw);
}
