import './zod-setup';
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { EMAIL_PATTERN, normalizeEmail } from '../rules/email';
import { isHttpUrl, toE164Phone } from '../rules/links-and-phones';

/** A required text field: trimmed, not empty, bounded. */
export function requiredText(max = 255) {
  return z.string().trim().min(1, MESSAGES.required).max(max, `This field may not be longer than ${max} characters`);
}

export function optionalText(max = 255) {
  return z.string().trim().max(max, `This field may not be longer than ${max} characters`).nullish();
}

/** Every e-mail the API takes, normalised in one place (rules/email.ts: NFKC, invisible characters, case). */
export const emailField = z
  .string()
  .max(1000, MESSAGES.invalidEmail)
  .transform(normalizeEmail)
  .pipe(
    z.string().min(1, MESSAGES.required).max(254, MESSAGES.invalidEmail).regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
  );

/** An http(s) web address (client website, dashboard links); blank clears it (null). Stored trimmed. */
export const httpUrlField = z
  .string()
  .trim()
  .max(2048, 'This field may not be longer than 2048 characters')
  .refine((v) => v === '' || isHttpUrl(v), MESSAGES.invalidUrl)
  .transform((v) => v || null)
  .nullish();

/** A phone number, stored in E.164 (`+14155550100`); blank clears it (null). */
export const phoneField = z
  .string()
  .max(50, 'This field may not be longer than 50 characters')
  .transform((v, ctx) => {
    const text = v.trim();
    if (text === '') {
      return null;
    }
    const e164 = toE164Phone(text);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidPhone });
      return z.NEVER;
    }
    return e164;
  })
  .nullish();

export const uuidParam = z.object({ uuid: z.uuid() });

export const flagSchema = z.enum(['1', '0']);

/** The one error shape of the API. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageBodySchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBodySchema>;

export const listMetaSchema = z.object({
  total: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}

/** `page[size]` / `page[number]` as the call tables write them; the API parses brackets into nested objects. */
export const pageQuerySchema = z
  .object({
    size: z.coerce.number().int().min(1).max(1000).default(50),
    number: z.coerce.number().int().min(1).default(1),
  })
  .default({ size: 50, number: 1 });
