import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the part of Stripe's REST API the billing module calls (GET /v1/balance,
 * /v1/account, /v1/invoices with list pagination by `starting_after`, /v1/customers/{id}), so the real `stripe` SDK
 * is tested over HTTP without the network: the app's STRIPE_API_BASE_URL points here. Answers 401 with Stripe's
 * error shape to any key other than `apiKey`.
 */
export type FakeStripeCustomer = { id: string; email: string | null; metadata: Record<string, string> };
export type FakeStripe = {
  url: string;
  apiKey: string;
  /** Open invoices the list answers, oldest first (the list pages them newest first, as Stripe does). */
  invoices: Record<string, unknown>[];
  customers: Map<string, FakeStripeCustomer>;
  /** Every request's method and path with query, newest last. */
  calls: string[];
  close: () => Promise<void>;
};

export async function startFakeStripe(apiKey = 'sk_test_fakeKey1234567890'): Promise<FakeStripe> {
  const fake = { apiKey, invoices: [], customers: new Map(), calls: [] } as Omit<FakeStripe, 'url' | 'close'>;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.calls.push(`${request.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${fake.calls.length}` });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${fake.apiKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    if (url.pathname === '/v1/balance') {
      send(200, { object: 'balance', available: [{ amount: 123_456, currency: 'usd' }], pending: [], livemode: false });
    } else if (url.pathname === '/v1/account') {
      send(200, { id: 'acct_fake123', object: 'account' });
    } else if (url.pathname === '/v1/invoices') {
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const newestFirst = [...fake.invoices].reverse();
      const after = url.searchParams.get('starting_after');
      const start = after ? newestFirst.findIndex((i) => i.id === after) + 1 : 0;
      const page = newestFirst.slice(start, start + limit);
      send(200, { object: 'list', url: '/v1/invoices', has_more: start + limit < newestFirst.length, data: page });
    } else if (url.pathname.startsWith('/v1/customers/')) {
      const customer = fake.customers.get(url.pathname.slice('/v1/customers/'.length));
      if (customer) {
        send(200, { object: 'customer', ...customer });
      } else {
        send(404, { error: { type: 'invalid_request_error', message: 'No such customer' } });
      }
    } else {
      send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  } as FakeStripe;
}
