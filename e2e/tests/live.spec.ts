import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, screenshot, signIn } from './support';

const stamp = Date.now().toString(36);
// Two browsers and a shared 2-core machine: screens may take a while to open; live updates still must not need a reload.
test.setTimeout(150_000);
const OPEN = { timeout: 30_000 };

async function apiSignIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD, cookie_login: false } });
  expect(res.ok()).toBeTruthy();
  const { data } = await res.json();
  return { uuid: data.uuid as string, headers: { authorization: `Bearer ${data.auth_token}` } };
}

/** A second person in their own browser context (own storage, own socket). */
async function personPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, email);
  await expect(page.getByTestId('sidebar')).toBeVisible(OPEN);
  return page;
}

async function createTask(request: APIRequestContext, headers: Record<string, string>, title: string) {
  const plans = await (await request.get('/api/projects/lite?page[size]=999', { headers })).json();
  const plan = plans.data.find((p: { title: string }) => p.title === 'Bella Vista social') ?? plans.data[0];
  const created = await request.post('/api/tasks', { headers, data: { title, project_id: plan.uuid } });
  expect(created.ok(), await created.text()).toBeTruthy();
  return (await created.json()).data.uuid as string;
}

test('live: the admin’s title change appears in the manager’s open drawer and kanban without a reload', async ({
  browser,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin@demo.test');
  const title = `Live title ${stamp}`;
  const uuid = await createTask(request, admin.headers, title);

  const manager = await personPage(browser, 'manager@demo.test');
  await manager.goto(`/tasks?view=kanban&task_uuid=${uuid}`);
  const titleField = manager.getByTestId('task-drawer').getByTestId('task-title');
  await expect(titleField).toHaveValue(title, OPEN);
  const renamed = `Renamed live ${stamp}`;
  const res = await request.put(`/api/tasks/${uuid}`, { headers: admin.headers, data: { title: renamed } });
  expect(res.ok()).toBeTruthy();

  await expect(titleField).toHaveValue(renamed, { timeout: 10_000 });
  await manager.getByTestId('task-drawer').locator('.ant-drawer-close').click();
  await expect(manager.getByTestId('kanban-card').filter({ hasText: renamed })).toBeVisible({ timeout: 10_000 });
  await screenshot(manager, 'live-kanban');
  await manager.context().close();
});

test('live: two people type in one description, see the same text and each other’s cursor', async ({
  browser,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin@demo.test');
  const uuid = await createTask(request, admin.headers, `Shared description ${stamp}`);
  const one = await personPage(browser, 'admin@demo.test');
  const two = await personPage(browser, 'manager@demo.test');
  for (const page of [one, two]) {
    await page.goto(`/tasks?task_uuid=${uuid}`);
    await expect(page.getByTestId('task-description-editor').locator('.ql-editor')).toBeVisible(OPEN);
  }
  const editorOne = one.getByTestId('task-description-editor').locator('.ql-editor');
  const editorTwo = two.getByTestId('task-description-editor').locator('.ql-editor');

  await editorOne.click();
  await one.keyboard.type('Hello from the admin.');
  await expect(editorTwo).toContainText('Hello from the admin.');
  await editorTwo.click();
  await two.keyboard.press('Control+End');
  await two.keyboard.type(' And the manager.');
  await expect(editorOne).toContainText('Hello from the admin. And the manager.');
  await expect(editorTwo).toContainText('Hello from the admin. And the manager.');

  // Each sees the other's cursor with the person's name (the flag itself hides 3000 ms after the cursor moved).
  await expect(one.locator('.ql-cursor-name')).toHaveText(['Jamie Rivera']);
  await expect(two.locator('.ql-cursor-name')).toHaveText(['Alex Morgan']);
  await expect(one.getByTestId('task-description-status')).toHaveText('Saved', { timeout: 10_000 });
  await screenshot(two, 'live-description');

  // The stored description is the shared text.
  const stored = await (await request.get(`/api/tasks/${uuid}/description-delta`, { headers: admin.headers })).json();
  expect(JSON.stringify(stored.data.description_delta)).toContain('Hello from the admin. And the manager.');

  // A server that stops and comes back: live-server-stop.spec.ts (a second app instance the test really stops).
  await one.context().close();
  await two.context().close();
});

test('live: a new notification raises the bell without a reload', async ({ browser, request }) => {
  const admin = await apiSignIn(request, 'admin@demo.test');
  const manager = await apiSignIn(request, 'manager@demo.test');
  const page = await personPage(browser, 'manager@demo.test');
  await expect(page.getByTestId('notification-bell')).toBeVisible(OPEN);
  const badge = page.getByTestId('notification-badge').locator('.count-badge-count');
  // The count before, from the server; the page shows it first (read off the page, it could still be loading or
  // mid-animation: '67' on the way to 7).
  const count = await request.get('/api/notifications/count', { headers: manager.headers });
  const before = Number((await count.json()).data.unread);
  if (before > 0) {
    await expect(badge).toHaveText(String(before), OPEN);
  }

  const plans = await (await request.get('/api/projects/lite?page[size]=999', { headers: admin.headers })).json();
  const created = await request.post('/api/tasks', {
    headers: admin.headers,
    data: { title: `Bell live ${stamp}`, project_id: plans.data[0].uuid, responsibles: [manager.uuid] },
  });
  expect(created.ok()).toBeTruthy();
  // The count arrives live within 5 s (antd sets the badge's title at once); its digits then roll into place, which
  // without motion (reduced motion, as the e2e browser asks) antd settles on a one-second timer.
  await expect(badge).toHaveAttribute('title', String(before + 1), { timeout: 5_000 });
  await expect(badge).toHaveText(String(before + 1));
  await page.context().close();
});

test('live: a comment appears in the open drawer and its mention raises the Mentions badge without a reload', async ({
  browser,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin@demo.test');
  const taskUuid = await createTask(request, admin.headers, `Live comment ${stamp}`);
  const page = await personPage(browser, 'manager@demo.test');
  await page.goto(`/tasks?task_uuid=${taskUuid}`);
  await page.getByTestId('task-tab-comments').click(OPEN);
  await expect(page.getByTestId('comments-panel')).toBeVisible(OPEN);
  const badge = page.getByTestId('nav-mentions-badge').locator('.count-badge-count');
  const manager = await apiSignIn(request, 'manager@demo.test');
  const mentions = await request.get('/api/mentions/count', { headers: manager.headers });
  const before = Number((await mentions.json()).inbox_unread);
  if (before > 0) {
    await expect(badge).toHaveText(String(before), OPEN);
  }

  const found = await request.get('/api/mentions/mentionables?search_term=Jamie', { headers: admin.headers });
  expect(found.ok(), await found.text()).toBeTruthy();
  const jamie = ((await found.json()).data as { uuid: string; name: string; type: string }[]).find(
    (person) => person.name === 'Jamie Rivera',
  );
  expect(jamie).toBeTruthy();
  const text = `Live hello ${stamp}`;
  const posted = await request.post(`/api/tasks/${taskUuid}/comments`, {
    headers: admin.headers,
    data: { text, related_users: [{ uuid: jamie?.uuid, type: jamie?.type }] },
  });
  expect(posted.ok(), await posted.text()).toBeTruthy();

  await expect(page.getByTestId('comment-item').filter({ hasText: text })).toBeVisible({ timeout: 5_000 });
  await expect(badge).toHaveAttribute('title', String(before + 1), { timeout: 5_000 });
  await expect(badge).toHaveText(String(before + 1));
  await page.context().close();
});
