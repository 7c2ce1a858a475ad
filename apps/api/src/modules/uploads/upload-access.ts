import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { uploads } from '../../db/schema';
import { bearerToken, type Principal } from '../../http/access';
import { notFound, unauthorized } from '../../http/errors';
import { canViewUpload, type UploadViewer } from './holder-access';
import type { UploadRow } from './upload-presenter';

/** The cookie the web app keeps in step with its bearer token, scoped to /api/uploads (see fileCookie.ts on the web). */
export const FILE_COOKIE = 'portal_files';

export const viewerOf = (principal: Principal): UploadViewer => ({ userId: principal.userId, type: principal.type });

/** An upload the caller may see (the uploader, or whoever sees what holds it); otherwise 404, as if it did not exist. */
export async function findVisibleUpload(db: DbExecutor, uuid: string, viewer: UploadViewer): Promise<UploadRow> {
  const [row] = await db.select().from(uploads).where(eq(uploads.uuid, uuid)).limit(1);
  if (!row || !(await canViewUpload(db, viewer, row))) {
    throw notFound();
  }
  return row;
}

function cookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) {
    return null;
  }
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === FILE_COOKIE && value.length) {
      return decodeURIComponent(value.join('='));
    }
  }
  return null;
}

/**
 * The caller of a stable file path (`/api/uploads/{uuid}`). An <img> or a link opened in a new tab cannot send the
 * bearer header, so these GET-only routes also accept the same token from a SameSite=Strict cookie scoped to
 * /api/uploads; they only ever redirect to a short-lived URL of a file the caller may see.
 */
export async function principalOfFileRequest(ctx: AppContext, request: FastifyRequest): Promise<Principal> {
  const token = bearerToken(request) ?? cookieToken(request);
  const principal = token ? await ctx.sessions.resolve(token) : null;
  if (!principal) {
    throw unauthorized();
  }
  return principal;
}
