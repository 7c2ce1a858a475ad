/**
 * Comment text helpers over the editor's Quill delta (doc 2 §3 text_delta). The delta itself is checked by the shared
 * rich-text rule (rich-text/delta.ts: the editor's formats, safe links, our images, the mention embed); these derive
 * what comments store and send beside it: the plain text, whether anything was written, who is mentioned.
 */

export type CommentDeltaOp = {
  insert?: unknown;
  attributes?: Record<string, unknown>;
  retain?: unknown;
  delete?: unknown;
};
export type CommentDelta = { ops: CommentDeltaOp[] };

/** A comment is at most 20,000 characters of plain text. */
export const COMMENT_TEXT_MAX = 20_000;

/** The plain text of a delta: its text, '@name' for mentions, nothing for images. */
export function deltaPlainText(delta: CommentDelta): string {
  return delta.ops
    .map((op) => {
      if (typeof op.insert === 'string') {
        return op.insert;
      }
      const mention = (op.insert as { mention?: { value?: unknown } } | undefined)?.mention;
      return mention && typeof mention.value === 'string' ? `@${mention.value}` : '';
    })
    .join('')
    .replace(/\n+$/, '');
}

/** Whether a delta holds anything worth sending: text other than whitespace, a mention or an image. */
export function deltaHasContent(delta: CommentDelta): boolean {
  return delta.ops.some((op) => (typeof op.insert === 'string' ? op.insert.trim().length > 0 : op.insert != null));
}

/** A plain text as the editor's delta. */
export function textToDelta(text: string): CommentDelta {
  return { ops: [{ insert: text.endsWith('\n') ? text : `${text}\n` }] };
}

/** The uuids of the people and groups mentioned in a delta, as the editor writes them (mention.id). */
export function deltaMentionIds(delta: CommentDelta): string[] {
  const ids = new Set<string>();
  for (const op of delta.ops) {
    const mention = (op.insert as { mention?: { id?: unknown } } | undefined)?.mention;
    if (mention && typeof mention.id === 'string') {
      ids.add(mention.id);
    }
  }
  return [...ids];
}
