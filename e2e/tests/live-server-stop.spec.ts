import { type APIRequestContext, expect, test } from '@playwright/test';
import { startSecondInstance } from './second-instance';
import { DEMO_PASSWORD, signIn } from './support';

const stamp = Date.now().toString(36);
test.setTimeout(180_000);
const OPEN = { timeout: 30_000 };

async function apiSignIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD, cookie_login: false } });
  expect(res.ok()).toBeTruthy();
  return { authorization: `Bearer ${(await res.json()).data.auth_token}` };
}

/**
 * The browser works against a second instance of the app (same database) that the test really stops: its
 * websockets close because the process ends, not because the browser was told it is offline. The editor then says
 * 'Disconnected'; what is typed meanwhile stays in the browser and is stored once the server is back.
 */
test('live: the save status shows disconnected when the server stops, and recovers when it is back', async ({
  browser,
  request,
}) => {
  const headers = await apiSignIn(request, 'admin@demo.test');
  const plans = await (await request.get('/api/projects/lite?page[size]=999', { headers })).json();
  const created = await request.post('/api/tasks', {
    headers,
    data: { title: `Server stop ${stamp}`, project_id: plans.data[0].uuid },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const uuid = (await created.json()).data.uuid as string;
  const storedText = async () => {
    const res = await request.get(`/api/tasks/${uuid}/description-delta`, { headers });
    return JSON.stringify((await res.json()).data.description_delta);
  };

  const server = await startSecondInstance();
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, 'admin@demo.test');
    await expect(page.getByTestId('sidebar')).toBeVisible(OPEN);
    await page.goto(`/tasks?task_uuid=${uuid}`);
    const editor = page.getByTestId('task-description-editor').locator('.ql-editor');
    const status = page.getByTestId('task-description-status');
    await expect(editor).toBeVisible(OPEN);
    await editor.click();
    await page.keyboard.type('Before the stop.');
    await expect(status).toHaveText('Saved', { timeout: 15_000 });

    await server.stop();
    await expect(status).toHaveText('Disconnected', { timeout: 15_000 });
    await page.keyboard.type(' While it was away.');
    expect(await storedText()).not.toContain('While it was away.');

    await server.start();
    // The provider reconnects on its own (backing off up to 30 s), sends what was typed, and the store says so.
    await expect(status).toHaveText('Saved', { timeout: 60_000 });
    await expect.poll(storedText, { timeout: 15_000 }).toContain('Before the stop. While it was away.');
  } finally {
    await context.close();
    await server.stop();
  }
});
