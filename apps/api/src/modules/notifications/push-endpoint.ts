import { isPublicHttpsUrl, type ResolveHost } from '../../outbound/public-https';

/**
 * A push token names a URL the server will connect to, so it could make the server call into its own network
 * (blind SSRF). Its endpoint goes through the outbound guard (outbound/): https on port 443 of hosts whose every
 * address is public unicast — at registration and again at send, dialled through `publicOnlyAgent`.
 */

// The guard's names, for the callers that wire DNS in (app, context, tests).
export { isPublicAddress } from '../../outbound/public-address';
export { publicOnlyAgent, type ResolveHost, resolveWithDns } from '../../outbound/public-https';

export const PUSH_ENDPOINT_MESSAGE =
  'Push notifications can only be sent to an https address of a public push service.';

/** Whether a PushSubscription JSON may be dialled: its endpoint passes the outbound guard. */
export async function isAllowedPushToken(token: string, resolve: ResolveHost): Promise<boolean> {
  let endpoint: unknown;
  try {
    endpoint = (JSON.parse(token) as { endpoint?: unknown }).endpoint;
  } catch {
    return false;
  }
  return typeof endpoint === 'string' && isPublicHttpsUrl(endpoint, resolve);
}
