import { previewKindOf, type Upload } from '@portal/domain';
import type { uploads } from '../../db/schema';

export type UploadRow = typeof uploads.$inferSelect;

/** The stable path of a file: it answers with the bytes after an access check (uploads.routes.ts). */
export const uploadPath = (uuid: string) => `/api/uploads/${uuid}`;

/**
 * Upload (doc 2 §3), named field by field. `url` is the stable path, never a signed URL, so anything that stores it
 * (an editor delta, a client's notes) keeps working; `creator_uuid` lets the web offer delete to the uploader only.
 */
export function presentUpload(row: UploadRow, creatorUuid: string | null = null): Upload {
  return {
    uuid: row.uuid,
    url: uploadPath(row.uuid),
    name: row.name,
    extension: row.extension,
    size: row.size,
    created_at: row.createdAt.toISOString(),
    stated: row.stated,
    thumbnail_url: row.thumbnailKey ? `${uploadPath(row.uuid)}/thumbnail` : null,
    preview: previewKindOf(row.extension),
    width: row.width,
    height: row.height,
    creator_uuid: creatorUuid,
  };
}
