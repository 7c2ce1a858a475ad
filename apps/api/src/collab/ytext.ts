import Delta from 'quill-delta';
import * as Y from 'yjs';

/** A stored Quill document as JSON (the delta columns); the lowest layer of collab, so every other file imports it. */
export type DeltaJson = { ops: Record<string, unknown>[] };

/** The Y.Text that y-quill binds on the web (apps/web/src/components/RichTextEditor/collab). */
export const YTEXT_NAME = 'quill';

/**
 * y-quill keeps in the Y.Text the Quill document without its final newline (Quill always ends a document with one,
 * and adds it itself) — unless that newline carries a line format: a list, heading or alignment on the last line is
 * the newline's attribute, and Yjs keeps such a newline in the text (Y.Text's formatText writes it when Quill formats
 * the last line). Quill reads a Y.Text as y-quill's `setContents` does: a text that ends with a newline is the whole
 * document, any other gets the final newline added. The delta columns store whole Quill documents; these helpers
 * move between the two, both ways by that one reading, so a last line's format survives a reload.
 */
const EMPTY = new Delta([{ insert: '\n' }]);

function asDocument(value: DeltaJson | null | undefined): Delta {
  const delta = new Delta((value?.ops ?? []) as ConstructorParameters<typeof Delta>[0]);
  if (delta.length() === 0) {
    return EMPTY;
  }
  const last = delta.ops.at(-1);
  return typeof last?.insert === 'string' && last.insert.endsWith('\n') ? delta : delta.insert('\n');
}

/** The Quill document of a Y.Text: its content, and the final newline unless the content ends with one. */
function textDocument(text: Y.Text): Delta {
  const delta = new Delta(text.toDelta());
  return endsWithNewline(delta) ? delta : delta.insert('\n');
}

function endsWithNewline(delta: Delta): boolean {
  const last = delta.ops.at(-1);
  return typeof last?.insert === 'string' && last.insert.endsWith('\n');
}

/** The text of a Yjs document as a Quill delta (what the delta columns store). */
export function documentDelta(doc: Y.Doc): DeltaJson {
  return { ops: textDocument(doc.getText(YTEXT_NAME)).ops as DeltaJson['ops'] };
}

/** A new document's first state, from the object's stored delta (without Quill's final newline). */
export function initialState(delta: DeltaJson | null): Uint8Array {
  const doc = new Y.Doc();
  const document = asDocument(delta);
  doc.getText(YTEXT_NAME).applyDelta(withoutFinalNewline(document).ops);
  return Y.encodeStateAsUpdate(doc);
}

/**
 * Merges a delta written through the API (PUT tasks/{id}/description-delta) into a document that people may be
 * editing. The writer's change is what turns `base` (the delta it last read: the stored column) into `incoming`;
 * what the editors did since `base` is what turns it into the document's text. The writer's change is transformed
 * over theirs (Quill's operational transform) and applied as one Yjs change, so both survive instead of the
 * later write replacing the earlier. It is computed in the Y.Text's terms (without Quill's final newline).
 */
export function mergeIntoDocument(doc: Y.Doc, base: DeltaJson | null, incoming: DeltaJson | null): void {
  const text = doc.getText(YTEXT_NAME);
  const live = new Delta(text.toDelta());
  const target = withoutFinalNewline(asDocument(incoming));
  let change: Delta;
  try {
    const from = withoutFinalNewline(asDocument(base));
    change = from.diff(live).transform(from.diff(target), true);
  } catch {
    // Not plain documents (a diff needs inserts only): the write replaces the text.
    change = live.diff(target);
  }
  if (change.ops.length) {
    doc.transact(() => text.applyDelta(change.ops));
  }
}

/**
 * A Quill document in the Y.Text's terms: without the final newline when textDocument would add it back (a plain
 * newline after a character other than a newline); a formatted final newline, or a plain one after an empty line,
 * stays in the text.
 */
function withoutFinalNewline(document: Delta): Delta {
  const length = document.length();
  const last = document.slice(length - 1);
  const formatted = last.ops.some((op) => op.attributes && Object.keys(op.attributes).length > 0);
  const rest = document.slice(0, length - 1);
  return !formatted && (rest.length() === 0 || !endsWithNewline(rest)) ? rest : document;
}

/** Whether the document's text is the delta's (a null delta is the empty document). */
export function sameText(doc: Y.Doc, delta: DeltaJson | null): boolean {
  return textDocument(doc.getText(YTEXT_NAME)).diff(asDocument(delta)).ops.length === 0;
}
