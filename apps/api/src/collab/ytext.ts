import Delta from 'quill-delta';
import * as Y from 'yjs';
import { type Delta as DeltaJson, YTEXT_NAME } from './documents';

/** An empty Quill document: Quill always ends a document with a newline. */
const EMPTY = new Delta([{ insert: '\n' }]);

function asDocument(value: DeltaJson | null | undefined): Delta {
  const delta = new Delta((value?.ops ?? []) as ConstructorParameters<typeof Delta>[0]);
  return delta.length() === 0 ? EMPTY : delta;
}

/** The text of a Yjs document as a Quill delta (what the delta columns store). */
export function documentDelta(doc: Y.Doc): DeltaJson {
  const ops = doc.getText(YTEXT_NAME).toDelta() as DeltaJson['ops'];
  return { ops: ops.length ? ops : [{ insert: '\n' }] };
}

/** A new document's first state, from the object's stored delta. */
export function initialState(delta: DeltaJson | null): Uint8Array {
  const doc = new Y.Doc();
  doc.getText(YTEXT_NAME).applyDelta(asDocument(delta).ops);
  return Y.encodeStateAsUpdate(doc);
}

/**
 * Merges a delta written through the API (PUT tasks/{id}/description-delta) into a document that people may be
 * editing. The writer's change is what turns `base` (the delta it last read: the stored column) into `incoming`;
 * what the editors did since `base` is what turns it into the document's text. The writer's change is transformed
 * over theirs (Quill's operational transform) and applied as one Yjs change, so both survive instead of the
 * later write replacing the earlier.
 */
export function mergeIntoDocument(doc: Y.Doc, base: DeltaJson | null, incoming: DeltaJson | null): void {
  const text = doc.getText(YTEXT_NAME);
  const live = new Delta(text.toDelta());
  const target = asDocument(incoming);
  let change: Delta;
  try {
    const from = asDocument(base);
    change = from.diff(live).transform(from.diff(target), true);
  } catch {
    // Not plain documents (a diff needs inserts only): the write replaces the text.
    change = live.diff(target);
  }
  if (change.ops.length) {
    doc.transact(() => text.applyDelta(change.ops));
  }
}

/** Whether the document's text is the delta's (a null delta is the empty document). */
export function sameText(doc: Y.Doc, delta: DeltaJson | null): boolean {
  return asDocument(documentDelta(doc)).diff(asDocument(delta)).ops.length === 0;
}
