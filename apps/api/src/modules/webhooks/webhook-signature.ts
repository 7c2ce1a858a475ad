import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: shown once, stored sealed (secret-box.ts). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The `X-Portal-Signature` value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`. The
 * timestamp inside the signed text lets a receiver refuse replays of an old delivery (docs/API.md).
 */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}
