import { ONBOARDING_OTHER_COLUMN, PERMISSIONS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildUser } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import { onboardings } from '../../db/schema';
import { onboardingApi } from './test-helpers';

type Column = {
  key: string;
  name: string;
  total: number;
  cards: { uuid: string; customer: { business_name: string } }[];
};

let t: Awaited<ReturnType<typeof getTestApp>>;
let api: ReturnType<typeof onboardingApi>;
/** The board's clients by name, each "Boardtest" so the search keeps other tests' onboardings out. */
const ids = new Map<string, string>();

const board = async (query: string) => {
  const res = await api.call('GET', `/api/onboardings/board?search_term=Boardtest&${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Column[]; meta: { total: number; per_column: number; page: number } };
};
const names = (column: Column | undefined) => column?.cards.map((c) => c.customer.business_name);
const set = (name: string, values: Partial<typeof onboardings.$inferInsert>) =>
  t.db
    .update(onboardings)
    .set(values)
    .where(eq(onboardings.uuid, ids.get(name) ?? ''));

beforeAll(async () => {
  t = await getTestApp();
  const admin = await buildUser(t.db, { permissions: PERMISSIONS });
  api = onboardingApi(t.app, admin.token);
  for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const name = `Boardtest ${n}`;
    const client = await buildCustomer(t.db, { businessName: name });
    ids.set(name, (await api.start(client.uuid)).uuid);
    await set(name, { currentStepKey: 'welcome', currentStepName: 'Welcome', stuckAt: null });
  }
  // Five at welcome: 4 stuck two days past its time, the others ordered by progress (5 and 1 tie, the older first).
  const since = (days: number) => new Date(Date.now() - days * 86_400_000);
  await set('Boardtest 1', { progress: 30 });
  await set('Boardtest 2', { progress: 10, startedAt: since(1) });
  await set('Boardtest 3', { progress: 20 });
  await set('Boardtest 4', { progress: 90, currentStepSince: since(7), stuckAt: since(2) });
  await set('Boardtest 5', { progress: 10, startedAt: since(3) });
  // One at order_confirmed, one whose step the process no longer has, one complete.
  await set('Boardtest 6', { currentStepKey: 'order_confirmed', currentStepName: 'Order confirmed' });
  await set('Boardtest 7', { currentStepKey: 'custom_removed', currentStepName: 'Removed' });
  await set('Boardtest 8', { status: 'done', progress: 100, currentStepKey: null, currentStepName: null });
});
afterAll(() => t.close());

describe('the onboarding board', () => {
  it('answers every column in process order with its total and at most per_column cards, most stuck then least advanced then oldest first', async () => {
    const process = (await api.call('GET', '/api/onboarding/process')).json().data as { steps: { key: string }[] };
    const { data, meta } = await board('per_column=3');
    expect(data.map((c) => c.key)).toEqual([...process.steps.map((s) => s.key), ONBOARDING_OTHER_COLUMN]);
    const welcome = data.find((c) => c.key === 'welcome');
    expect(welcome?.total).toBe(5);
    expect(names(welcome)).toEqual(['Boardtest 4', 'Boardtest 5', 'Boardtest 2']);
    expect(data.find((c) => c.key === 'order_confirmed')).toMatchObject({
      total: 1,
      cards: [{ uuid: ids.get('Boardtest 6') }],
    });
    expect(data.find((c) => c.key === 'done')?.total).toBe(1);
    expect(data.at(-1)).toMatchObject({ name: 'Other steps', total: 1 });
    expect(names(data.at(-1))).toEqual(['Boardtest 7']);
    expect(meta).toEqual({ total: 8, per_column: 3, page: 1 });
  });

  it('answers a lean card: the client, progress, owner and days stuck', async () => {
    const { data } = await board('per_column=3');
    const card = data.find((c) => c.key === 'welcome')?.cards[0];
    expect(Object.keys(card ?? {}).sort()).toEqual(['customer', 'days_stuck', 'owner', 'progress', 'uuid']);
    expect(card).toMatchObject({ progress: 90, days_stuck: 7 });
  });

  it('shows more of one column: its next page, only that column', async () => {
    const { data, meta } = await board('per_column=3&page=2&filters[current_step]=welcome');
    expect(data.map((c) => c.key)).toEqual(['welcome']);
    expect(data[0]?.total).toBe(5);
    expect(names(data[0])).toEqual(['Boardtest 3', 'Boardtest 1']);
    expect(meta.page).toBe(2);
  });

  it('keeps the filters: open only leaves the complete one out, stuck only keeps the stuck one', async () => {
    const open = await board('per_column=3&filters[status]=open');
    expect(open.data.find((c) => c.key === 'done')).toMatchObject({ total: 0, cards: [] });
    expect(open.meta.total).toBe(7);
    const stuck = await board('filters[stuck]=1');
    expect(stuck.meta.total).toBe(1);
    expect(names(stuck.data.find((c) => c.key === 'welcome'))).toEqual(['Boardtest 4']);
    // No one left at a removed step: no "Other steps" column.
    expect(stuck.data.map((c) => c.key)).not.toContain(ONBOARDING_OTHER_COLUMN);
  });

  it('refuses a per_column above the cap', async () => {
    const res = await api.call('GET', '/api/onboardings/board?per_column=101');
    expect(res.statusCode).toBe(422);
  });
});
