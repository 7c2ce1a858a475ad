import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import {
  adminToken,
  chooseOption,
  dragTo,
  expectNoSidewaysScroll,
  latestMailTo,
  openFromMenu,
  screenshot,
  signedInPage,
} from './support';

/**
 * Issue 22, content plans with client approval: staff plan three posts on the demo's content plan, send them for
 * approval, and the client — in a fresh browser without an account, on a phone — approves one and asks for changes
 * on another; the /content screen shows both answers without a reload, and the client's words in the item's
 * comment thread, where the team answers. A freelancer on the plan works /content with only their plans. At 1366 px
 * and 390 px, axe at each.
 */

/** Types into a Quill editor (the comment editors are Quill, not inputs). */
async function typeInEditor(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).locator('.ql-editor').click();
  await page.keyboard.type(text);
}

/**
 * A freelancer of their own, in a role holding the post family's reading and comments (the demo Freelancer role has
 * no POSTS_ permission), with a password set through the welcome link, made a member of the plan.
 */
async function contentFreelancer(request: APIRequestContext, token: string, planUuid: string) {
  const headers = { authorization: `Bearer ${token}` };
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const role = await request.post('/api/roles', {
    headers,
    data: {
      name: `Content freelancer ${stamp}`,
      permissions: ['DASHBOARD_READ', 'TASKS_READ', 'POSTS_READ', 'POSTS_UPDATE', 'COMMENTS_READ', 'COMMENTS_CREATE'],
    },
  });
  expect(role.ok(), await role.text()).toBe(true);
  const email = `content.freelancer.${stamp}@agency.test`;
  const contact = await request.post('/api/contacts', {
    headers,
    data: { name: `Tester Freelance ${stamp}`, email, type: 'freelancer', roles: [(await role.json()).data.uuid] },
  });
  expect(contact.ok(), await contact.text()).toBe(true);
  const userUuid = (await contact.json()).data.user.uuid as string;
  const link = new URL((await latestMailTo(email)).match(/https?:\/\/\S+\/reset\?\S+/)?.[0] ?? '');
  const password = `Freelance-${stamp}!`;
  const reset = await request.post('/api/reset-password', {
    data: { token: link.searchParams.get('token'), email, password, password_confirmation: password },
  });
  expect(reset.ok(), await reset.text()).toBe(true);
  const members = await request.get(`/api/projects/${planUuid}/users?page[size]=500`, { headers });
  const uuids = ((await members.json()).data as { uuid: string }[]).map((m) => m.uuid);
  const joined = await request.put(`/api/projects/${planUuid}`, { headers, data: { members: [...uuids, userUuid] } });
  expect(joined.ok(), await joined.text()).toBe(true);
  return { email, password };
}

async function check(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, name);
  await screenshot(page, name);
}

async function planItem(page: Page, platform: string | null, caption: string) {
  await page.getByTestId('content-new').click();
  const drawer = page.getByTestId('content-drawer');
  if (platform) {
    await chooseOption(page, 'content-platform', '', platform);
  }
  await drawer.getByTestId('content-caption').fill(caption);
  await expect(drawer.getByTestId('post-preview')).toContainText(caption.slice(0, 20));
  await drawer.getByTestId('content-save').click();
  await expect(drawer).toBeHidden();
}

test('three posts go out for approval; the client answers from the link and /content shows it live', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const seeded = await request.get('/api/content-items?page[size]=1', {
    headers: { authorization: `Bearer ${token}` },
  });
  const planTitle = (await seeded.json()).data[0].project.title as string;
  const stamp = Date.now().toString(36);

  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  await openFromMenu(page, 1366, 'content', 'marketing');
  await expect(page.getByTestId('page-title')).toHaveText('Content');
  await chooseOption(page, 'content-plan', planTitle.slice(0, 8), planTitle);
  await expect(page.getByTestId('content-card').first()).toBeVisible();
  await check(page, 'content-board-1366');

  await page.getByTestId('content-new').click();
  const drawer = page.getByTestId('content-drawer');
  await chooseOption(page, 'content-platform', '', 'X');
  await drawer.getByTestId('content-caption').fill('a'.repeat(290));
  await expect(drawer.getByTestId('content-caption-counter')).toHaveText('290 / 280');
  await expectNoSeriousViolations(page, 'content drawer at 1366');
  await drawer.getByTestId('content-save').click();
  await expect(page.getByText('A X caption may be at most 280 characters').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await planItem(page, null, `Approve me ${stamp}: spring lookbook is live`);
  await planItem(page, 'LinkedIn', `Change me ${stamp}: we are hiring in Austin`);
  await planItem(page, 'X', `Third ${stamp}: flash sale tonight`);

  await page.getByTestId('content-view').getByText('Table').click();
  await page.getByTestId('content-search').locator('input').fill(stamp);
  const rows = page.getByTestId('content-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await page.getByTestId('content-table').locator('thead .ant-checkbox-input').check();
  await page.getByTestId('content-send-approval').click();
  const url = (await page.getByTestId('content-approval-url').textContent()) ?? '';
  expect(url).toMatch(/\/approve\/[A-Za-z0-9_-]+$/);
  await page.keyboard.press('Escape');
  await expect(rows.getByTestId('content-status-cell')).toHaveText(['In review', 'In review', 'In review']);
  await check(page, 'content-table-1366');

  // The client: a fresh browser context, no account, a phone.
  const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const client = await clientContext.newPage();
  await client.goto(new URL(url).pathname);
  const items = client.getByTestId('approval-item');
  await expect(items).toHaveCount(3);
  await check(client, 'content-approval-390');
  const approveMe = items.filter({ hasText: `Approve me ${stamp}` });
  await approveMe.getByTestId('approval-approve').click();
  await expect(approveMe.getByTestId('approval-status')).toHaveText('Approved');
  const changeMe = items.filter({ hasText: `Change me ${stamp}` });
  await changeMe.getByTestId('approval-request-changes').click();
  await changeMe.getByTestId('approval-comment').fill('Please use the photo of the Austin office');
  await changeMe.getByTestId('approval-request-changes').click();
  await expect(changeMe.getByTestId('approval-status')).toHaveText('Changes requested');
  await clientContext.close();

  // Back on /content, never reloaded: the client's answers arrived live.
  await expect(rows.filter({ hasText: `Approve me ${stamp}` }).getByTestId('content-status-cell')).toHaveText(
    'Approved',
  );
  await expect(rows.filter({ hasText: `Change me ${stamp}` }).getByTestId('content-status-cell')).toHaveText(
    'Changes requested',
  );

  // The client's words are in the item's thread, marked as theirs; the team answers there.
  await rows
    .filter({ hasText: `Change me ${stamp}` })
    .getByTestId('content-open')
    .click();
  const thread = page.getByTestId('content-comments');
  const clientComment = thread
    .getByTestId('comment-item')
    .filter({ hasText: 'Please use the photo of the Austin office' });
  await expect(clientComment.getByTestId('comment-origin')).toHaveText('Client, via the approval link');
  await typeInEditor(page, 'comment-editor', `New photo uploaded ${stamp}`);
  await thread.getByTestId('comment-send').click();
  await expect(thread.getByTestId('comment-item').filter({ hasText: `New photo uploaded ${stamp}` })).toBeVisible();
  await check(page, 'content-comments-1366');
  await page.keyboard.press('Escape');

  // The calendar view is the app's calendar: an item sits on its day, and a drag reschedules it (same time of day).
  const headers = { authorization: `Bearer ${token}` };
  const planUuid = (await seeded.json()).data[0].project.uuid as string;
  const month = new Date().toISOString().slice(0, 8);
  const created = await request.post('/api/content-items', {
    headers,
    data: {
      project_uuid: planUuid,
      platform: 'instagram',
      caption: `Calendar ${stamp}`,
      scheduled_at: `${month}10T12:00:00Z`,
    },
  });
  const calendarItem = (await created.json()).data.uuid as string;
  await page.getByTestId('content-view').getByText('Calendar').click();
  const day = (date: string) => page.locator(`td.fc-daygrid-day[data-date="${month}${date}"]`);
  const chip = day('10').getByTestId(`content-event-${calendarItem}`);
  await expect(chip).toContainText(`Instagram · Draft: Calendar ${stamp}`);
  await check(page, 'content-calendar-1366');
  await dragTo(page, chip, day('12'));
  await expect(day('12').getByTestId(`content-event-${calendarItem}`)).toBeVisible();
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/content-items/${calendarItem}`, { headers })).json()).data.scheduled_at,
    )
    .toBe(`${month}12T12:00:00.000Z`);
  await page.context().close();
});

test('a freelancer on the plan sees only their plans on /content and comments on an item (390 px)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const seeded = await request.get('/api/content-items?page[size]=1', {
    headers: { authorization: `Bearer ${token}` },
  });
  const plan = (await seeded.json()).data[0].project as { uuid: string; title: string };
  const freelancer = await contentFreelancer(request, token, plan.uuid);
  const stamp = Date.now().toString(36);

  const page = await signedInPage(browser, freelancer.email, 390, freelancer.password);
  await openFromMenu(page, 390, 'content');
  await page.getByTestId('content-plan').click();
  // Their one plan, and no other of the demo's plans.
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText([plan.title]);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').click();
  await expect(page.getByTestId('content-card').first()).toBeVisible();
  await page.getByTestId('content-card-open').first().click();
  const thread = page.getByTestId('content-comments');
  await typeInEditor(page, 'comment-editor', `Draft reworked ${stamp}`);
  await thread.getByTestId('comment-send').click();
  await expect(thread.getByTestId('comment-item').filter({ hasText: `Draft reworked ${stamp}` })).toBeVisible();
  await check(page, 'content-freelancer-390');
  await page.context().close();
});

test('on a phone, /content opens from the drawer menu and its views fit the width (390 px)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const seeded = await request.get('/api/content-items?page[size]=1', {
    headers: { authorization: `Bearer ${token}` },
  });
  const planTitle = (await seeded.json()).data[0].project.title as string;
  const page = await signedInPage(browser, 'admin@demo.test', 390);
  await openFromMenu(page, 390, 'content');
  await chooseOption(page, 'content-plan', planTitle.slice(0, 8), planTitle);
  await expect(page.getByTestId('content-card').first()).toBeVisible();
  await check(page, 'content-board-390');
  await page.getByTestId('content-view').getByText('Calendar').click();
  await expect(page.getByTestId('content-calendar')).toBeVisible();
  await check(page, 'content-calendar-390');
  await page.getByTestId('content-view').getByText('Table').click();
  await expect(page.getByTestId('content-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await check(page, 'content-table-390');
  await page.context().close();
});
