import type { ReactNode } from 'react';

type Op = { insert?: unknown; attributes?: Record<string, unknown> };
type Line = { parts: ReactNode[]; list: string | null };

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;
const OWN_UPLOAD = /^\/api\/uploads\/[0-9a-f-]{36}/i;

function inline(text: string, attributes: Record<string, unknown> | undefined, key: string): ReactNode {
  let node: ReactNode = text;
  if (attributes?.bold) {
    node = <strong>{node}</strong>;
  }
  if (attributes?.italic) {
    node = <em>{node}</em>;
  }
  if (attributes?.underline) {
    node = <u>{node}</u>;
  }
  const link = attributes?.link;
  if (typeof link === 'string' && SAFE_LINK.test(link)) {
    node = (
      <a href={link} target="_blank" rel="noopener noreferrer">
        {node}
      </a>
    );
  }
  const size = attributes?.size;
  return (
    <span key={key} className={typeof size === 'string' ? `comment-text--${size}` : undefined}>
      {node}
    </span>
  );
}

function embed(insert: Record<string, unknown>, key: string): ReactNode {
  const mention = insert.mention as { value?: unknown; type?: unknown } | undefined;
  if (mention && typeof mention.value === 'string') {
    return (
      <span key={key} className="comment-mention" data-type={String(mention.type ?? '')}>
        @{mention.value}
      </span>
    );
  }
  const image = insert.image;
  if (typeof image === 'string' && OWN_UPLOAD.test(image)) {
    return <img key={key} src={image} alt="" className="comment-image" />;
  }
  return null;
}

/** Lines of a delta: Quill keeps a line's format (list) on the newline that ends it. */
function toLines(ops: Op[]): Line[] {
  const lines: Line[] = [];
  let parts: ReactNode[] = [];
  ops.forEach((op, i) => {
    if (typeof op.insert === 'string') {
      const pieces = op.insert.split('\n');
      pieces.forEach((piece, j) => {
        if (piece) {
          parts.push(inline(piece, op.attributes, `${i}-${j}`));
        }
        if (j < pieces.length - 1) {
          const list = op.attributes?.list;
          lines.push({ parts, list: typeof list === 'string' ? list : null });
          parts = [];
        }
      });
    } else if (op.insert && typeof op.insert === 'object') {
      parts.push(embed(op.insert as Record<string, unknown>, `${i}`));
    }
  });
  if (parts.length) {
    lines.push({ parts, list: null });
  }
  return lines;
}

/**
 * A comment's text, drawn from its delta as React elements (never as HTML): bold, italic, underline, size, safe
 * links, lists, @mentions and our own images. Without a delta, the plain text.
 */
export function CommentText({ delta, text }: { delta: unknown; text: string }) {
  const ops = (delta as { ops?: unknown } | null)?.ops;
  if (!Array.isArray(ops)) {
    return <div className="comment-text">{text}</div>;
  }
  const lines = toLines(ops as Op[]);
  const blocks: ReactNode[] = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i] as Line;
    if (line.list) {
      const kind = line.list;
      const items: ReactNode[] = [];
      while (i < lines.length && lines[i]?.list === kind) {
        items.push(<li key={i}>{lines[i]?.parts}</li>);
        i++;
      }
      blocks.push(kind === 'ordered' ? <ol key={`l${i}`}>{items}</ol> : <ul key={`l${i}`}>{items}</ul>);
    } else {
      blocks.push(<p key={i}>{line.parts.length ? line.parts : '\u00a0'}</p>);
      i++;
    }
  }
  return <div className="comment-text">{blocks}</div>;
}
