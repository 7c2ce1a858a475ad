import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/** A person the test provider knows: signing in at its login page with this e-mail as the login (any password). */
export type ProviderPerson = { email: string; email_verified: boolean; name?: string };

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People by e-mail; add to it before a sign-in. */
  people: Map<string, ProviderPerson>;
  close: () => Promise<void>;
};

/**
 * A real OpenID Connect provider (oidc-provider) on a free loopback port, for the API tests and the end-to-end
 * run: the code flow with PKCE required, the e-mail claims answered from userinfo (as the package does by default),
 * and its development login page, where the login is the person's e-mail and any password is accepted. Consent is
 * taken as given (a first-party client), so a sign-in is one form.
 */
export async function startOidcProvider(options: { redirectUris: string[]; port?: number }): Promise<TestOidcProvider> {
  const people = new Map<string, ProviderPerson>();
  const clientId = 'agency-portal';
  const clientSecret = 'test-client-secret-that-is-long-enough';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    // A signing key and lifetimes of its own, so the package does not warn about its quick-start defaults.
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          use: 'sig',
          kid: 'test',
        },
      ],
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    findAccount: (_ctx, id) => {
      const person = people.get(id);
      return person
        ? { accountId: id, claims: () => ({ sub: id, ...person, name: person.name ?? id.split('@')[0] }) }
        : undefined;
    },
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!ctx.oidc.client || !accountId) {
        return undefined;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
