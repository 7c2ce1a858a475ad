import {
  COMMENT_TEXT_MAX,
  type CommentDelta,
  deltaHasContent,
  deltaMentionIds,
  deltaPlainText,
  findRichTextProblem,
  MESSAGES,
  textToDelta,
} from '@portal/domain';
import { validationError } from '../../http/errors';

export type CommentText = { text: string; delta: CommentDelta; mentionIds: string[] };

/**
 * The stored form of what was sent: the validated delta and its plain-text rendering (doc 2 §3). A delta with
 * anything the editor would not produce (script links, foreign images, unknown embeds, nesting) answers 422; plain
 * text alone is stored as a one-line delta. Empty answers the spec's "Please write a comment before".
 */
export function commentTextFrom(input: { text?: string | undefined; text_delta?: unknown }): CommentText {
  let delta: CommentDelta;
  if (input.text_delta !== undefined && input.text_delta !== null) {
    // The shared rich-text rule (packages/domain/src/rich-text): the editor's formats, safe links, our images.
    const problem = findRichTextProblem(input.text_delta);
    if (problem) {
      throw validationError({ text_delta: [problem] });
    }
    delta = input.text_delta as CommentDelta;
  } else {
    delta = textToDelta(input.text ?? '');
  }
  if (!deltaHasContent(delta)) {
    throw validationError({ text: [MESSAGES.writeCommentFirst] });
  }
  const text = deltaPlainText(delta);
  if (text.length > COMMENT_TEXT_MAX) {
    throw validationError({ text: [`The comment may not be longer than ${COMMENT_TEXT_MAX} characters`] });
  }
  return { text, delta, mentionIds: deltaMentionIds(delta) };
}
