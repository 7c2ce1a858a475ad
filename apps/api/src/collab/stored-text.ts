import {
  contractOwnOrigin,
  findRichTextProblem,
  flattenQuestions,
  parseDescription,
  sanitizeRichText,
  serializeDescription,
} from '@portal/domain';
import type * as Y from 'yjs';
import { type DeltaJson as Delta, documentDelta, mergeIntoDocument } from './ytext';

/** The brief's question in every request form (seed/request-forms/common.ts); its answer is the brief's delta. */
const BRIEF_QUESTION = 'project_brief';

export type CheckedText = { delta: Delta; repaired: boolean } | { problem: string };

/**
 * What a document may store, by the same rich-text rule as every API write (packages/domain/src/rich-text): an
 * editor speaks the Yjs protocol directly, so nothing the web editor refuses (foreign images, unknown formats or
 * embeds, unsafe links) can be trusted to be absent. A document that breaks the rule is repaired in place — the
 * offending formats and embeds removed as one change, so every editor sees the same text — and stored repaired;
 * one that cannot be repaired (over the size limits) is not stored at all.
 */
export function checkDocumentText(document: Y.Doc): CheckedText {
  const delta = documentDelta(document);
  const options = { isOwnOrigin: contractOwnOrigin };
  if (findRichTextProblem(delta, options) === null) {
    return { delta, repaired: false };
  }
  const sanitized = sanitizeRichText(delta, options);
  const problem = sanitized ? findRichTextProblem(sanitized, options) : findRichTextProblem(delta, options);
  if (!sanitized || problem) {
    return { problem: problem ?? 'The text could not be stored.' };
  }
  mergeIntoDocument(document, delta, sanitized);
  return { delta: documentDelta(document), repaired: true };
}

/**
 * A request's brief lives twice: `description_delta` and the `project_brief` answer inside the serialized form
 * (`description`), which the request form, its validation and the print summary read. Both must hold the text the
 * editors typed; a request whose form has no brief question keeps its description.
 */
export function descriptionWithBrief(description: string | null, brief: Delta): string | null {
  if (description === null) {
    return null;
  }
  const { form, answers } = parseDescription(description);
  if (!flattenQuestions(form).some((question) => question.name === BRIEF_QUESTION)) {
    return description;
  }
  return serializeDescription(form, { ...answers, [BRIEF_QUESTION]: brief as never });
}
