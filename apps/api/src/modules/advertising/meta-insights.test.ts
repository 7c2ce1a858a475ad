import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AD_MESSAGES, PERMISSIONS } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildCustomer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { syncAllMetaAccounts, syncWindow } from './meta-connections';

/**
 * Meta's Graph API cannot be reached from tests: a local HTTP server speaks its insights endpoint
 * (GET /{version}/act_{id}/insights, level=campaign, time_increment=1, cursor paging with `paging.next`), and
 * META_GRAPH_BASE_URL points the app at it. The app's own outbound client makes the calls.
 */
let graph: Server;
let base: string;
const seen: IncomingMessage[] = [];

const PAGE_1 = {
  data: [
    {
      campaign_id: '1',
      campaign_name: 'Retargeting',
      date_start: '2026-10-01',
      date_stop: '2026-10-01',
      impressions: '12000',
      reach: '8000',
      inline_link_clicks: '240',
      clicks: '300',
      spend: '150.75',
      actions: [
        { action_type: 'link_click', value: '240' },
        { action_type: 'offsite_conversion.fb_pixel_purchase', value: '6' },
        { action_type: 'omni_purchase', value: '6' },
      ],
      action_values: [{ action_type: 'omni_purchase', value: '480.50' }],
    },
  ],
  paging: { cursors: { after: 'abc' }, next: '' },
};
const PAGE_2 = {
  data: [
    {
      campaign_id: '1',
      campaign_name: 'Retargeting',
      date_start: '2026-10-02',
      date_stop: '2026-10-02',
      impressions: '1000',
      reach: '900',
      inline_link_clicks: '10',
      spend: '20',
    },
  ],
  paging: { cursors: { before: 'abc' } },
};

let app: TestApp;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let close: () => Promise<void>;
let admin: BuiltUser;

beforeAll(async () => {
  graph = createServer((req, res) => {
    seen.push(req);
    const url = new URL(req.url ?? '/', base);
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== 'Bearer EAAB-test-token-123') {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } }));
      return;
    }
    if (url.pathname !== '/v21.0/act_1234567890/insights') {
      res.statusCode = 404;
      res.end('{}');
      return;
    }
    if (url.searchParams.get('after') === 'abc') {
      res.end(JSON.stringify(PAGE_2));
      return;
    }
    res.end(JSON.stringify({ ...PAGE_1, paging: { ...PAGE_1.paging, next: `${base}${url.pathname}?after=abc` } }));
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(graph.address() as AddressInfo).port}`;
  ({ app, db, close } = await getTestApp({ env: { META_GRAPH_BASE_URL: base, META_GRAPH_VERSION: 'v21.0' } }));
  admin = await buildUser(db, { permissions: PERMISSIONS });
});
afterAll(async () => {
  await close();
  await new Promise((resolve) => graph.close(resolve));
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

describe('Meta insights sync', () => {
  it('refuses to sync a client without a connected ad account', async () => {
    const client = await buildCustomer(db);
    const res = await call('POST', '/api/campaigns/meta-sync', {
      customer_uuid: client.uuid,
      date_from: '2026-10-01',
      date_to: '2026-10-02',
    });
    expect(res.json().errors).toEqual({ customer_uuid: [AD_MESSAGES.metaNotConnected] });
  });

  it('pulls campaign days across pages with the sealed token and upserts them like an import', async () => {
    const client = await buildCustomer(db);
    const connected = await call('PUT', `/api/ad-meta-connections/${client.uuid}`, {
      ad_account_id: '1234567890',
      access_token: 'EAAB-test-token-123',
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const stored = await db.execute<{ meta_token_sealed: string }>(
      sql`select meta_token_sealed from ad_client_settings where customer_id = ${client.id}`,
    );
    expect(stored.rows[0]?.meta_token_sealed).not.toContain('EAAB');

    const sync = () =>
      call('POST', '/api/campaigns/meta-sync', {
        customer_uuid: client.uuid,
        date_from: '2026-10-01',
        date_to: '2026-10-02',
      });
    const first = await sync();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ imported: 2, created_campaigns: ['Retargeting'] });
    const asked = new URL(seen.at(-2)?.url ?? '', base);
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      level: 'campaign',
      time_increment: '1',
      time_range: '{"since":"2026-10-01","until":"2026-10-02"}',
    });
    expect(asked.searchParams.get('fields')).toContain('spend');
    expect((await sync()).json()).toEqual({ imported: 2, created_campaigns: [] });

    const rows = await db.execute(sql`select m.day::text, m.impressions::int, m.clicks::int, m.spend_cents::int,
        m.conversions::float, m.conversion_value_cents::int, a.platform
      from ad_metrics m join ad_campaigns a on a.id = m.campaign_id where a.customer_id = ${client.id} order by m.day`);
    expect(rows.rows).toEqual([
      {
        day: '2026-10-01',
        impressions: 12000,
        clicks: 240,
        spend_cents: 15075,
        conversions: 6,
        conversion_value_cents: 48050,
        platform: 'meta',
      },
      {
        day: '2026-10-02',
        impressions: 1000,
        clicks: 10,
        spend_cents: 2000,
        conversions: 0,
        conversion_value_cents: 0,
        platform: 'meta',
      },
    ]);
  });

  it('answers 503 with its own message when Meta refuses the token', async () => {
    const client = await buildCustomer(db);
    await call('PUT', `/api/ad-meta-connections/${client.uuid}`, {
      ad_account_id: '1234567890',
      access_token: 'EAAB-revoked-token',
    });
    const res = await call('POST', '/api/campaigns/meta-sync', {
      customer_uuid: client.uuid,
      date_from: '2026-10-01',
      date_to: '2026-10-02',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(AD_MESSAGES.metaFailed);
  });
});

describe('Meta connections and the daily sync', () => {
  it('pulls 90 days at first, then from 7 days before the last sync, through today', () => {
    expect(syncWindow(null, '2026-11-27')).toEqual({ date_from: '2026-08-29', date_to: '2026-11-27' });
    expect(syncWindow(new Date('2026-11-20T05:00:00Z'), '2026-11-27')).toEqual({
      date_from: '2026-11-13',
      date_to: '2026-11-27',
    });
    expect(syncWindow(new Date('2025-01-01T05:00:00Z'), '2026-11-27').date_from).toBe('2026-08-29');
  });

  it('syncs every connected account daily, records the time or the error per account, never answering the token', async () => {
    const good = await buildCustomer(db, { businessName: 'Aardvark Meta Good' });
    const revoked = await buildCustomer(db, { businessName: 'Aardvark Meta Revoked' });
    await call('PUT', `/api/ad-meta-connections/${good.uuid}`, {
      ad_account_id: '1234567890',
      access_token: 'EAAB-test-token-123',
    });
    await call('PUT', `/api/ad-meta-connections/${revoked.uuid}`, {
      ad_account_id: '1234567890',
      access_token: 'EAAB-revoked-token-456',
    });
    seen.length = 0;

    const run = await syncAllMetaAccounts(app.ctx);
    expect(run.failed).toBeGreaterThanOrEqual(1);
    expect(run.synced).toBeGreaterThanOrEqual(1);
    // The job asked Meta for the first window of each account, with the token as a header only.
    const asked = seen.map((req) => new URL(req.url ?? '/', base));
    expect(asked.some((u) => JSON.parse(u.searchParams.get('time_range') ?? '{}').until !== undefined)).toBe(true);
    expect(asked.every((u) => !u.toString().includes('EAAB'))).toBe(true);

    const list = await call('GET', '/api/ad-meta-connections');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toContain('EAAB');
    const states = list.json().data as { customer_uuid: string; synced_at: string | null; sync_error: string | null }[];
    const goodState = states.find((s) => s.customer_uuid === good.uuid);
    const revokedState = states.find((s) => s.customer_uuid === revoked.uuid);
    expect(goodState).toMatchObject({ ad_account_id: '1234567890', sync_error: null, sync_failed_at: null });
    expect(goodState?.synced_at).toEqual(expect.any(String));
    expect(revokedState).toMatchObject({ synced_at: null, sync_error: AD_MESSAGES.metaFailed });
    const spend = await db.execute<{ spend: string }>(sql`select sum(m.spend_cents)::text as spend from ad_metrics m
      join ad_campaigns a on a.id = m.campaign_id where a.customer_id = ${good.id}`);
    expect(spend.rows[0]?.spend).toBe('17075');
    const stored = await db.execute<{ meta_token_sealed: string }>(
      sql`select meta_token_sealed from ad_client_settings where customer_id in (${good.id}, ${revoked.id})`,
    );
    for (const row of stored.rows) {
      expect(row.meta_token_sealed).toMatch(/^v1\./);
      expect(row.meta_token_sealed).not.toContain('EAAB');
    }

    // A new token clears the error; Sync now records the success; disconnecting forgets account and token.
    await call('PUT', `/api/ad-meta-connections/${revoked.uuid}`, {
      ad_account_id: '1234567890',
      access_token: 'EAAB-test-token-123',
    });
    const now = await call('POST', `/api/ad-meta-connections/${revoked.uuid}/sync`);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).toMatchObject({ message: AD_MESSAGES.metaSynced(2), imported: 2 });
    const after = (await call('GET', '/api/ad-meta-connections')).json().data as typeof states;
    expect(after.find((s) => s.customer_uuid === revoked.uuid)).toMatchObject({ sync_error: null });
    expect((await call('DELETE', `/api/ad-meta-connections/${revoked.uuid}`)).json()).toEqual({
      message: AD_MESSAGES.metaDisconnected,
    });
    const left = (await call('GET', '/api/ad-meta-connections')).json().data as typeof states;
    expect(left.map((s) => s.customer_uuid)).not.toContain(revoked.uuid);
    const forgotten = await db.execute<{ meta_token_sealed: string | null }>(
      sql`select meta_token_sealed from ad_client_settings where customer_id = ${revoked.id}`,
    );
    expect(forgotten.rows[0]?.meta_token_sealed).toBeNull();
  });
});
