import { z } from 'zod';
import { MESSAGES } from '../messages';
import { USER_TYPES } from '../user-types';
import { emailField, flagSchema, requiredText } from './common';
import { THEME_CHOICES } from './contacts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const passwordField = z
  .string()
  .min(1, MESSAGES.required)
  .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, MESSAGES.passwordTooLong);

export const loginInputSchema = z.object({
  email: emailField,
  // Any stored password was checked against the rules when set; here only presence and a sane bound matter.
  password: z.string().min(1, MESSAGES.required).max(1024, MESSAGES.invalidCredentials),
  cookie_login: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginInputSchema>;

function withConfirmation<
  T extends z.ZodObject<{ password: typeof passwordField; password_confirmation: z.ZodString }>,
>(schema: T) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    message: MESSAGES.passwordMismatch,
    path: ['password_confirmation'],
  });
}

export const registerInputSchema = withConfirmation(
  z.object({
    name: requiredText(255),
    email: emailField,
    password: passwordField,
    password_confirmation: z.string().min(1, MESSAGES.required),
    /** The token of a customer invite link: the new account is attached to the inviting client. */
    invite_token: z.string().max(200).optional(),
  }),
);
export type RegisterInput = z.input<typeof registerInputSchema>;

export const forgotPasswordInputSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInputSchema>;

export const resetPasswordInputSchema = withConfirmation(
  z.object({
    token: z.string().min(1, MESSAGES.required).max(200, MESSAGES.resetTokenInvalid),
    email: emailField,
    password: passwordField,
    password_confirmation: z.string().min(1, MESSAGES.required),
  }),
);
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>;

/** The signed-in user (doc 1 §3), plus is_super_user so the web app never re-derives the Groups rule. */
export const signedInUserSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  job_title: z.string().nullable(),
  auth_token: z.string().optional(),
  roles: z.array(z.object({ name: z.string() })),
  permissions: z.array(z.object({ name: z.string() })),
  contact: z.object({ uuid: z.uuid(), type: z.enum(USER_TYPES) }),
  preferences: z.object({
    sms_notifications: flagSchema.nullable(),
    push_notifications: flagSchema,
    /** Sent with the user so the chosen colour scheme applies on every device the person signs in on. */
    theme: z.enum(THEME_CHOICES),
  }),
  push_tokens: z.array(z.object({ token: z.string() })),
  is_super_user: z.boolean(),
  /**
   * One of the person's roles requires a second factor and they have none: only enrolment and sign-out answer
   * until they have one (the web shows the enrolment screen instead of the app).
   */
  mfa_enrolment_required: z.boolean(),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

export const userResponseSchema = z.object({ data: signedInUserSchema });

/**
 * POST register: with an invite link the account is signed in at once (the invite was mailed to that address);
 * otherwise the address must be verified first and the answer says to check the mailbox.
 */
export const registerResponseSchema = z.union([
  userResponseSchema,
  z.object({ message: z.string(), verification_required: z.literal(true) }),
]);
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** POST verify-email: the token of the mailed link. */
export const verifyEmailInputSchema = z.object({ token: z.string().min(1, MESSAGES.required).max(200) });

/**
 * POST login answers 202 with this instead of the user when the account's guess ceiling is reached and the device
 * has not signed in to it before: a one-time sign-in link was e-mailed (when the password was right).
 */
export const signInLinkSentSchema = z.object({ message: z.string(), sign_in_link_sent: z.literal(true) });
export type SignInLinkSent = z.infer<typeof signInLinkSentSchema>;

/** POST sign-in-link: the token of the e-mailed sign-in link. */
export const signInLinkInputSchema = z.object({ token: z.string().min(1, MESSAGES.required).max(200) });
export type SignInLinkInput = z.infer<typeof signInLinkInputSchema>;
