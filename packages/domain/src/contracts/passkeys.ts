import './zod-setup';
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { requiredText } from './common';

/**
 * A WebAuthn answer of the browser (RegistrationResponseJSON / AuthenticationResponseJSON of @simplewebauthn):
 * checked for its outline here, and in full by the server's verification, which refuses anything else.
 */
export const webauthnResponseSchema = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .passthrough();
export type WebauthnResponse = z.input<typeof webauthnResponseSchema>;

/** A passkey as listed on the Security screen: never its key or credential id. */
export const passkeySchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced to the person's other devices (iCloud Keychain, Google Password Manager…). */
  backed_up: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListResponseSchema = z.object({ data: z.array(passkeySchema) });

export const passkeyNameSchema = z.object({ name: requiredText(60) });

/** POST passkeys/registration-verify: the browser's answer and the name the person gave the passkey. */
export const passkeyRegistrationInputSchema = z.object({ name: requiredText(60), response: webauthnResponseSchema });

/**
 * Its answer: the passkey, and — when it is the person's first second factor — ten recovery codes, shown once.
 */
export const passkeyRegisteredResponseSchema = z.object({
  data: passkeySchema.extend({ recovery_codes: z.array(z.string()).nullable() }),
});

/** WebAuthn options as the browser's navigator.credentials call takes them (JSON; see @simplewebauthn/browser). */
export const webauthnOptionsResponseSchema = z.object({ data: z.record(z.string(), z.unknown()) });

/** POST login/passkey/options: the options, and the handle POST login/passkey names them by. */
export const passkeySignInOptionsResponseSchema = z.object({
  data: z.object({ handle: z.string(), options: z.record(z.string(), z.unknown()) }),
});

export const passkeySignInInputSchema = z.object({
  handle: z.string().min(1, MESSAGES.required).max(200, MESSAGES.passkeyRefused),
  assertion: webauthnResponseSchema,
});

/** POST login/second-factor/passkey-options: the sign-in's challenge, as the second step takes it. */
export const passkeyStepOptionsInputSchema = z.object({
  challenge: z.string().min(1, MESSAGES.required).max(200, MESSAGES.secondFactorChallengeInvalid),
});

/** PUT mfa/passkey-sign-in: sign in with a passkey alone (no password), once the person has one. */
export const passkeySignInSettingSchema = z.object({ enabled: z.boolean() });
