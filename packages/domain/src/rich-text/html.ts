import { type RichTextCheckOptions, type RichTextOp, sanitizeRichText } from './delta';

/**
 * Stored rich text as HTML for readers outside the app (the public posts API). The delta is first passed through
 * sanitizeRichText (the same allow-list as every write: unsafe links and foreign images are dropped), then every
 * piece of text and every attribute value is escaped, and only these tags are ever written: p, ol, ul, li, strong,
 * em, u, span (size classes), a (http/https/mailto, rel noopener) and img (our uploads). Nothing from the document
 * becomes a tag name, attribute name or unescaped text.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type Line = { parts: RichTextOp[]; list?: 'ordered' | 'bullet' };

function splitLines(ops: RichTextOp[]): Line[] {
  const lines: Line[] = [];
  let current: RichTextOp[] = [];
  for (const op of ops) {
    if (typeof op.insert !== 'string') {
      current.push(op);
      continue;
    }
    const pieces = op.insert.split('\n');
    pieces.forEach((piece, index) => {
      if (piece) {
        current.push({ insert: piece, attributes: op.attributes });
      }
      if (index < pieces.length - 1) {
        // Quill keeps a line's format (list) on its newline.
        const list = op.attributes?.list;
        lines.push({ parts: current, list: list === 'ordered' ? 'ordered' : list ? 'bullet' : undefined });
        current = [];
      }
    });
  }
  if (current.length) {
    lines.push({ parts: current });
  }
  return lines;
}

function inline(op: RichTextOp, absolute: (url: string) => string): string {
  const attributes = op.attributes ?? {};
  let html: string;
  if (typeof op.insert === 'string') {
    html = escapeHtml(op.insert);
  } else if ('image' in op.insert && typeof op.insert.image === 'string') {
    const alt = typeof attributes.alt === 'string' ? attributes.alt : '';
    html = `<img src="${escapeHtml(absolute(op.insert.image))}" alt="${escapeHtml(alt)}">`;
  } else if ('mention' in op.insert && op.insert.mention && typeof op.insert.mention === 'object') {
    const mention = op.insert.mention as Record<string, unknown>;
    html = escapeHtml(`@${String(mention.value ?? mention.name ?? '')}`);
  } else {
    return '';
  }
  if (attributes.bold === true) {
    html = `<strong>${html}</strong>`;
  }
  if (attributes.italic === true) {
    html = `<em>${html}</em>`;
  }
  if (attributes.underline === true) {
    html = `<u>${html}</u>`;
  }
  if (typeof attributes.size === 'string' && /^(small|large|huge)$/.test(attributes.size)) {
    html = `<span class="ql-size-${attributes.size}">${html}</span>`;
  }
  if (typeof attributes.link === 'string') {
    html = `<a href="${escapeHtml(attributes.link)}" rel="noopener noreferrer nofollow">${html}</a>`;
  }
  return html;
}

/** The document as HTML; `baseUrl` makes our relative upload paths absolute for readers on another site. */
export function richTextToHtml(value: unknown, options: RichTextCheckOptions & { baseUrl?: string } = {}): string {
  const delta = sanitizeRichText(value, options);
  if (!delta) {
    return '';
  }
  const absolute = (url: string) => (url.startsWith('/') && options.baseUrl ? `${options.baseUrl}${url}` : url);
  const out: string[] = [];
  let openList: 'ordered' | 'bullet' | undefined;
  for (const line of splitLines(delta.ops)) {
    const content = line.parts.map((op) => inline(op, absolute)).join('');
    if (line.list !== openList) {
      if (openList) {
        out.push(openList === 'ordered' ? '</ol>' : '</ul>');
      }
      if (line.list) {
        out.push(line.list === 'ordered' ? '<ol>' : '<ul>');
      }
      openList = line.list;
    }
    if (line.list) {
      out.push(`<li>${content}</li>`);
    } else if (content) {
      out.push(`<p>${content}</p>`);
    }
  }
  if (openList) {
    out.push(openList === 'ordered' ? '</ol>' : '</ul>');
  }
  return out.join('');
}

/** The document's plain text (search, feed summaries). */
export function richTextToPlain(value: unknown): string {
  const delta = sanitizeRichText(value);
  if (!delta) {
    return '';
  }
  return delta.ops
    .map((op) => (typeof op.insert === 'string' ? op.insert : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}
