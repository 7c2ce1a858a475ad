import { z } from 'zod';
import { ONBOARDING_LIMITS, ONBOARDING_STATUSES, onboardingItemSchema } from './onboarding';
import { createPresignedUrlSchema } from './uploads';

/** The client's onboarding page (issue 20): what a token opens, with no account. */

/** The public page: what the client sees by the token, with no ids but the items' (which the token scopes). */
export const publicOnboardingItemSchema = onboardingItemSchema.omit({ updated_at: true, files: true }).extend({
  files: z.array(z.object({ uuid: z.uuid(), name: z.string(), size: z.number().int(), extension: z.string() })),
});
export type PublicOnboardingItem = z.infer<typeof publicOnboardingItemSchema>;

export const publicOnboardingSchema = z.object({
  customer_name: z.string(),
  status: z.enum(ONBOARDING_STATUSES),
  progress: z.number().int().min(0).max(100),
  welcome: z
    .object({
      body_delta: z.unknown().nullable(),
      files: z.array(z.object({ name: z.string(), url: z.string(), size: z.number().int(), extension: z.string() })),
    })
    .nullable(),
  schedule_call_link: z.string().nullable(),
  steps: z.array(z.object({ key: z.string(), name: z.string(), done: z.boolean(), current: z.boolean() })),
  /** The information form: the url of a share link made for this client (the forms module's public page). */
  information_form: z
    .object({ name: z.string(), url: z.string(), token: z.string(), answered: z.boolean() })
    .nullable(),
  items: z.array(publicOnboardingItemSchema),
});
export type PublicOnboarding = z.infer<typeof publicOnboardingSchema>;
export const publicOnboardingResponseSchema = z.object({ data: publicOnboardingSchema });

/**
 * PUT public/onboarding/{token}/items/{uuid}: the client hands an item in (status becomes submitted). text and
 * credential: `value`; link_confirmation: `confirmed: true`; file: `upload_uuids` made through the page's uploads.
 */
export const publicOnboardingItemUpdateSchema = z.object({
  value: z.string().max(ONBOARDING_LIMITS.textValueLength).optional(),
  confirmed: z.literal(true).optional(),
  upload_uuids: z.array(z.uuid()).max(ONBOARDING_LIMITS.filesPerItem).optional(),
});
export type PublicOnboardingItemUpdateInput = z.input<typeof publicOnboardingItemUpdateSchema>;
export const publicOnboardingItemResponseSchema = z.object({
  data: z.object({ item: publicOnboardingItemSchema, progress: z.number().int().min(0).max(100) }),
});

/** POST public/onboarding/{token}/uploads: the pre-signed flow scoped to the token (answers presignedUrlResponseSchema). */
export const publicOnboardingUploadSchema = createPresignedUrlSchema.omit({ type: true });
export type PublicOnboardingUploadInput = z.input<typeof publicOnboardingUploadSchema>;

/** The client's page in the web app; the token is the path's last part. */
export const onboardingPageUrl = (appUrl: string, token: string) => `${appUrl}/o/${token}`;
