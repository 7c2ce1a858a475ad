import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSidewaysScroll, screenshot, signedInPage } from './support';

/**
 * The tasks table (issue 10): its columns sort on the server and the sort survives a reload; a title and a status
 * are edited in place, and a status the server refuses shows its message beside the open edit.
 */
const stamp = Date.now().toString(36);

async function apiSignIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD, cookie_login: false } });
  expect(res.ok()).toBeTruthy();
  const { data } = await res.json();
  return { authorization: `Bearer ${data.auth_token}` };
}

async function createTask(request: APIRequestContext, headers: Record<string, string>, data: object) {
  const res = await request.post('/api/tasks', { headers, data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data as { uuid: string; title: string };
}

async function firstPlan(request: APIRequestContext, headers: Record<string, string>) {
  const plans = await (await request.get('/api/projects/lite?page[size]=999', { headers })).json();
  return plans.data[0] as { uuid: string };
}

const rowTitles = (page: Page) => page.getByTestId('task-row').getByTestId('task-row-title');

test.use({ actionTimeout: 20_000 });

test('the tasks table sorts by a column on the server and keeps the sort through a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await apiSignIn(request, 'admin@demo.test');
  const plan = await firstPlan(request, headers);
  // Created in an order that is neither the titles' order nor its reverse, so newest-first differs from both.
  for (const [letter, end] of [
    ['b', '2030-01-03'],
    ['C', '2030-01-01'],
    ['a', '2030-01-02'],
  ]) {
    await createTask(request, headers, { title: `Sort ${stamp} ${letter}`, project_id: plan.uuid, end_date: end });
  }
  const page = await signedInPage(browser, 'admin@demo.test');
  await page.goto(`/tasks?search=${encodeURIComponent(`Sort ${stamp}`)}`);
  await expect(rowTitles(page)).toHaveText([`Sort ${stamp} a`, `Sort ${stamp} C`, `Sort ${stamp} b`], {
    timeout: 30_000,
  });

  const table = page.getByTestId('tasks-table');
  await table.getByRole('columnheader', { name: 'Title' }).click();
  await expect(page).toHaveURL(/sort=title/);
  // Case-insensitive, as a person reads titles.
  await expect(rowTitles(page)).toHaveText([`Sort ${stamp} a`, `Sort ${stamp} b`, `Sort ${stamp} C`]);
  // One click at a time, each after the last one reached the address (a second click while the first one's rows
  // load would be read against the old sort).
  await table.getByRole('columnheader', { name: 'Due date' }).click();
  await expect(page).toHaveURL(/sort=end_date/);
  await expect(rowTitles(page)).toHaveText([`Sort ${stamp} C`, `Sort ${stamp} a`, `Sort ${stamp} b`]);
  await table.getByRole('columnheader', { name: 'Due date' }).click();
  await expect(page).toHaveURL(/sort=-end_date/);
  await expect(rowTitles(page)).toHaveText([`Sort ${stamp} b`, `Sort ${stamp} a`, `Sort ${stamp} C`]);

  await page.reload();
  await expect(page.getByTestId('tasks-table').getByRole('columnheader', { name: 'Due date' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(rowTitles(page)).toHaveText([`Sort ${stamp} b`, `Sort ${stamp} a`, `Sort ${stamp} C`], {
    timeout: 30_000,
  });
  await screenshot(page, 'tasks-table-sorted-by-due-date');
  await page.context().close();
});

test('a task title is edited in place and saved; a refused status shows its message without losing the choice', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await apiSignIn(request, 'admin@demo.test');
  const plan = await firstPlan(request, headers);
  const task = await createTask(request, headers, { title: `Edit ${stamp} draft`, project_id: plan.uuid });
  const parent = await createTask(request, headers, { title: `Edit ${stamp} parent`, project_id: plan.uuid });
  await createTask(request, headers, {
    title: `Edit ${stamp} open child`,
    project_id: plan.uuid,
    parent_id: parent.uuid,
  });

  const page = await signedInPage(browser, 'admin@demo.test');
  await page.goto(`/tasks?search=${encodeURIComponent(`Edit ${stamp}`)}&sort=title`);
  await expect(page.getByTestId('task-row')).toHaveCount(3, { timeout: 30_000 });

  const draftRow = page.getByTestId('task-row').filter({ hasText: `Edit ${stamp} draft` });
  await draftRow.getByTestId('tasks-cell-title-edit').click();
  // The open edit shows the title in an input, no longer as the row's text: the one open input is the page's.
  const input = page.getByTestId('tasks-cell-title-input');
  await input.fill(`Edit ${stamp} final`);
  await input.press('Enter');
  await expect(page.getByTestId('task-row').filter({ hasText: `Edit ${stamp} final` })).toBeVisible();
  await expect(page.getByText('Updated the changes.')).toBeVisible();
  const saved = await (await request.get(`/api/tasks/${task.uuid}`, { headers })).json();
  expect(saved.data.title).toBe(`Edit ${stamp} final`);

  // Completing a task whose subtask is open is refused by the server (doc 2 §4): the message shows in the cell.
  const parentRow = page.getByTestId('task-row').filter({ hasText: `Edit ${stamp} parent` });
  await parentRow.getByTestId('tasks-cell-status-edit').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Completed$/ }).click();
  await expect(parentRow.getByTestId('tasks-cell-status-error')).toHaveText(
    'You must complete all subtasks before complete this one.',
  );
  await expect(parentRow.getByTestId('tasks-cell-status-input')).toContainText('Completed');
  await screenshot(page, 'tasks-table-status-refused');
  const unchanged = await (await request.get(`/api/tasks/${parent.uuid}`, { headers })).json();
  expect(unchanged.data.status).not.toBe('completed');
  // Escape gives up the edit: the cell shows the stored status again.
  await page.keyboard.press('Escape');
  await expect(parentRow.getByTestId('tasks-cell-status-error')).toBeHidden();
  await expect(parentRow.getByTestId('task-row-status')).not.toHaveText('Completed');
  await page.context().close();
});

test("a time log's comment and time are corrected in place in the task's Timelogs; zero time shows the server's message", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await apiSignIn(request, 'admin@demo.test');
  const plan = await firstPlan(request, headers);
  const task = await createTask(request, headers, { title: `Logs ${stamp}`, project_id: plan.uuid });
  const logged = await request.post('/api/time-log', {
    headers,
    data: { task_id: task.uuid, date: '2026-11-20', minutes: 45, description: 'Drafting', status: 'completed' },
  });
  expect(logged.ok(), await logged.text()).toBeTruthy();
  const log = (await logged.json()).data as { uuid: string };

  const page = await signedInPage(browser, 'admin@demo.test');
  await page.goto(`/tasks?task_uuid=${task.uuid}`);
  await expect(page.getByTestId('task-drawer-heading')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('task-tab-timelogs').click();
  const logs = page.getByTestId('task-timelogs');
  await expect(logs.getByTestId('timelog-row')).toHaveCount(1);

  await logs.getByTestId('task-timelogs-cell-comment-edit').click();
  await logs.getByTestId('task-timelogs-cell-comment-input').fill('Drafting the brief');
  await logs.getByTestId('task-timelogs-cell-comment-input').press('Enter');
  await expect(logs.getByTestId('timelog-row')).toContainText('Drafting the brief');

  await logs.getByTestId('task-timelogs-cell-tracked-edit').click();
  const time = logs.getByTestId('task-timelogs-cell-tracked-input');
  await expect(time).toHaveValue('00:45');
  await time.fill('0');
  await time.press('Enter');
  await expect(logs.getByTestId('task-timelogs-cell-tracked-error')).toHaveText('Time should be bigger than 00:00');
  await expect(time).toHaveValue('0');
  await time.fill('1:30');
  await time.press('Enter');
  await expect(logs.getByTestId('timelog-tracked')).toHaveText('01:30');
  const saved = await (await request.get(`/api/time-log?filters[task.uuid]=${task.uuid}`, { headers })).json();
  expect(saved.data.find((l: { uuid: string }) => l.uuid === log.uuid)).toMatchObject({
    minutes: 90,
    description: 'Drafting the brief',
  });
  await page.context().close();
});

test('a plan is renamed in place from the Plans table and the name is saved', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const headers = await apiSignIn(request, 'admin@demo.test');
  const me = (await (await request.get('/api/user', { headers })).json()).data as { uuid: string };
  const created = await request.post('/api/projects', {
    headers,
    data: { business_name: `Inline ${stamp}`, plan: 'retainer', refill: '10:00', project_manager_id: me.uuid },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const plan = (await created.json()).data as { uuid: string };

  const page = await signedInPage(browser, 'admin@demo.test');
  await page.goto(`/projects?search=${encodeURIComponent(`Inline ${stamp}`)}`);
  await expect(page.getByTestId('plan-row-link')).toHaveCount(1, { timeout: 30_000 });
  await page.getByTestId('plans-cell-title-edit').click();
  const input = page.getByTestId('plans-cell-title-input');
  await input.fill('');
  await input.fill(`Inline ${stamp} renamed`);
  await input.press('Enter');
  await expect(page.getByTestId('plan-row-link')).toHaveText(`Inline ${stamp} renamed`);
  const saved = await (await request.get(`/api/projects/${plan.uuid}`, { headers })).json();
  expect(saved.data.title).toBe(`Inline ${stamp} renamed`);
  await page.context().close();
});

test("a person's name is corrected in place on the Users screen", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const headers = await apiSignIn(request, 'admin@demo.test');
  const created = await request.post('/api/contacts', {
    headers,
    data: { name: `Pat ${stamp} Typo`, type: 'contact', status: 'active' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const contact = (await created.json()).data as { uuid: string };

  const page = await signedInPage(browser, 'admin@demo.test');
  await page.goto(`/users?search=${encodeURIComponent(`Pat ${stamp}`)}`);
  await expect(page.getByTestId('user-row-link')).toHaveCount(1, { timeout: 30_000 });
  await page.getByTestId('users-cell-name-edit').click();
  const input = page.getByTestId('users-cell-name-input');
  await input.fill(`Pat ${stamp} Fixed`);
  await input.press('Enter');
  await expect(page.getByTestId('user-row-link')).toHaveText(`Pat ${stamp} Fixed`);
  const saved = await (await request.get(`/api/contacts/${contact.uuid}`, { headers })).json();
  expect(saved.data.name).toBe(`Pat ${stamp} Fixed`);
  await page.context().close();
});

test('the roles table sorts by name or by how many people hold a role, kept in the address through a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, 'admin@demo.test');
  await page.goto('/roles');
  const items = page.getByTestId('role-item');
  await expect(items.first()).toBeVisible({ timeout: 30_000 });
  const names = () => items.evaluateAll((nodes) => nodes.map((n) => n.querySelector('td')?.textContent ?? ''));
  const byName = await names();
  // The table's natural order (DataTable clientRows.ts): numbers inside names compare as numbers ('390' before '1366').
  expect(byName).toEqual(
    [...byName].sort((x, y) => x.localeCompare(y, undefined, { numeric: true, sensitivity: 'base' })),
  );

  // A second click on Name sorts it the other way.
  const nameHeader = page.getByTestId('roles-table').locator('th', { hasText: 'Name' });
  await nameHeader.click();
  await expect(page).toHaveURL(/sort=-name/);
  const reversed = [...byName].reverse();
  await expect(items.first()).toContainText(reversed[0] ?? '');
  await page.reload();
  await expect(items.first()).toContainText(reversed[0] ?? '', { timeout: 30_000 });

  // By how many users hold a role: the counts fall row by row.
  await page.getByTestId('roles-table').locator('th', { hasText: 'Users' }).click();
  await expect(page).toHaveURL(/sort=users_count/);
  const counts = await items.evaluateAll((nodes) => nodes.map((n) => Number(n.querySelectorAll('td')[2]?.textContent)));
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(items.first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'roles-390');
  await page.context().close();
});

for (const width of [1366, 390]) {
  test(`the sorted tasks table with an open edit fits ${width} px without sideways scroll`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const headers = await apiSignIn(request, 'admin@demo.test');
    const plan = await firstPlan(request, headers);
    await createTask(request, headers, { title: `Fit ${stamp} ${width}`, project_id: plan.uuid });
    const page = await signedInPage(browser, 'admin@demo.test', width);
    await page.goto(`/tasks?search=${encodeURIComponent(`Fit ${stamp} ${width}`)}&sort=-priority`);
    await expect(page.getByTestId('task-row')).toHaveCount(1, { timeout: 30_000 });
    await page.getByTestId('tasks-cell-title-edit').click();
    await expect(page.getByTestId('tasks-cell-title-input')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.keyboard.press('Escape');
    await page.context().close();
  });
}
