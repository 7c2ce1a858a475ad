import * as oidc from 'openid-client';
import type { AppConfig } from '../../../config';

type SsoSettings = NonNullable<AppConfig['sso']>;

/** What the provider told us about the person, after every check of the code exchange passed. */
export type ProviderIdentity = { subject: string; email: string | null; emailVerified: boolean; name: string | null };

/**
 * The provider's metadata is fetched once per issuer and client and kept; a failed discovery is forgotten, so the
 * next sign-in asks again (the provider may have been briefly down at start).
 */
const discovered = new Map<string, Promise<oidc.Configuration>>();

function providerConfiguration(sso: SsoSettings): Promise<oidc.Configuration> {
  const key = `${sso.issuer}\n${sso.clientId}`;
  let configuration = discovered.get(key);
  if (!configuration) {
    configuration = oidc.discovery(
      new URL(sso.issuer),
      sso.clientId,
      undefined,
      oidc.ClientSecretPost(sso.clientSecret),
      // Plain http only for a loopback test issuer (SSO_TEST_HTTP_ISSUER, checked in config.ts).
      sso.allowHttpIssuer ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    );
    configuration.catch(() => discovered.delete(key));
    discovered.set(key, configuration);
  }
  return configuration;
}

/** The values one sign-in promises the provider; kept server-side until the callback spends them. */
export type SignOnChecks = { state: string; nonce: string; codeVerifier: string };

export function newChecks(): SignOnChecks {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
}

/** Where the browser is sent to sign in: the code flow with PKCE (S256), state and nonce. */
export async function authorizationUrl(sso: SsoSettings, redirectUri: string, checks: SignOnChecks): Promise<URL> {
  const configuration = await providerConfiguration(sso);
  return oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
  });
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The callback's code for tokens: openid-client checks the state, the ID token (issuer, audience, signature,
 * expiry) and its nonce, and sends the PKCE verifier. Providers that keep e-mail claims out of the ID token
 * (oidc-provider by default) answer them from userinfo, asked for the same subject.
 */
export async function redeemCallback(
  sso: SsoSettings,
  callbackUrl: URL,
  checks: SignOnChecks,
): Promise<ProviderIdentity> {
  const configuration = await providerConfiguration(sso);
  const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) {
    throw new Error('the provider answered no ID token');
  }
  let source: Record<string, unknown> = claims;
  if (claims.email === undefined) {
    source = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
  }
  const email = text(source.email);
  return {
    subject: claims.sub,
    email: email ? email.toLowerCase() : null,
    // Some providers send "true" as a string; anything but true (or "true") counts as unverified.
    emailVerified: source.email_verified === true || source.email_verified === 'true',
    name: text(source.name),
  };
}
