import { describe, expect, it } from 'vitest';
import { findRichTextProblem, RICH_TEXT_LIMITS, RICH_TEXT_MESSAGES, sanitizeRichText } from './delta';
import { catalogueImageUrlSchema, richTextDeltaSchema } from './schema';
import { isOwnUploadUrl, isSafeCatalogueImageUrl, isSafeLinkUrl, sameOriginAs } from './urls';

const UPLOAD = '/api/uploads/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';
const ours = sameOriginAs('https://portal.example');

describe('stored rich text (Quill delta documents)', () => {
  it('accepts what the editor produces: text, sizes, bold/italic/underline, links, lists, images, mentions', () => {
    const delta = {
      ops: [
        { insert: 'Hello ', attributes: { bold: true, size: 'large' } },
        { insert: 'site', attributes: { link: 'https://example.com/a?b=c', underline: true, italic: true } },
        { insert: { image: UPLOAD }, attributes: { alt: 'logo', width: '120' } },
        { insert: { image: `https://portal.example${UPLOAD}/thumb.png` } },
        { insert: { mention: { id: '7', value: 'Ann Lee', denotationChar: '@', type: 'user' } } },
        { insert: 'mail', attributes: { link: 'mailto:ann@example.com' } },
        { insert: '\n', attributes: { list: 'checked' } },
      ],
    };
    expect(findRichTextProblem(delta, { isOwnOrigin: ours })).toBeNull();
  });

  it('refuses an embed the editor cannot render', () => {
    expect(findRichTextProblem({ ops: [{ insert: { video: 'https://x.test/v' } }] })).toBe(
      RICH_TEXT_MESSAGES.unsupportedEmbed('video'),
    );
    expect(findRichTextProblem({ ops: [{ insert: { image: 'a', mention: {} } }] })).toBe(
      RICH_TEXT_MESSAGES.notADocument,
    );
  });

  it('refuses formats the toolbar does not offer and values it cannot produce', () => {
    expect(findRichTextProblem({ ops: [{ insert: 'x', attributes: { header: 1 } }] })).toBe(
      RICH_TEXT_MESSAGES.unsupportedFormat('header'),
    );
    expect(findRichTextProblem({ ops: [{ insert: 'x', attributes: { size: '900px' } }] })).toBe(
      RICH_TEXT_MESSAGES.unsupportedFormat('size'),
    );
    expect(findRichTextProblem({ ops: [{ insert: 'x', attributes: { __proto__: { bold: true } } }] })).toBeNull();
  });

  it('allows links only to http(s) and mailto', () => {
    for (const href of ['javascript:alert(1)', 'data:text/html,<b>x', 'vbscript:x', 'file:///etc/passwd', 'nope']) {
      expect(findRichTextProblem({ ops: [{ insert: 'x', attributes: { link: href } }] }), href).toBe(
        RICH_TEXT_MESSAGES.badLink,
      );
    }
    expect(isSafeLinkUrl('http://example.com')).toBe(true);
  });

  it('allows images only from our own uploads (relative, or on our origin)', () => {
    for (const src of [
      'https://evil.test/api/uploads/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c',
      '//evil.test/api/uploads/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c',
      'data:image/png;base64,AAAA',
      '/api/uploads/not-a-uuid',
      '/api/tasks/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c',
    ]) {
      expect(findRichTextProblem({ ops: [{ insert: { image: src } }] }, { isOwnOrigin: ours }), src).toBe(
        RICH_TEXT_MESSAGES.badImage,
      );
    }
    expect(isOwnUploadUrl(`https://portal.example${UPLOAD}`)).toBe(false);
    expect(isOwnUploadUrl(`https://portal.example${UPLOAD}`, ours)).toBe(true);
  });

  it.each([
    `${UPLOAD}/../../logout`,
    `${UPLOAD}/..`,
    `${UPLOAD}/.`,
    `${UPLOAD}/./original`,
    `${UPLOAD}/%2e%2e/%2e%2e/logout`,
    `${UPLOAD}/.%2e/.%2e/logout`,
    `${UPLOAD}/%2E%2E/%2E%2E/logout`,
    `${UPLOAD}%2f..%2f..%2flogout`,
    `${UPLOAD}/..%2f..%2flogout`,
    `${UPLOAD}/..%5c..%5clogout`,
    `${UPLOAD}/%2Flogout`,
    `${UPLOAD}\\..\\..\\logout`,
    `${UPLOAD}/..\\..\\logout`,
    '/api/uploads/../logout/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c',
    `/api/./uploads/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c`,
    `/api//uploads/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c`,
    `${UPLOAD}//original`,
    `${UPLOAD}/`,
    `${UPLOAD}/ original`,
    `${UPLOAD}/%20`,
    `${UPLOAD}/original#../../logout`,
    `${UPLOAD}?x=1 y`,
    `https://portal.example${UPLOAD}/../../logout`,
    `https://portal.example${UPLOAD}/%2e%2e/%2e%2e/logout`,
    `https://portal.example/api/logout`,
    `https://PORTAL.example${UPLOAD}`,
    `https://portal.example:443${UPLOAD}`,
  ])('refuses an image path that is not a canonical upload path: %s', (src) => {
    expect(isOwnUploadUrl(src, ours)).toBe(false);
    expect(findRichTextProblem({ ops: [{ insert: { image: src } }] }, { isOwnOrigin: ours })).toBe(
      RICH_TEXT_MESSAGES.badImage,
    );
  });

  it.each([
    UPLOAD,
    `${UPLOAD}/original`,
    `${UPLOAD}/thumbnail`,
    `${UPLOAD}/thumb.png`,
    `${UPLOAD}/content?expires=1700000000&signature=abc%2Bdef`,
    `https://portal.example${UPLOAD}/original`,
  ])('accepts a canonical upload path: %s', (src) => {
    expect(isOwnUploadUrl(src, ours)).toBe(true);
  });

  it('refuses retain/delete, stray keys, null characters and mentions without a person', () => {
    expect(findRichTextProblem({ ops: [{ retain: 3 }] })).toBe(RICH_TEXT_MESSAGES.notADocument);
    expect(findRichTextProblem({ ops: [], extra: 1 })).toBe(RICH_TEXT_MESSAGES.notADocument);
    expect(findRichTextProblem([])).toBe(RICH_TEXT_MESSAGES.notADocument);
    expect(findRichTextProblem({ ops: [{ insert: 'a\u0000b' }] })).toBe(RICH_TEXT_MESSAGES.nullCharacter);
    expect(findRichTextProblem({ ops: [{ insert: { mention: { denotationChar: '@' } } }] })).toBe(
      RICH_TEXT_MESSAGES.badMention,
    );
    expect(findRichTextProblem({ ops: [{ insert: { mention: { id: 1, name: 'x', deep: { a: 1 } } } }] })).toBe(
      RICH_TEXT_MESSAGES.badMention,
    );
  });

  it('bounds the size: operations and text length', () => {
    const many = { ops: Array.from({ length: RICH_TEXT_LIMITS.maxOps + 1 }, () => ({ insert: 'a' })) };
    expect(findRichTextProblem(many)).toBe(RICH_TEXT_MESSAGES.tooManyOps);
    const long = { ops: [{ insert: 'a'.repeat(RICH_TEXT_LIMITS.maxTextLength + 1) }] };
    expect(findRichTextProblem(long)).toBe(RICH_TEXT_MESSAGES.tooLong);
  });

  it('checks a 50,000-op document in milliseconds', () => {
    const ops = Array.from({ length: 50_000 }, (_, i) =>
      i % 3 === 0
        ? { insert: `word ${i} `, attributes: { bold: true, link: 'https://example.com/x' } }
        : { insert: 'x' },
    );
    findRichTextProblem({ ops });
    const started = performance.now();
    expect(findRichTextProblem({ ops })).toBeNull();
    // Typically 2–5 ms; generous so a loaded CI machine does not flake.
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('is a zod schema with the problem as the message', () => {
    const result = richTextDeltaSchema().safeParse({ ops: [{ insert: { image: 'javascript:x' } }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(RICH_TEXT_MESSAGES.badImage);
  });
});

describe('sanitizing a stored delta for the editor', () => {
  it('keeps the text and what the editor can render, drops the rest', () => {
    const stored = {
      ops: [
        { insert: 'Keep ', attributes: { bold: true, header: 2 } },
        { insert: { image: 'https://evil.test/x.png' } },
        { insert: { video: 'x' } },
        { retain: 4 },
        { insert: 'link', attributes: { link: 'javascript:alert(1)' } },
        { insert: { image: UPLOAD } },
        '\n',
        { insert: '\n' },
      ],
    };
    expect(sanitizeRichText(stored)).toEqual({
      ops: [
        { insert: 'Keep ', attributes: { bold: true } },
        { insert: 'link' },
        { insert: { image: UPLOAD } },
        { insert: '\n' },
      ],
    });
    expect(sanitizeRichText('not a delta')).toBeNull();
  });
});

describe('catalogue image URLs', () => {
  it('admits https and our uploads, refuses javascript:, data:, http elsewhere', () => {
    expect(isSafeCatalogueImageUrl('https://cdn.example/i.png')).toBe(true);
    expect(isSafeCatalogueImageUrl(UPLOAD)).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      'http://cdn.example/i.png',
      'https://u:p@x.test/',
    ]) {
      expect(catalogueImageUrlSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(catalogueImageUrlSchema.safeParse('').success).toBe(true);
  });

  it('admits an image on our own origin only as a canonical upload path', () => {
    expect(isSafeCatalogueImageUrl(`https://portal.example${UPLOAD}`, ours)).toBe(true);
    for (const bad of [
      `${UPLOAD}/../../logout`,
      `${UPLOAD}/%2e%2e/%2e%2e/logout`,
      `https://portal.example${UPLOAD}/../../logout`,
      'https://portal.example/api/logout',
    ]) {
      expect(isSafeCatalogueImageUrl(bad, ours), bad).toBe(false);
    }
  });
});
