import { previewKindOf } from '@portal/domain';

/** The real content types of the previewable extensions; they alone are served inline. */
const PREVIEW_CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'video/ogg',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  pdf: 'application/pdf',
};

/**
 * How a file is served. Previewable types go inline with their real type; everything else (html, svg, js, unknown)
 * only as an attachment typed application/octet-stream, so nothing a user uploaded is ever rendered on our origin.
 */
export function servingOf(extension: string): { contentType: string; inline: boolean } {
  const type = PREVIEW_CONTENT_TYPES[extension.toLowerCase()];
  return type ? { contentType: type, inline: true } : { contentType: 'application/octet-stream', inline: false };
}

/** Bidirectional overrides and marks: they make 'evil‮gpj.exe' look like 'evilexe.jpg'. */
const UNSAFE_CHARACTERS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * A file name safe to show and to put in a Content-Disposition: no path, no control or bidi-override characters,
 * at most 200 characters (keeping the extension), never empty.
 */
export function sanitizeFileName(name: string, extension: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base.normalize('NFC')]
    .filter((char) => !UNSAFE_CHARACTERS.test(char) && (char.codePointAt(0) ?? 0) >= 0x20 && char !== '\u007f')
    .join('')
    .replace(/["<>|*?:]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  const fallback = extension ? `file.${extension}` : 'file';
  if (!cleaned) {
    return fallback;
  }
  if (cleaned.length <= 200) {
    return cleaned;
  }
  const suffix = extension ? `.${extension}` : '';
  return `${cleaned.slice(0, 200 - suffix.length)}${suffix}`;
}

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (head: Buffer, text: string, offset = 0) => startsWith(head, [...Buffer.from(text, 'latin1')], offset);

const ZIP = (h: Buffer) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]) || startsWith(h, [0x50, 0x4b, 0x05, 0x06]);
const OLE = (h: Buffer) => startsWith(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const RIFF = (h: Buffer, form: string) => ascii(h, 'RIFF') && ascii(h, form, 8);
const ISO_BMFF = (h: Buffer) =>
  ascii(h, 'ftyp', 4) || ascii(h, 'moov', 4) || ascii(h, 'wide', 4) || ascii(h, 'mdat', 4);
const EBML = (h: Buffer) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]);
/** Text formats: the first bytes hold no NUL (a binary file renamed .txt is refused). */
const TEXT = (h: Buffer) => !h.includes(0);

const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  jpg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  jpeg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  png: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  gif: (h) => ascii(h, 'GIF87a') || ascii(h, 'GIF89a'),
  webp: (h) => RIFF(h, 'WEBP'),
  bmp: (h) => ascii(h, 'BM'),
  tif: (h) => ascii(h, 'II*\u0000') || ascii(h, 'MM\u0000*'),
  tiff: (h) => ascii(h, 'II*\u0000') || ascii(h, 'MM\u0000*'),
  heic: ISO_BMFF,
  pdf: (h) => h.subarray(0, 1024).includes(Buffer.from('%PDF-')),
  mp4: ISO_BMFF,
  m4a: ISO_BMFF,
  m4v: ISO_BMFF,
  mov: ISO_BMFF,
  webm: EBML,
  mkv: EBML,
  avi: (h) => RIFF(h, 'AVI '),
  wav: (h) => RIFF(h, 'WAVE'),
  ogg: (h) => ascii(h, 'OggS'),
  mp3: (h) => ascii(h, 'ID3') || (startsWith(h, [0xff]) && h.length > 1 && ((h[1] ?? 0) & 0xe0) === 0xe0),
  zip: ZIP,
  docx: ZIP,
  xlsx: ZIP,
  pptx: ZIP,
  odt: ZIP,
  ods: ZIP,
  odp: ZIP,
  doc: OLE,
  xls: OLE,
  ppt: OLE,
  rar: (h) => ascii(h, 'Rar!'),
  '7z': (h) => startsWith(h, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
  gz: (h) => startsWith(h, [0x1f, 0x8b]),
  psd: (h) => ascii(h, '8BPS'),
  ai: (h) => ascii(h, '%PDF-') || ascii(h, '%!PS'),
  eps: (h) => ascii(h, '%!PS') || startsWith(h, [0xc5, 0xd0, 0xd3, 0xc6]),
  txt: TEXT,
  csv: TEXT,
  md: TEXT,
  json: TEXT,
  xml: TEXT,
  html: TEXT,
  htm: TEXT,
  svg: TEXT,
  js: TEXT,
  css: TEXT,
  rtf: (h) => ascii(h, '{\\rtf'),
};

/**
 * Whether the first bytes of a file are what its extension claims. Extensions without a known signature are
 * accepted (they are only ever served as attachments).
 */
export function contentMatchesExtension(extension: string, head: Buffer): boolean {
  const check = SIGNATURES[extension.toLowerCase()];
  return check ? check(head) : true;
}

export const isPreviewable = (extension: string) => previewKindOf(extension) !== null;

/** How many leading bytes the signature check needs. */
export const SIGNATURE_BYTES = 4100;
