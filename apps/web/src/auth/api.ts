import type {
  ForgotPasswordInput,
  LoginInput,
  MessageBody,
  PublicConfig,
  RegisterInput,
  RegisterResponse,
  ResetPasswordInput,
  SecondFactorChallenge,
  SignedInUser,
  SignInLinkSent,
  WebauthnResponse,
} from '@portal/domain';
import { api } from '../api';
import { signWithPasskey } from './passkeyCeremony';
import { type SignInOutcome, signInOutcome } from './signInOutcome';

interface DataBody<T> {
  data: T;
}

export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.get<PublicConfig>('/config', { signal });
}

/** The signed-in user, or null when there is no token to ask with. */
export async function getCurrentUser(signal?: AbortSignal): Promise<SignedInUser | null> {
  if (!api.tokens.get()) {
    return null;
  }
  const body = await api.get<DataBody<SignedInUser>>('/user', { signal });
  return body.data;
}

/**
 * Signs in and keeps the token. A 401 here means wrong credentials, not an expired session. Past the account's
 * guess ceiling on a new device the answer is instead that a sign-in link was e-mailed (no token).
 */
export async function signIn(input: Pick<LoginInput, 'email' | 'password'>): Promise<SignInOutcome> {
  const body = await api.post<DataBody<SignedInUser> | SignInLinkSent | SecondFactorChallenge>(
    '/login',
    { ...input, cookie_login: false },
    { sessionExpiresOn401: false },
  );
  const outcome = signInOutcome(body);
  if ('signedIn' in outcome) {
    storeToken(outcome.signedIn);
  }
  return outcome;
}

/**
 * Follows an e-mailed sign-in link (/sign-in-link?token=…): signs in and keeps the token, or (an account with a
 * second factor) answers the challenge of the second step.
 */
export async function signInWithLink(token: string): Promise<SignedInUser | SecondFactorChallenge> {
  const body = await api.post<DataBody<SignedInUser> | SecondFactorChallenge>(
    '/sign-in-link',
    { token },
    { sessionExpiresOn401: false },
  );
  if ('second_factor_required' in body) {
    return body;
  }
  storeToken(body.data);
  return body.data;
}

/**
 * Finishes a single sign-on: spends the one-time code our callback put in /sign-in/sso?token=… and keeps the
 * session token, as POST login does; an account with a second factor answers the challenge of the second step.
 */
export async function exchangeSsoToken(token: string): Promise<SignedInUser | SecondFactorChallenge> {
  const body = await api.post<DataBody<SignedInUser> | SecondFactorChallenge>(
    '/sso/exchange',
    { token },
    { sessionExpiresOn401: false },
  );
  if ('second_factor_required' in body) {
    return body;
  }
  storeToken(body.data);
  return body.data;
}

/** The second step of a sign-in: the challenge with a code (app or recovery) or a passkey's assertion. */
export async function completeSecondFactor(input: {
  challenge: string;
  code?: string;
  assertion?: WebauthnResponse;
}): Promise<SignedInUser> {
  const body = await api.post<DataBody<SignedInUser>>('/login/second-factor', input, { sessionExpiresOn401: false });
  storeToken(body.data);
  return body.data;
}

export type RegisterOutcome = { signedIn: SignedInUser } | { checkEmail: string };

/**
 * Self-registration. With an invite_token (from an invite link, mailed to that address) the new client contact is
 * attached to the inviting client and signed in; otherwise the server mails a verification link and the account
 * signs in once it is followed (the answer's message says so).
 */
export async function register(input: RegisterInput & { invite_token?: string }): Promise<RegisterOutcome> {
  const body = await api.post<RegisterResponse>('/register', input, { sessionExpiresOn401: false });
  if ('verification_required' in body) {
    return { checkEmail: body.message };
  }
  storeToken(body.data);
  return { signedIn: body.data };
}

/** Follows the mailed verification link: the account is verified and signed in. */
export async function verifyEmail(token: string): Promise<SignedInUser> {
  const body = await api.post<DataBody<SignedInUser>>('/verify-email', { token }, { sessionExpiresOn401: false });
  storeToken(body.data);
  return body.data;
}

function storeToken(user: SignedInUser): void {
  if (user.auth_token) {
    api.tokens.set(user.auth_token);
  }
}

export function requestPasswordReset(input: ForgotPasswordInput): Promise<MessageBody> {
  return api.post<MessageBody>('/forgot-password', input, { sessionExpiresOn401: false });
}

export function resetPassword(input: ResetPasswordInput): Promise<MessageBody> {
  return api.post<MessageBody>('/reset-password', input, { sessionExpiresOn401: false });
}

export function signOutOnServer(): Promise<MessageBody> {
  return api.post<MessageBody>('/logout', undefined, { sessionExpiresOn401: false });
}

/**
 * The second step with a passkey: the options for this sign-in, the browser's ceremony (the person touches the key
 * or unlocks the phone), then the assertion; keeps the token.
 */
export async function completeSecondFactorWithPasskey(challenge: string): Promise<SignedInUser> {
  const options = await api.post<DataBody<Record<string, unknown>>>(
    '/login/second-factor/passkey-options',
    { challenge },
    { sessionExpiresOn401: false },
  );
  const assertion = await signWithPasskey(options.data);
  return completeSecondFactor({ challenge, assertion });
}

/** Signs in with a passkey alone (people who chose it on their Security screen); keeps the token. */
export async function signInWithPasskey(): Promise<SignedInUser> {
  const start = await api.post<DataBody<{ handle: string; options: Record<string, unknown> }>>(
    '/login/passkey/options',
    undefined,
    { sessionExpiresOn401: false },
  );
  const assertion = await signWithPasskey(start.data.options);
  const body = await api.post<DataBody<SignedInUser>>(
    '/login/passkey',
    { handle: start.data.handle, assertion },
    { sessionExpiresOn401: false },
  );
  storeToken(body.data);
  return body.data;
}
