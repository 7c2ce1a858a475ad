import { z } from 'zod';
import { MESSAGES } from '../messages';
import { webauthnResponseSchema } from './passkeys';

/** A TOTP code (6 digits) or a recovery code (xxxx-xxxx-xxxx-xxxx); spaces and case are forgiven. */
export const secondFactorCodeField = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(40, MESSAGES.secondFactorCodeInvalid)
  .transform((value) => value.replace(/\s+/g, '').toLowerCase());

/** POST login (and sign-in-link) answer 202 with this when the account has a second factor: no token yet. */
/** The ways a person can take the second step: their authenticator app, a passkey, a recovery code. */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery_code'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

export const secondFactorChallengeSchema = z.object({
  message: z.string(),
  second_factor_required: z.literal(true),
  /** Single-use and short-lived; POST login/second-factor spends it with a code or a passkey's assertion. */
  challenge: z.string(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** The second step: the challenge with either a code (TOTP or recovery) or a passkey's assertion. */
export const secondFactorInputSchema = z
  .object({
    challenge: z.string().min(1, MESSAGES.required).max(200, MESSAGES.secondFactorChallengeInvalid),
    code: secondFactorCodeField.optional(),
    assertion: webauthnResponseSchema.optional(),
  })
  .refine((v) => Boolean(v.code) !== Boolean(v.assertion), { message: MESSAGES.required, path: ['code'] });
export type SecondFactorInput = z.input<typeof secondFactorInputSchema>;

/** GET mfa: one's own second-factor state (the Security screen). */
export const mfaStatusSchema = z.object({
  totp: z.boolean(),
  /** How many passkeys the person registered. */
  passkeys: z.number().int(),
  /** They chose to sign in with a passkey alone. */
  passkey_sign_in: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** One of the person's roles requires a second factor (set by admins). */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
export const mfaStatusResponseSchema = z.object({ data: mfaStatusSchema });

/** POST mfa/totp: the secret to scan; shown only now, never again. */
export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** A data: URL of a PNG of the otpauth URL. */
  qr: z.string(),
});
export const totpEnrolmentResponseSchema = z.object({ data: totpEnrolmentSchema });

export const totpCodeInputSchema = z.object({ code: secondFactorCodeField });

/** POST mfa/totp/confirm and POST mfa/recovery-codes: ten single-use codes, shown once. */
export const recoveryCodesResponseSchema = z.object({ data: z.object({ recovery_codes: z.array(z.string()) }) });

/** DELETE mfa/totp: proof that the person at the keyboard owns the account (a current code or the password). */
export const totpDisableInputSchema = z
  .object({ code: secondFactorCodeField.optional(), password: z.string().max(1024).optional() })
  .refine((v) => Boolean(v.code) || Boolean(v.password), {
    message: MESSAGES.secondFactorProofRequired,
    path: ['code'],
  });

/** GET/PUT mfa/required-roles: the roles whose people must use a second factor. */
export const mfaRequiredRolesSchema = z.object({ role_uuids: z.array(z.uuid()).max(500) });
export const mfaRequiredRolesResponseSchema = z.object({ data: mfaRequiredRolesSchema });
