/**
 * The comment editor's Quill delta, checked before it is stored (doc 2 §3 text_delta). Until the shared rich-text
 * validator (packages/domain/src/rich-text/) exists this is the comments' own: only the editor's formats, links only
 * http(s)/mailto, image inserts only our upload URLs (/api/uploads/<uuid>…), a `mention` embed; attribute values are
 * scalars, so nothing nests. Answers the problem in words, or null when the delta is fine.
 */

export type CommentDeltaOp = {
  insert?: unknown;
  attributes?: Record<string, unknown>;
  retain?: unknown;
  delete?: unknown;
};
export type CommentDelta = { ops: CommentDeltaOp[] };

/** Bounds that keep one comment a comment: 20,000 characters of text in at most 5,000 operations. */
export const COMMENT_TEXT_MAX = 20_000;
export const COMMENT_DELTA_MAX_OPS = 5_000;

const INLINE_FORMATS = new Set([
  'bold',
  'italic',
  'underline',
  'strike',
  'link',
  'color',
  'background',
  'size',
  'code',
  'script',
]);
const BLOCK_FORMATS = new Set(['header', 'list', 'align', 'indent', 'blockquote', 'code-block']);
const EMBED_FORMATS = new Set(['width', 'height', 'alt']);
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;
const UPLOAD_URL =
  /^\/api\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:[/?#][^\s"'<>]*)?$/i;

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function checkMention(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'A mention must be an object';
  }
  for (const [key, field] of Object.entries(value)) {
    if (!['id', 'value', 'type', 'denotationChar', 'index'].includes(key) || !isScalar(field)) {
      return 'A mention may carry only id, value, type and denotationChar';
    }
    if (typeof field === 'string' && field.length > 300) {
      return 'A mention is too long';
    }
  }
  return null;
}

function checkInsert(insert: unknown): string | null {
  if (typeof insert === 'string') {
    return null;
  }
  if (typeof insert !== 'object' || insert === null || Array.isArray(insert)) {
    return 'An insert must be text or one embed';
  }
  const entries = Object.entries(insert);
  const [entry] = entries;
  if (!entry || entries.length !== 1) {
    return 'An insert must be text or one embed';
  }
  const [kind, value] = entry;
  if (kind === 'image') {
    return typeof value === 'string' && UPLOAD_URL.test(value) ? null : 'Images must be uploaded files';
  }
  if (kind === 'mention') {
    return checkMention(value);
  }
  return `The embed "${kind.slice(0, 30)}" is not allowed`;
}

function checkAttributes(attributes: unknown): string | null {
  if (attributes === undefined) {
    return null;
  }
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) {
    return 'Attributes must be an object';
  }
  for (const [name, value] of Object.entries(attributes)) {
    if (!INLINE_FORMATS.has(name) && !BLOCK_FORMATS.has(name) && !EMBED_FORMATS.has(name)) {
      return `The format "${name.slice(0, 30)}" is not allowed`;
    }
    if (!isScalar(value) || (typeof value === 'string' && value.length > 2048)) {
      return `The format "${name}" has an invalid value`;
    }
    if (name === 'link' && (typeof value !== 'string' || !SAFE_LINK.test(value.trim()))) {
      return 'Links must start with http://, https:// or mailto:';
    }
  }
  return null;
}

/** The problem with a delta, or null. A comment delta is a document: inserts only. */
export function deltaProblem(delta: unknown): string | null {
  if (typeof delta !== 'object' || delta === null || !Array.isArray((delta as CommentDelta).ops)) {
    return 'The text must be a document';
  }
  const ops = (delta as CommentDelta).ops;
  if (ops.length > COMMENT_DELTA_MAX_OPS) {
    return 'The text is too long';
  }
  for (const op of ops) {
    if (typeof op !== 'object' || op === null || Array.isArray(op)) {
      return 'The text must be a document';
    }
    const keys = Object.keys(op);
    if (!('insert' in op) || keys.some((k) => k !== 'insert' && k !== 'attributes')) {
      return 'The text must be a document';
    }
    const problem = checkInsert(op.insert) ?? checkAttributes(op.attributes);
    if (problem) {
      return problem;
    }
  }
  return null;
}

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
