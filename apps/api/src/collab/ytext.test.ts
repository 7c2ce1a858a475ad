import Delta from 'quill-delta';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { type DeltaJson, documentDelta, initialState, mergeIntoDocument, sameText, YTEXT_NAME } from './ytext';

const docOf = (stored: DeltaJson | null) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, initialState(stored));
  return doc;
};
const bulletLast: DeltaJson = {
  ops: [{ insert: 'Intro\nfirst point' }, { insert: '\n', attributes: { list: 'bullet' } }],
};

/** Moving between a stored Quill document and the Y.Text that y-quill edits (ytext.ts). */
describe('the Y.Text of a Quill document', () => {
  it('keeps a plain document exactly, the final newline outside the text as y-quill expects', () => {
    const stored = { ops: [{ insert: 'Hello ' }, { insert: 'world', attributes: { bold: true } }, { insert: '\n' }] };
    const doc = docOf(stored);
    expect(doc.getText(YTEXT_NAME).toString()).toBe('Hello world');
    expect(documentDelta(doc)).toEqual(stored);
  });

  it('keeps the format of the last line (a list item there is not lost on reload)', () => {
    const doc = docOf(bulletLast);
    expect(documentDelta(doc)).toEqual(bulletLast);
    expect(sameText(doc, bulletLast)).toBe(true);
  });

  it('stores what Quill shows when an editor makes the last line a list (no blank line added)', () => {
    const doc = docOf({ ops: [{ insert: 'Intro\nfirst point\n' }] });
    // y-quill hands Yjs Quill's change as it is: the last line's newline retained with its new format.
    doc.getText(YTEXT_NAME).applyDelta([{ retain: 17 }, { retain: 1, attributes: { list: 'bullet' } }]);
    expect(documentDelta(doc)).toEqual(bulletLast);
  });

  it('keeps empty lines at the end, and the empty document empty', () => {
    const trailing = { ops: [{ insert: 'Done\n\n\n' }] };
    expect(documentDelta(docOf(trailing))).toEqual(trailing);
    const afterList = { ops: [{ insert: 'a' }, { insert: '\n', attributes: { list: 'ordered' } }, { insert: '\n' }] };
    expect(documentDelta(docOf(afterList))).toEqual(afterList);
    const empty = docOf(null);
    expect(empty.getText(YTEXT_NAME).length).toBe(0);
    expect(documentDelta(empty)).toEqual({ ops: [{ insert: '\n' }] });
  });

  it('merges an API write that formats the last line into the live text', () => {
    const base = { ops: [{ insert: 'Intro\nfirst point\n' }] };
    const doc = docOf(base);
    doc.getText(YTEXT_NAME).insert(0, 'Live: ');
    mergeIntoDocument(doc, base, bulletLast);
    expect(documentDelta(doc)).toEqual({
      ops: [{ insert: 'Live: Intro\nfirst point' }, { insert: '\n', attributes: { list: 'bullet' } }],
    });
    expect(new Delta(documentDelta(doc).ops).length()).toBe(24);
  });
});
