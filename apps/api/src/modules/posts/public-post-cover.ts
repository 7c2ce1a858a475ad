import type { Readable } from 'node:stream';
import { isImageExtension } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { servingOf } from '../uploads/upload-rules';
import { VISIBLE } from './public-posts';

export type PublicCover = { body: Readable; contentType: string; size: number; etag: string };

/**
 * GET public/post-covers/{upload uuid}: the one way the public reaches a file. It answers an upload only while it is
 * the cover ('post_cover') of a post the public may read (the public API's own rule: published, or scheduled and
 * due), and only an image; any other upload — a draft's cover, a released old cover, a task's file — is 404, exactly
 * like an unknown uuid. The bytes come through the server (both storage drivers stream), never a signed storage URL,
 * so what a CDN keeps is this answer and its short max-age, and unpublishing stops it at the origin at once.
 */
export async function openPublicCover(ctx: Pick<AppContext, 'db' | 'storage'>, uuid: string): Promise<PublicCover> {
  const result = await ctx.db.execute<{ url: string; extension: string; size: number }>(sql`
    select u.url, u.extension, u.size::float8 as size from uploads u join posts p on p.id = u.holder_id
    where u.uuid = ${uuid} and u.holder_type = 'post_cover' and u.stated and ${VISIBLE}`);
  const row = result.rows[0];
  if (!row || !isImageExtension(row.extension)) {
    throw notFound();
  }
  const stat = await ctx.storage.stat(row.url);
  if (!stat) {
    throw notFound();
  }
  return {
    body: await ctx.storage.read(row.url),
    contentType: servingOf(row.extension).contentType,
    size: stat.size,
    // An upload's bytes never change (a new cover is a new upload and a new address): its uuid is a strong tag.
    etag: `"${uuid}"`,
  };
}
