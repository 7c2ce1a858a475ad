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

describe('a stored delta the editor cannot render', () => {
  const FORMATS = ['size', 'bold', 'italic', 'underline', 'link', 'list'];

  it('opens with the unknown embeds and formats dropped and the text kept (it used to crash the task drawer)', () => {
    const stored = {
      ops: [
        { insert: 'Brief ', attributes: { bold: true, header: 1 } },
        { insert: { image: 'https://evil.test/pixel.png' } },
        { insert: { video: 'https://evil.test/v' } },
        { insert: 'here', attributes: { link: 'javascript:alert(1)' } },
        { retain: 3 },
        { insert: '\n', attributes: { list: 'bullet' } },
      ],
    };
    expect(toDelta(stored, null, FORMATS)).toEqual({
      ops: [
        { insert: 'Brief ', attributes: { bold: true } },
        { insert: 'here' },
        { insert: '\n', attributes: { list: 'bullet' } },
      ],
    });
  });

  it("drops embeds the server accepts but this editor was not given (our own upload when 'image' is off)", () => {
    const upload = { image: '/api/uploads/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c' };
    expect(toDelta({ ops: [{ insert: upload }, { insert: 'x\n' }] }, null, FORMATS)).toEqual({
      ops: [{ insert: 'x\n' }],
    });
    expect(toDelta({ ops: [{ insert: upload }, { insert: 'x\n' }] }, null, [...FORMATS, 'image']).ops).toHaveLength(2);
  });

  it('falls back to the plain text when nothing renderable is left', () => {
    expect(toDelta({ ops: [{ insert: { formula: 'e=mc^2' } }] }, 'Plain')).toEqual({ ops: [{ insert: 'Plain\n' }] });
  });
});
