import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { uploads } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { linkInvalid } from './receive-upload';
import { contentDisposition } from './storage/content-disposition';
import { LocalStorage } from './storage/local';
import type { UploadRow } from './upload-presenter';
import { servingOf } from './upload-rules';

/** Download and preview links live a few minutes: long enough to start, short enough not to be shared. */
export const GET_URL_SECONDS = 5 * 60;

export type Variant = 'original' | 'thumbnail';

function servingFor(row: UploadRow, variant: Variant, wantInline: boolean) {
  if (variant === 'thumbnail') {
    return { key: row.thumbnailKey, contentType: 'image/webp', inline: true };
  }
  const serving = servingOf(row.extension);
  return { key: row.url, contentType: serving.contentType, inline: serving.inline && wantInline };
}

/** A short-lived URL serving one upload: inline only when its type is previewable, else always as a download. */
export async function signedUrlFor(
  ctx: AppContext,
  row: UploadRow,
  variant: Variant,
  wantInline: boolean,
): Promise<string> {
  const serving = servingFor(row, variant, wantInline);
  if (!row.stated || !serving.key) {
    throw notFound();
  }
  return ctx.storage.presignGet(serving.key, {
    uploadUuid: row.uuid,
    variant,
    fileName: variant === 'thumbnail' ? `${row.uuid}.webp` : row.name,
    contentType: serving.contentType,
    inline: serving.inline,
    expiresInSeconds: GET_URL_SECONDS,
  });
}

function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) {
    return null;
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) {
    return 'invalid';
  }
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end && start < size ? { start, end } : 'invalid';
}

/**
 * The local driver's signed GET (`/api/uploads/{uuid}/content?variant&disposition&expires&signature`): streams the
 * file with its range support (video seeking). Every answer says nosniff; a type that is not previewable is sent as
 * application/octet-stream attachment, and a sandboxing CSP keeps any document from running on our origin.
 */
export async function serveLocalFile(
  ctx: AppContext,
  reply: FastifyReply,
  uuid: string,
  query: { variant: Variant; disposition: 'inline' | 'attachment'; expires: number; signature: string },
  rangeHeader: string | undefined,
): Promise<FastifyReply> {
  const storage = ctx.storage;
  if (!(storage instanceof LocalStorage)) {
    throw notFound();
  }
  const grant = {
    action: 'get' as const,
    uuid,
    expires: query.expires,
    variant: query.variant,
    disposition: query.disposition,
  };
  if (!(await storage.verify(grant, query.signature))) {
    throw linkInvalid();
  }
  const [row] = await ctx.db.select().from(uploads).where(eq(uploads.uuid, uuid)).limit(1);
  const serving = row ? servingFor(row, query.variant, query.disposition === 'inline') : null;
  const stat = serving?.key ? await storage.stat(serving.key) : null;
  if (!row || !serving?.key || !stat || !row.stated) {
    throw notFound();
  }
  const range = parseRange(rangeHeader, stat.size);
  if (range === 'invalid') {
    throw new AppError(416, 'Range Not Satisfiable', { headers: { 'Content-Range': `bytes */${stat.size}` } });
  }
  reply
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Type', serving.contentType)
    .header(
      'Content-Disposition',
      contentDisposition(
        serving.inline ? 'inline' : 'attachment',
        query.variant === 'thumbnail' ? `${uuid}.webp` : row.name,
      ),
    )
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', 'private, max-age=300');
  if (row.extension === 'pdf' && query.variant === 'original' && serving.inline) {
    // The file viewer shows PDFs in a frame of our own page: only our origin may frame them.
    reply.header('Content-Security-Policy', "frame-ancestors 'self'").header('X-Frame-Options', 'SAMEORIGIN');
  } else {
    reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  }
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('Content-Length', range.end - range.start + 1);
    return reply.send(await storage.read(serving.key, range));
  }
  reply.header('Content-Length', stat.size);
  return reply.send(await storage.read(serving.key));
}
