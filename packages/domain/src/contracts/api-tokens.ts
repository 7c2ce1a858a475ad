import './zod-setup';
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { requiredText } from './common';

/** What a personal API token may do: `read` answers safe methods only (GET, HEAD, OPTIONS). */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every personal token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'ptk_';

/** The longest a token may live. */
export const API_TOKEN_MAX_DAYS = 366;

export function isApiTokenExpiryAllowed(expiresAt: Date, now: Date = new Date()): boolean {
  const ms = expiresAt.getTime() - now.getTime();
  return ms > 0 && ms <= API_TOKEN_MAX_DAYS * 24 * 60 * 60 * 1000;
}

export const apiTokenInputSchema = z.object({
  name: requiredText(100),
  scope: z.enum(API_TOKEN_SCOPES),
  expires_at: z.iso
    .datetime({ offset: true, message: MESSAGES.apiTokenExpiry })
    .refine((value) => isApiTokenExpiryAllowed(new Date(value)), MESSAGES.apiTokenExpiry),
});
export type ApiTokenInput = z.input<typeof apiTokenInputSchema>;

/** A token as listed: never the token itself. */
export const apiTokenSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListResponseSchema = z.object({ data: z.array(apiTokenSchema) });

/** The create answer is the only place the token appears; only its SHA-256 is stored. */
export const apiTokenCreatedResponseSchema = z.object({ data: apiTokenSchema.extend({ token: z.string() }) });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedResponseSchema>['data'];
