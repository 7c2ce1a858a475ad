import { type RichTextOp, sameOriginAs, sanitizeRichText } from '@portal/domain';

/** A Quill delta as stored (notes_delta, description_delta, …): a list of operations. */
export interface DeltaOp {
  insert?: unknown;
  delete?: number;
  retain?: unknown;
  attributes?: Record<string, unknown>;
}
export interface RichTextDelta {
  ops: DeltaOp[];
}

/**
 * Turns a stored delta into one the editor can open. Older records hold `{ops: [{insert}]}` of plain text, some
 * only the plain text (delta null): both open; anything unreadable falls back to the plain text. Whatever the
 * editor cannot render is dropped first — embeds and formats it does not offer (`formats`, the editor's list; by
 * default every one the server accepts), links other than http(s)/mailto, images that are not our uploads — so a
 * bad stored document shows its text instead of taking the screen down.
 */
export function toDelta(stored: unknown, fallbackText?: string | null, formats?: readonly string[]): RichTextDelta {
  const sanitized = sanitizeRichText(stored, { isOwnOrigin: ownOrigin });
  if (sanitized) {
    const ops = formats ? sanitized.ops.flatMap((op) => onlyFormats(op, formats)) : sanitized.ops;
    if (ops.length > 0) {
      return { ops: ops as DeltaOp[] };
    }
  }
  const text = fallbackText ?? '';
  return { ops: [{ insert: text.endsWith('\n') ? text : `${text}\n` }] };
}

const ownOrigin = sameOriginAs(typeof window === 'undefined' ? '' : window.location.origin);

/** The op without the embeds and attributes this editor instance was not given (Quill refuses to render them). */
function onlyFormats(op: RichTextOp, formats: readonly string[]): RichTextOp[] {
  if (typeof op.insert !== 'string' && !Object.keys(op.insert).every((name) => formats.includes(name))) {
    return [];
  }
  if (!op.attributes) {
    return [op];
  }
  const attributes = Object.fromEntries(Object.entries(op.attributes).filter(([name]) => formats.includes(name)));
  return [Object.keys(attributes).length > 0 ? { insert: op.insert, attributes } : { insert: op.insert }];
}

/** The plain text of a delta, as Quill's getText() gives it (embeds count as nothing). */
export function deltaText(delta: RichTextDelta): string {
  return delta.ops.map((op) => (typeof op.insert === 'string' ? op.insert : '')).join('');
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(canonical);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * Whether two deltas are the same document. Key order is ignored because the database (jsonb) gives keys back in
 * its own order, which must not count as an edit.
 */
export function sameDelta(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
