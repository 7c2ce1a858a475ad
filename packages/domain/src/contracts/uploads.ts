import { z } from 'zod';
import { MESSAGES } from '../messages';

/** Doc 2 §7 create-pre-signed-url `type`: a file attached somewhere, or an image inside a rich-text editor. */
export const UPLOAD_TYPES = ['attachment', 'in-message'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Doc 2 §5: images and videos the viewer shows; doc 1 §9 preview extensions (plus webm and ogg, playable videos). */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'mov', 'avi', 'mkv'] as const;
export const PREVIEW_EXTENSIONS = [...IMAGE_EXTENSIONS, ...VIDEO_EXTENSIONS, 'pdf'] as const;

export type PreviewKind = 'image' | 'video' | 'pdf' | null;

/** How the file viewer shows a file of this extension; null = download only. */
export function previewKindOf(extension: string): PreviewKind {
  const ext = extension.toLowerCase();
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
    return 'image';
  }
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) {
    return 'video';
  }
  return ext === 'pdf' ? 'pdf' : null;
}

export function isImageExtension(extension: string): boolean {
  return previewKindOf(extension) === 'image';
}

/** Doc 2 §5: long file names are shortened to 35 characters plus an ellipsis. */
export const FILE_NAME_DISPLAY_LENGTH = 35;
export function shortenFileName(name: string, max = FILE_NAME_DISPLAY_LENGTH): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}

/** The extension of a file name, lower case, or '' when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/**
 * Upload (doc 2 §3, doc 1 §3): uuid, url, extension, size, name, created_at, stated. `url` is the stable path
 * `/api/uploads/{uuid}` (it answers with the file after an access check), so a stored editor delta keeps working;
 * `thumbnail_url` is set for images once their thumbnail exists; `preview` says how the viewer shows it.
 */
export const uploadSchema = z.object({
  uuid: z.uuid(),
  url: z.string(),
  name: z.string(),
  extension: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  stated: z.boolean(),
  thumbnail_url: z.string().nullable(),
  preview: z.enum(['image', 'video', 'pdf']).nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  creator_uuid: z.uuid().nullable(),
});
export type Upload = z.infer<typeof uploadSchema>;

const UPLOAD_IMAGE =
  /^(?:https?:\/\/[^/]+)?\/api\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

/**
 * The upload uuids of the images in a stored delta (`{insert: {image: '/api/uploads/<uuid>'}}`), in order, once
 * each: what the client notes' PUT sends as uploads[] so the server holds exactly the images the notes show.
 */
export function uploadIdsInDelta(delta: unknown): string[] {
  const ops = (delta as { ops?: unknown } | null)?.ops;
  if (!Array.isArray(ops)) {
    return [];
  }
  const ids: string[] = [];
  for (const op of ops) {
    const image = (op as { insert?: { image?: unknown } } | null)?.insert?.image;
    const match = typeof image === 'string' ? UPLOAD_IMAGE.exec(image) : null;
    const id = match?.[1]?.toLowerCase();
    if (id && !ids.includes(id)) {
      ids.push(id);
    }
  }
  return ids;
}

/** Where uploads[] travel on writes (tasks, requests, comments, customers): the uuids of stated uploads. */
export const uploadIdsSchema = z.array(z.uuid()).max(100);

/** POST create-pre-signed-url. */
export const createPresignedUrlSchema = z.object({
  extension: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]{1,10}$/, MESSAGES.uploadExtensionInvalid),
  size: z.number().int().min(1, MESSAGES.uploadEmpty),
  name: z.string().trim().min(1, MESSAGES.required).max(255),
  type: z.enum(UPLOAD_TYPES).default('attachment'),
});
export type CreatePresignedUrlInput = z.input<typeof createPresignedUrlSchema>;

export const presignedUrlResponseSchema = z.object({
  url: z.string(),
  uuid: z.uuid(),
  method: z.literal('PUT'),
  /** Headers the client must send with the PUT. */
  headers: z.record(z.string(), z.string()),
});
export type PresignedUrlResponse = z.infer<typeof presignedUrlResponseSchema>;

/** GET uploads/{uuid}/download: a short-lived URL string. */
export const uploadDownloadResponseSchema = z.object({ data: z.string() });
export const uploadResponseSchema = z.object({ data: uploadSchema });

/**
 * POST {resource}/mass-download: full_download=true with task_ids, request_ids or upload_ids (files chosen in a
 * file list: a task's Assets, a request's uploads, a comment's attachments).
 */
export const massDownloadSchema = z.object({
  full_download: z.literal(true),
  task_ids: z.array(z.uuid()).max(1000).optional(),
  request_ids: z.array(z.uuid()).max(1000).optional(),
  upload_ids: z.array(z.uuid()).max(1000).optional(),
});
export type MassDownloadInput = z.infer<typeof massDownloadSchema>;
