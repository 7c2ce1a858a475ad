import { describe, expect, it } from 'vitest';
import { deltaText, sameDelta, toDelta } from './delta';

describe('toDelta', () => {
  it('opens a stored plain-text delta as it is', () => {
    expect(toDelta({ ops: [{ insert: 'Call on Mondays\n' }] })).toEqual({ ops: [{ insert: 'Call on Mondays\n' }] });
  });

  it('keeps formatting attributes', () => {
    const rich = { ops: [{ insert: 'Bold', attributes: { bold: true } }, { insert: '\n' }] };
    expect(toDelta(rich)).toEqual(rich);
  });

  it('falls back to the plain text when there is no usable delta', () => {
    expect(toDelta(null, 'Old notes')).toEqual({ ops: [{ insert: 'Old notes\n' }] });
    expect(toDelta({ ops: [] }, null)).toEqual({ ops: [{ insert: '\n' }] });
    expect(toDelta('garbage', 'x\n')).toEqual({ ops: [{ insert: 'x\n' }] });
  });
});

describe('deltaText', () => {
  it('joins the text inserts and skips embeds', () => {
    expect(deltaText({ ops: [{ insert: 'a' }, { insert: { image: 'x' } }, { insert: 'b\n' }] })).toBe('ab\n');
  });
});

describe('sameDelta', () => {
  it('ignores the order of keys the database returns', () => {
    expect(
      sameDelta(
        { ops: [{ insert: 'a', attributes: { bold: true } }] },
        { ops: [{ attributes: { bold: true }, insert: 'a' }] },
      ),
    ).toBe(true);
    expect(sameDelta({ ops: [{ insert: 'a' }] }, { ops: [{ insert: 'b' }] })).toBe(false);
  });
});
