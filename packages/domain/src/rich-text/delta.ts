import { isOwnUploadUrl, isSafeLinkUrl, noOtherOrigin, type OriginPredicate } from './urls';

/**
 * The rich text we store (task descriptions, request briefs and answers, client notes, comments) is a Quill
 * delta document: a list of inserts. Only what the editor can render may be stored — its formats and embeds — so a
 * stored document can never take a screen down, and links and images cannot point somewhere harmful.
 */
export type RichTextOp = { insert: string | Record<string, unknown>; attributes?: Record<string, unknown> };
export type RichTextDelta = { ops: RichTextOp[] };

export const RICH_TEXT_LIMITS = {
  /** Comfortably above a long brief: a 50-page document with rich formatting is ~20,000 operations. */
  maxOps: 100_000,
  maxTextLength: 1_000_000,
  maxUrlLength: 2_048,
  maxMentionFieldLength: 500,
};

export const RICH_TEXT_MESSAGES = {
  notADocument: 'The text must be a rich-text document ({"ops": [{"insert": …}]}).',
  tooManyOps: `The text is too long (at most ${RICH_TEXT_LIMITS.maxOps.toLocaleString('en-US')} parts).`,
  tooLong: `The text is too long (at most ${RICH_TEXT_LIMITS.maxTextLength.toLocaleString('en-US')} characters).`,
  nullCharacter: 'The text contains a null character.',
  unsupportedEmbed: (name: string) => `The text contains content the editor cannot show ('${name}').`,
  unsupportedFormat: (name: string) => `The text uses formatting the editor does not offer ('${name}').`,
  badLink: 'Links must start with http://, https:// or mailto:.',
  badImage: 'Images in the text must be files uploaded here.',
  badMention: 'A mention must name the person (id and name).',
} as const;

type Check = (value: unknown, isOwnOrigin: OriginPredicate) => string | null;

const flag: Check = (value) => (value === true ? null : 'format');
const oneOf =
  (...allowed: string[]): Check =>
  (value) =>
    typeof value === 'string' && allowed.includes(value) ? null : 'format';
const link: Check = (value) =>
  typeof value === 'string' && value.length <= RICH_TEXT_LIMITS.maxUrlLength && isSafeLinkUrl(value)
    ? null
    : RICH_TEXT_MESSAGES.badLink;
const dimension: Check = (value) =>
  (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100_000) ||
  (typeof value === 'string' && /^\d{1,6}(?:\.\d{1,3})?(?:px|%)?$/.test(value))
    ? null
    : 'format';
const shortText: Check = (value) => (typeof value === 'string' && value.length <= 500 ? null : 'format');

/** The toolbar's formats (components/RichTextEditor): sizes, bold/italic/underline, links, the three list kinds. */
const TEXT_FORMATS: Record<string, Check> = {
  bold: flag,
  italic: flag,
  underline: flag,
  size: oneOf('small', 'large', 'huge'),
  link,
  list: oneOf('ordered', 'bullet', 'checked', 'unchecked'),
};
/** Quill's image keeps alt, width and height as attributes; it may carry a link like text. */
const IMAGE_FORMATS: Record<string, Check> = { alt: shortText, width: dimension, height: dimension, link };

const MENTION_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const mention: Check = (value) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return RICH_TEXT_MESSAGES.badMention;
  }
  const fields = Object.entries(value as Record<string, unknown>);
  if (fields.length > 12) {
    return RICH_TEXT_MESSAGES.badMention;
  }
  for (const [key, field] of fields) {
    const primitive =
      field === null ||
      typeof field === 'boolean' ||
      (typeof field === 'number' && Number.isFinite(field)) ||
      (typeof field === 'string' && field.length <= RICH_TEXT_LIMITS.maxMentionFieldLength);
    if (!MENTION_KEY.test(key) || !primitive) {
      return RICH_TEXT_MESSAGES.badMention;
    }
  }
  const m = value as Record<string, unknown>;
  const named = (key: string) => typeof m[key] === 'string' || typeof m[key] === 'number';
  return (named('id') || named('uuid')) && (named('value') || named('name')) ? null : RICH_TEXT_MESSAGES.badMention;
};
const image: Check = (value, isOwnOrigin) =>
  typeof value === 'string' && value.length <= RICH_TEXT_LIMITS.maxUrlLength && isOwnUploadUrl(value, isOwnOrigin)
    ? null
    : RICH_TEXT_MESSAGES.badImage;

/** Embeds the editor renders: our uploaded images and @mentions (denotationChar '@', the person's id and name). */
const EMBEDS: Record<string, Check> = { image, mention };

function checkAttributes(
  attributes: unknown,
  formats: Record<string, Check>,
  isOwnOrigin: OriginPredicate,
): string | null {
  if (attributes === undefined) {
    return null;
  }
  if (!attributes || typeof attributes !== 'object' || Array.isArray(attributes)) {
    return RICH_TEXT_MESSAGES.notADocument;
  }
  for (const name in attributes) {
    const check = Object.hasOwn(formats, name) ? formats[name] : undefined;
    const problem = check ? check((attributes as Record<string, unknown>)[name], isOwnOrigin) : 'format';
    if (problem) {
      return problem === 'format' ? RICH_TEXT_MESSAGES.unsupportedFormat(name.slice(0, 40)) : problem;
    }
  }
  return null;
}

export type RichTextCheckOptions = {
  /** Which absolute origins count as ours for image URLs (relative `/api/uploads/…` always does). */
  isOwnOrigin?: OriginPredicate;
};

/**
 * What is wrong with a stored-to-be delta, or null when it may be stored. One pass, no allocation per op: a
 * 50,000-op document is checked in a few milliseconds.
 */
export function findRichTextProblem(value: unknown, options: RichTextCheckOptions = {}): string | null {
  const isOwnOrigin = options.isOwnOrigin ?? noOtherOrigin;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return RICH_TEXT_MESSAGES.notADocument;
  }
  const ops = (value as { ops?: unknown }).ops;
  if (!Array.isArray(ops)) {
    return RICH_TEXT_MESSAGES.notADocument;
  }
  for (const key in value) {
    if (key !== 'ops') {
      return RICH_TEXT_MESSAGES.notADocument;
    }
  }
  if (ops.length > RICH_TEXT_LIMITS.maxOps) {
    return RICH_TEXT_MESSAGES.tooManyOps;
  }
  let textLength = 0;
  for (const op of ops) {
    if (!op || typeof op !== 'object' || Array.isArray(op)) {
      return RICH_TEXT_MESSAGES.notADocument;
    }
    for (const key in op) {
      if (key !== 'insert' && key !== 'attributes') {
        // retain/delete belong to changes, not to a stored document.
        return RICH_TEXT_MESSAGES.notADocument;
      }
    }
    const { insert, attributes } = op as { insert?: unknown; attributes?: unknown };
    if (typeof insert === 'string') {
      textLength += insert.length;
      if (textLength > RICH_TEXT_LIMITS.maxTextLength) {
        return RICH_TEXT_MESSAGES.tooLong;
      }
      if (insert.includes('\u0000')) {
        return RICH_TEXT_MESSAGES.nullCharacter;
      }
      const problem = checkAttributes(attributes, TEXT_FORMATS, isOwnOrigin);
      if (problem) {
        return problem;
      }
    } else if (insert && typeof insert === 'object' && !Array.isArray(insert)) {
      const names = Object.keys(insert);
      const name = names[0];
      if (names.length !== 1 || name === undefined) {
        return RICH_TEXT_MESSAGES.notADocument;
      }
      const check = Object.hasOwn(EMBEDS, name) ? EMBEDS[name] : undefined;
      if (!check) {
        return RICH_TEXT_MESSAGES.unsupportedEmbed(name.slice(0, 40));
      }
      const problem =
        check((insert as Record<string, unknown>)[name], isOwnOrigin) ??
        checkAttributes(attributes, name === 'image' ? IMAGE_FORMATS : {}, isOwnOrigin);
      if (problem) {
        return problem;
      }
      textLength += 1;
    } else {
      return RICH_TEXT_MESSAGES.notADocument;
    }
  }
  return null;
}

export function isRichTextDelta(value: unknown, options: RichTextCheckOptions = {}): value is RichTextDelta {
  return findRichTextProblem(value, options) === null;
}

/**
 * What the editor can open from any stored value: unknown embeds and formats, unsafe links and foreign images are
 * dropped, text is kept. Used on load, so a document stored before these rules (or by another client) still shows.
 */
export function sanitizeRichText(value: unknown, options: RichTextCheckOptions = {}): RichTextDelta | null {
  const isOwnOrigin = options.isOwnOrigin ?? noOtherOrigin;
  const ops = value && typeof value === 'object' ? (value as { ops?: unknown }).ops : undefined;
  if (!Array.isArray(ops)) {
    return null;
  }
  const kept: RichTextOp[] = [];
  for (const op of ops.slice(0, RICH_TEXT_LIMITS.maxOps)) {
    if (!op || typeof op !== 'object') {
      continue;
    }
    const { insert, attributes } = op as { insert?: unknown; attributes?: unknown };
    let formats = TEXT_FORMATS;
    if (typeof insert === 'string') {
      // keep as is
    } else if (insert && typeof insert === 'object' && !Array.isArray(insert)) {
      const names = Object.keys(insert);
      const name = names[0];
      const check = name !== undefined && names.length === 1 && Object.hasOwn(EMBEDS, name) ? EMBEDS[name] : undefined;
      if (!check || check((insert as Record<string, unknown>)[name as string], isOwnOrigin)) {
        continue;
      }
      formats = name === 'image' ? IMAGE_FORMATS : {};
    } else {
      continue;
    }
    const next: RichTextOp = { insert: insert as RichTextOp['insert'] };
    if (attributes && typeof attributes === 'object' && !Array.isArray(attributes)) {
      const safe: Record<string, unknown> = {};
      for (const [name, attribute] of Object.entries(attributes)) {
        const check = Object.hasOwn(formats, name) ? formats[name] : undefined;
        if (check && !check(attribute, isOwnOrigin)) {
          safe[name] = attribute;
        }
      }
      if (Object.keys(safe).length > 0) {
        next.attributes = safe;
      }
    }
    kept.push(next);
  }
  return kept.length > 0 ? { ops: kept } : null;
}
