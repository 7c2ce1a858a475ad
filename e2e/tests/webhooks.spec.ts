import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { DEMO_PASSWORD, expectNoSidewaysScroll, openFromMenu, screenshot, signedInPage } from './support';

/**
 * A receiver on 127.0.0.1: the e2e server's OUTBOUND_ALLOW_HOSTS names that host (playwright.config.ts), which is
 * the only way the guarded client may call a loopback address.
 */
type Received = { headers: IncomingHttpHeaders; body: string; path: string };
const received: Received[] = [];
let receiver: Server;
let port = 0;

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body, path: req.url ?? '' });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('<b>received</b> by the e2e receiver');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});

test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

async function checkScreen(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, name);
  await screenshot(page, name);
}

async function apiSignIn(request: APIRequestContext) {
  const res = await request.post('/api/login', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD, cookie_login: false },
  });
  expect(res.ok()).toBeTruthy();
  return { authorization: `Bearer ${(await res.json()).data.auth_token}` };
}

/** Administration → Webhooks from the menu: the sidebar at desktop width, the drawer on a phone. */
/** Administration → Webhooks from the menu. */
async function openWebhooks(page: Page, width: number) {
  await openFromMenu(page, width, 'webhooks', 'admin');
  await expect(page).toHaveURL(/\/administration\/webhooks$/);
  await expect(page.getByTestId('webhooks-page')).toBeVisible();
}

const verified = (secret: string, header: string, body: string) => {
  const [t, v1] = header.split(',').map((part) => part.split('=')[1]);
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex') === v1;
};

for (const width of [1366, 390]) {
  test(`at ${width} px an admin subscribes a local receiver, sees a task's delivery in the log and redelivers it`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const page = await signedInPage(browser, 'admin@demo.test', width);
    await openWebhooks(page, width);
    // The demo's webhooks and their history.
    await expect(page.getByTestId('webhook-row-url').filter({ hasText: 'crm.brightside.invalid' })).toBeVisible();
    await checkScreen(page, `webhooks-${width}`);

    const path = `/hook-${width}-${Date.now()}`;
    await page.getByTestId('webhooks-new').click();
    await page.getByTestId('webhook-url').fill(`http://127.0.0.1:${port}${path}`);
    await page.getByTestId('webhook-event-task.created').check();
    await checkScreen(page, `webhook-new-${width}`);
    await page.getByTestId('webhook-save').click();
    const shown = page.getByTestId('webhook-secret-value');
    await expect(shown).toBeVisible();
    const secret = ((await shown.textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    // An event: a task made through the API.
    const headers = await apiSignIn(request);
    const plans = await (await request.get('/api/projects/lite?page[size]=1', { headers })).json();
    const title = `Webhook e2e ${width} ${Date.now()}`;
    const created = await request.post('/api/tasks', { headers, data: { title, project_id: plans.data[0].uuid } });
    expect(created.ok()).toBeTruthy();
    const taskUuid = (await created.json()).data.uuid as string;

    await expect.poll(() => received.filter((r) => r.path === path).length, { timeout: 30_000 }).toBe(1);
    const [first] = received.filter((r) => r.path === path);
    expect(verified(secret, String(first?.headers['x-portal-signature']), first?.body ?? '')).toBe(true);
    expect(JSON.parse(first?.body ?? '{}')).toMatchObject({ event: 'task.created', data: { uuid: taskUuid, title } });

    // The log (opened for the new webhook) shows the delivery with the receiver's answer as text.
    await page.getByTestId('webhook-secret-done').click();
    const log = page.getByTestId('webhook-deliveries');
    await expect(log.getByTestId('webhook-delivery-outcome').first()).toContainText('succeeded', { timeout: 20_000 });
    await expect(log.getByTestId('webhook-delivery-excerpt').first()).toContainText('<b>received</b>');
    await checkScreen(page, `webhook-deliveries-${width}`);

    await log.getByTestId('webhook-redeliver').first().click();
    await expect.poll(() => received.filter((r) => r.path === path).length, { timeout: 30_000 }).toBe(2);
    await expect(log.getByRole('row').filter({ hasText: 'succeeded' })).toHaveCount(2, { timeout: 20_000 });

    // Clean up: delete it from its row.
    const row = page.getByRole('row').filter({ hasText: path });
    await row.getByTestId('webhook-delete').click();
    await page.getByTestId('webhook-delete-confirm').click();
    await expect(page.getByRole('row').filter({ hasText: path })).toHaveCount(0);
    await page.context().close();
  });
}
