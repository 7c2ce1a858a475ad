import webPush, { type PushSubscription, type RequestOptions, WebPushError } from 'web-push';
import type { OutboundClient } from '../../outbound/http-client';

/**
 * Web Push through the guarded outbound client (outbound/http-client.ts): web-push encrypts the payload and signs
 * the VAPID headers, our client dials the push service (public addresses only, checked at connect; timeouts; a
 * capped answer). A refused answer is the same WebPushError web-push raises, so a 404/410 still drops the token.
 */
export function guardedPush(outbound: OutboundClient) {
  return async (subscription: PushSubscription, payload: string, options: RequestOptions) => {
    // The client's own connector replaces the agent web-push would have used.
    const { agent: _agent, ...rest } = options;
    const details = webPush.generateRequestDetails(subscription, payload, rest);
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
    const answer = await outbound.request(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ?? undefined,
    });
    if (answer.status < 200 || answer.status > 299) {
      throw new WebPushError(
        'Received unexpected response code',
        answer.status,
        answer.headers,
        answer.body.toString('utf8'),
        details.endpoint,
      );
    }
    return answer;
  };
}
