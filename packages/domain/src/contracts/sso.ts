import { z } from 'zod';
import { MESSAGES } from '../messages';

/**
 * Why a single sign-on did not finish: GET sso/callback sends the browser to /login?sso_error=<code> and the login
 * page shows the message. One code per thing the person can act on; everything else (a tampered state or nonce, a
 * refused code exchange, the provider unreachable) is `failed`.
 */
export const SSO_ERRORS = {
  failed: MESSAGES.ssoFailed,
  email_unverified: MESSAGES.ssoEmailUnverified,
  domain_not_allowed: MESSAGES.ssoDomainNotAllowed,
  no_account: MESSAGES.ssoNoAccount,
  account_inactive: MESSAGES.ssoAccountInactive,
} as const;
export type SsoError = keyof typeof SSO_ERRORS;

export function ssoErrorMessage(code: string | null): string | null {
  if (code === null) {
    return null;
  }
  return Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code as SsoError] : MESSAGES.ssoFailed;
}

/** POST sso/exchange: the one-time hand-off code sso/callback put in the web app's /sign-in/sso?token=… */
export const ssoExchangeInputSchema = z.object({ token: z.string().min(1, MESSAGES.required).max(200) });
export type SsoExchangeInput = z.infer<typeof ssoExchangeInputSchema>;

/**
 * Administration powers an account made on first single sign-on (SSO_JIT_ROLE) may never hold: changing roles or
 * types, and managing people's logins. A JIT role holding any of them is refused, so a setting cannot turn
 * "anyone at our domain" into "anyone at our domain is an admin".
 */
export function isAdminPower(permission: string): boolean {
  return permission.startsWith('ROLES_') || permission.startsWith('USERS_');
}
