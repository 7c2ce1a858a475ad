import { z } from 'zod';
import { findRichTextProblem, type RichTextCheckOptions } from './delta';
import { isSafeCatalogueImageUrl, type OriginPredicate, sameOriginAs } from './urls';

/**
 * The origins whose absolute `/api/uploads/…` URLs count as ours in the shared contracts. The server sets its
 * APP_URL's origin once at start (`trustOwnOrigins`); until then only relative upload paths are ours.
 */
let contractOrigins: OriginPredicate = () => false;
export function trustOwnOrigins(...urls: string[]): void {
  contractOrigins = sameOriginAs(...urls);
}

/** The origins the contracts trust, for checks outside zod (the request form's rich-text answers). */
export const contractOwnOrigin: OriginPredicate = (origin) => contractOrigins(origin);

/** A zod schema for a stored rich-text delta (422 with the problem as the field's message). */
export function richTextDeltaSchema(options: RichTextCheckOptions = {}) {
  return z.unknown().superRefine((value, ctx) => {
    const problem = findRichTextProblem(value, { isOwnOrigin: options.isOwnOrigin ?? ((o) => contractOrigins(o)) });
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
    }
  });
}

/** The contracts' delta field: a valid document, or null/absent where the field allows it. */
export const richTextDelta = richTextDeltaSchema();

export const CATALOGUE_IMAGE_MESSAGE = 'The image must be an https:// address or a file uploaded here.';

/** Catalogue images (request types and their options): https, or our own uploads. */
export const catalogueImageUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => value === '' || isSafeCatalogueImageUrl(value, (o) => contractOrigins(o)),
    CATALOGUE_IMAGE_MESSAGE,
  );
