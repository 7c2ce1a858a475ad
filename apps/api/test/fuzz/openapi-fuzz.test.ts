import { MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { contacts, users } from '../../src/db/schema';
import { SessionService } from '../../src/modules/auth/session.service';
import { buildTask } from '../../src/modules/tasks/test-helpers';
import { bearer, buildActors, buildCustomer, buildPlan } from '../factories';
import { getTestApp, type TestApp } from '../test-app';
import { collectionOf, type FuzzCase, type KnownIds, makeCase, type OpenApi, operationsOf } from './cases';
import { seededRandom } from './values';

/**
 * The OpenAPI fuzzer: for every operation the app documents, hostile requests (wrong types, huge and unicode strings,
 * null bytes, edge numbers, 10,000-level nesting, bad uuids, malformed bracket queries) as the admin and as a
 * freelancer; no answer may be a 5xx and none may hang. CI runs a fixed seed and a bounded count; `npm run fuzz --
 * <seed> [cases]` runs longer (FUZZ_SEED / FUZZ_CASES). A failure prints the seed and the request to replay it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const CASES = Number(process.env.FUZZ_CASES ?? 6);
const HANG_MS = 10_000;

let ctx: Awaited<ReturnType<typeof getTestApp>>;
let actors: Awaited<ReturnType<typeof buildActors>>;
const known: KnownIds = new Map();

beforeAll(async () => {
  // Stripe's SDK and the Meta insights sync are pointed at a closed local port: a key or token the fuzzer sets
  // never reaches the internet.
  ctx = await getTestApp({
    env: { STRIPE_API_BASE_URL: 'http://127.0.0.1:9', META_GRAPH_BASE_URL: 'http://127.0.0.1:9' },
  });
  actors = await buildActors(ctx.db);
  const plan = await buildPlan(ctx.db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
  await buildTask(ctx.db, { projectId: plan.id }, { responsibles: [actors.freelancer.id] });
  // A published form with an answer, so the forms and answers operations' paths name real objects.
  const headers = bearer(actors.admin.token);
  const form = await ctx.app.inject({
    method: 'POST',
    url: '/api/forms',
    headers,
    payload: { name: 'Fuzz form', questions: [{ name: 'company', label: 'Company', type: 'input' }] },
  });
  const formUuid = (form.json() as { data: { uuid: string } }).data.uuid;
  await ctx.app.inject({ method: 'POST', url: `/api/forms/${formUuid}/publish`, headers });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/answers',
    headers,
    payload: { form_uuid: formUuid, values: { company: 'Acme' } },
  });
  // A priced retainer service and a draft order of it, so the orders operations' paths name a real order.
  const service = await ctx.app.inject({
    method: 'POST',
    url: '/api/request-types',
    headers,
    payload: { name: 'Fuzz retainer', price_cents: 100_000, sells: 'retainer', plan_reload_minutes: 600 },
  });
  const customer = await buildCustomer(ctx.db);
  await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: {
      customer_uuid: customer.uuid,
      items: [{ service_uuid: (service.json() as { data: { uuid: string } }).data.uuid, quantity: 1 }],
    },
  });
  // A discount code, so the discounts operations' paths name a real one.
  await ctx.app.inject({
    method: 'POST',
    url: '/api/discounts',
    headers,
    payload: { code: 'FUZZ10', type: 'percent', value: 10 },
  });
  // A webhook, so the webhooks operations' paths name a real one (its host resolves public in tests; nothing sends).
  await ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers,
    payload: { url: 'https://hooks.example.com/fuzz', events: ['task.created'] },
  });
  // A published post in a category, so the posts and post-categories operations' paths name real ones.
  const category = await ctx.app.inject({
    method: 'POST',
    url: '/api/post-categories',
    headers,
    payload: { name: 'Fuzz' },
  });
  const post = await ctx.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers,
    payload: { title: 'Fuzz post', category_uuids: [(category.json() as { data: { uuid: string } }).data.uuid] },
  });
  await ctx.app.inject({
    method: 'POST',
    url: `/api/posts/${(post.json() as { data: { uuid: string } }).data.uuid}/publish`,
    headers,
    payload: {},
  });
  // A client's onboarding with an item of each kind, so the onboarding operations' paths name real objects.
  for (const kind of ['file', 'text', 'link_confirmation', 'credential']) {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding/requirements',
      headers,
      payload: { inclusion: 'website', name: `Fuzz ${kind}`, kind },
    });
  }
  // A content item on the plan, so the content operations' paths name a real one.
  await ctx.app.inject({
    method: 'POST',
    url: '/api/content-items',
    headers,
    payload: { project_uuid: plan.uuid, platform: 'instagram', caption: 'Fuzz post' },
  });
  // A Stripe key and webhook secret, so the billing operations get past "not connected" to the SDK and the signature.
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/billing/stripe',
    headers,
    payload: { api_key: 'sk_test_fuzzKey12345678', webhook_secret: 'whsec_fuzzSecret12345678' },
  });
  // An ad campaign, so the campaigns operations' paths name a real one.
  await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers,
    payload: { name: 'Fuzz campaign', platform: 'meta', customer_uuid: customer.uuid },
  });
  const client = await buildCustomer(ctx.db);
  await ctx.app.inject({
    method: 'POST',
    url: `/api/customers/${client.uuid}/onboarding`,
    headers,
    payload: { inclusions: { website: true } },
  });
}, 60_000);

afterAll(() => ctx?.close());

/** The first object of each collection the operations address, so path parameters can name real objects. */
async function discover(app: TestApp, collections: Iterable<string>, token: string) {
  for (const collection of collections) {
    const res = await app.inject({ url: `/api/${collection}?page[size]=1`, headers: bearer(token) });
    const first =
      res.statusCode === 200 ? (res.json() as { data?: { uuid?: string; id?: unknown }[] }).data?.[0] : null;
    const id = first?.uuid ?? first?.id;
    if (id !== undefined && id !== null) {
      known.set(collection, String(id));
    }
  }
}

/**
 * 503 with its own message is a deliberate answer (a feature that is not configured, maintenance), not a failure;
 * every other 5xx, and a 503 with the generic message, is.
 */
function deliberatelyUnavailable(status: number, body: string): boolean {
  if (status !== 503) {
    return false;
  }
  const message = (JSON.parse(body) as { message?: string }).message;
  return Boolean(message) && message !== MESSAGES.somethingWrong;
}

/** The actor as buildActors made them (status, e-mail, profile type), with a fresh token. */
async function restore(sessions: SessionService, actor: 'admin' | 'freelancer'): Promise<string> {
  const built = actors[actor];
  await ctx.db.update(users).set({ status: 'active', email: built.email }).where(eq(users.id, built.id));
  await ctx.db
    .update(contacts)
    .set({ type: actor === 'admin' ? 'regular_user' : 'freelancer', email: built.email })
    .where(eq(contacts.userId, built.id));
  return sessions.issue(built.id);
}

function describeCase(actor: string, c: FuzzCase): string {
  const body = c.payload === undefined ? '' : typeof c.payload === 'string' ? c.payload : JSON.stringify(c.payload);
  return `${actor} ${c.kind}: ${c.method} ${c.url.slice(0, 300)} ${body.slice(0, 300)}`;
}

async function send(app: TestApp, c: FuzzCase, token: string) {
  const headers: Record<string, string> = { ...bearer(token) };
  let payload: string | undefined;
  if (c.payload !== undefined) {
    headers['content-type'] = c.contentType ?? 'application/json';
    payload = typeof c.payload === 'string' ? c.payload : JSON.stringify(c.payload);
  }
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS);
  });
  try {
    return await Promise.race([app.inject({ method: c.method as 'GET', url: c.url, headers, payload }), hang]);
  } finally {
    clearTimeout(timer);
  }
}

test(`no operation answers 5xx or hangs on hostile input (seed ${SEED}, ${CASES} cases per operation and actor)`, async () => {
  const { app, db } = ctx;
  const operations = operationsOf(app.swagger() as unknown as OpenApi);
  expect(operations.length).toBeGreaterThan(50);
  const collections = new Set(operations.flatMap((op) => op.pathParams.map((p) => collectionOf(op.path, p))));
  const sessions = new SessionService(db, app.ctx.config);
  const random = seededRandom(SEED);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  await discover(app, collections, actors.admin.token);
  for (const op of operations) {
    // A case may sign an actor out, deactivate them or change their e-mail or type (which revokes their sessions);
    // each operation starts from the actors as built, and an actor answered 401 is restored before the next case.
    const tokens = { admin: await restore(sessions, 'admin'), freelancer: await restore(sessions, 'freelancer') };
    for (const actor of ['admin', 'freelancer'] as const) {
      for (let i = 0; i < CASES; i++) {
        const c = makeCase(random, op, known);
        const res = await send(app, c, tokens[actor]);
        if (res !== 'hang' && res.statusCode === 401) {
          tokens[actor] = await restore(sessions, actor);
        }
        sent++;
        if (res === 'hang') {
          failures.push(`no answer within ${HANG_MS} ms — ${describeCase(actor, c)}`);
          continue;
        }
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500 && !deliberatelyUnavailable(res.statusCode, res.body)) {
          failures.push(`${res.statusCode} ${res.body.slice(0, 200)} — ${describeCase(actor, c)}`);
        }
      }
    }
    if (op.method === 'POST') {
      await discover(app, collections, tokens.admin);
    }
  }
  const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
  console.log(`fuzz seed ${SEED}: ${sent} requests over ${operations.length} operations — ${summary.join(' ')}`);
  expect(failures, `seed ${SEED}: replay with npm run fuzz -- ${SEED} ${CASES}`).toEqual([]);
}, 600_000);
