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
 * only the plain text (delta null): both open; anything unreadable falls back to the plain text.
 */
export function toDelta(stored: unknown, fallbackText?: string | null): RichTextDelta {
  if (stored && typeof stored === 'object' && Array.isArray((stored as { ops?: unknown }).ops)) {
    const ops = (stored as { ops: unknown[] }).ops.filter(
      (op): op is DeltaOp => !!op && typeof op === 'object' && 'insert' in op,
    );
    if (ops.length > 0) {
      return { ops };
    }
  }
  const text = fallbackText ?? '';
  return { ops: [{ insert: text.endsWith('\n') ? text : `${text}\n` }] };
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
