import Delta from 'quill-delta';
import * as Y from 'yjs';

/** A stored Quill document as JSON (the delta columns); the lowest layer of collab, so every other file imports it. */
export type DeltaJson = { ops: Record<string, unknown>[] };

/** The Y.Text that y-quill binds on the web (apps/web/src/components/RichTextEditor/collab). */
export const YTEXT_NAME = 'quill';

/**
 * y-quill keeps in the Y.Text everything of the Quill document but its final newline (Quill always ends a document
 * with one, and adds it itself). The delta columns store whole Quill documents; these helpers move between the two.
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

/** The Quill document of a Y.Text: its content and the final newline. */
function textDocument(text: Y.Text): Delta {
  return new Delta(text.toDelta()).insert('\n');
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

/** A Quill document in the Y.Text's terms. */
function withoutFinalNewline(document: Delta): Delta {
  return document.slice(0, document.length() - 1);
}

/** Whether the document's text is the delta's (a null delta is the empty document). */
export function sameText(doc: Y.Doc, delta: DeltaJson | null): boolean {
  return textDocument(doc.getText(YTEXT_NAME)).diff(asDocument(delta)).ops.length === 0;
}
