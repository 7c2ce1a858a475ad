import type Stripe from 'stripe';
import type { AppConfig } from '../../config';

/**
 * The Stripe SDK pointed at STRIPE_API_BASE_URL (api.stripe.com, or a local server in tests). The SDK's own Node
 * HTTP client is used, not the guarded outbound client: the host is operator configuration (never user input), the
 * SDK follows no redirects, and its list pages (100 invoices) outgrow the guarded client's 64 KiB cap.
 */
export async function stripeFor(config: Pick<AppConfig, 'stripe'>, apiKey: string): Promise<Stripe> {
  const { default: StripeSdk } = await loadStripe();
  const base = new URL(config.stripe.apiBaseUrl);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new StripeSdk(apiKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

/** The SDK loads with the first Stripe call or webhook, not with every start (it is a large module). */
function loadStripe() {
  return import('stripe');
}

// Signature checks are local HMACs: an SDK instance without a usable key serves them.
let verifier: Stripe | undefined;

/** Verifies the Stripe-Signature header over the raw body (tolerance 300 s, the SDK's default) and parses the event. */
export async function verifiedEvent(rawBody: Buffer, signature: string, secret: string): Promise<Stripe.Event> {
  if (!verifier) {
    const { default: StripeSdk } = await loadStripe();
    verifier = new StripeSdk('sk_signature_checks_only', { telemetry: false });
  }
  return verifier.webhooks.constructEvent(rawBody, signature, secret);
}

/** `sk_…abcd`: the key's kind and last four characters, what answers and the screen show. */
export function maskSecret(value: string): string {
  const kind = value.slice(0, value.indexOf('_') + 1);
  return `${kind}…${value.slice(-4)}`;
}
