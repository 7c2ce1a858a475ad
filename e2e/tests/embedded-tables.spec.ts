import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSidewaysScroll, screenshot, signedInPage } from './support';

/**
 * Tables inside the task drawer on the DataTable toolkit (issue 10): the Timelogs tab sorts on the server and the
 * subtasks in the browser, a hidden column stays hidden, and all of it survives a reload without touching the
 * address (the drawer's task_uuid is the page's). At 1366 and 390 px nothing scrolls sideways.
 */
const stamp = Date.now().toString(36);

type Api = { headers: Record<string, string> };

async function apiSignIn(request: APIRequestContext): Promise<Api> {
  const res = await request.post('/api/login', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD, cookie_login: false },
  });
  expect(res.ok()).toBeTruthy();
  return { headers: { authorization: `Bearer ${(await res.json()).data.auth_token}` } };
}

async function post(request: APIRequestContext, api: Api, path: string, data: object) {
  const res = await request.post(`/api${path}`, { headers: api.headers, data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
  return (await res.json()).data as { uuid: string };
}

/** A task with three subtasks (Zulu, Alpha, Mike) and three logs of 00:45, 01:30 and 00:15, made in that order. */
async function taskWithRows(request: APIRequestContext): Promise<string> {
  const api = await apiSignIn(request);
  const plans = await (await request.get('/api/projects/lite?page[size]=999', { headers: api.headers })).json();
  const plan = plans.data[0] as { uuid: string };
  const parent = await post(request, api, '/tasks', { title: `Embedded ${stamp}`, project_id: plan.uuid });
  for (const name of ['Zulu', 'Alpha', 'Mike']) {
    await post(request, api, '/tasks', { title: `${name} ${stamp}`, project_id: plan.uuid, parent_id: parent.uuid });
  }
  for (const [minutes, description] of [
    [45, 'First log'],
    [90, 'Second log'],
    [15, 'Third log'],
  ] as const) {
    await post(request, api, '/time-log', {
      task_id: parent.uuid,
      date: '2026-11-20',
      minutes,
      description,
      status: 'completed',
    });
  }
  return parent.uuid;
}

const tracked = (page: Page) => page.getByTestId('task-timelogs').getByTestId('timelog-tracked');
const subtaskTitles = (page: Page) => page.getByTestId('task-subtasks').getByTestId('subtask-title');

async function openTimelogs(page: Page, taskUuid: string) {
  await page.goto(`/tasks?task_uuid=${taskUuid}`);
  await expect(page.getByTestId('task-drawer-heading')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('task-tab-timelogs').click();
  await expect(page.getByTestId('task-timelogs-count')).toHaveText('3 timelogs found');
}

test('task drawer tables: sort and hidden columns kept across a reload, not in the address; 1366 and 390 px', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const taskUuid = await taskWithRows(request);
  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  await openTimelogs(page, taskUuid);

  // Newest date first, then newest entry: the order they were made, reversed.
  await expect(tracked(page)).toHaveText(['00:15', '01:30', '00:45']);
  const timelogs = page.getByTestId('task-timelogs-table');
  await timelogs.locator('th', { hasText: 'Tracked' }).click();
  await expect(tracked(page)).toHaveText(['00:15', '00:45', '01:30']);
  await timelogs.locator('th', { hasText: 'Tracked' }).click();
  await expect(tracked(page)).toHaveText(['01:30', '00:45', '00:15']);

  // The Comment column hidden through the Columns menu.
  await page.getByTestId('task-timelogs-columns').click();
  // The menu opens with an animation; a click that lands while it still moves is lost, so click again.
  await expect(async () => {
    await page.getByTestId('task-timelogs-column-comment').click({ timeout: 2000 });
    await expect(timelogs.locator('th', { hasText: 'Comment' })).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  // The menu stays open for the next column; it passes axe as it is.
  await expect(page.getByTestId('task-timelogs-column-date')).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .include('.ant-dropdown:not(.ant-dropdown-hidden)')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(timelogs.locator('th', { hasText: 'Comment' })).toHaveCount(0);
  await expect(timelogs.getByText('Second log')).toHaveCount(0);

  // Subtasks in the order they were added, then by title.
  await expect(subtaskTitles(page)).toHaveText([`Zulu ${stamp}`, `Alpha ${stamp}`, `Mike ${stamp}`]);
  await page.getByTestId('task-subtasks-table').locator('th', { hasText: 'Title' }).click();
  await expect(subtaskTitles(page)).toHaveText([`Alpha ${stamp}`, `Mike ${stamp}`, `Zulu ${stamp}`]);

  // The address is the page's: only the drawer's task.
  expect(new URL(page.url()).search).toBe(`?task_uuid=${taskUuid}`);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'embedded-tables-1366');

  await page.reload();
  await expect(page.getByTestId('task-drawer-heading')).toBeVisible({ timeout: 30_000 });
  await expect(subtaskTitles(page)).toHaveText([`Alpha ${stamp}`, `Mike ${stamp}`, `Zulu ${stamp}`]);
  await page.getByTestId('task-tab-timelogs').click();
  await expect(tracked(page)).toHaveText(['01:30', '00:45', '00:15']);
  await expect(page.getByTestId('task-timelogs-table').locator('th', { hasText: 'Comment' })).toHaveCount(0);
  expect(new URL(page.url()).search).toBe(`?task_uuid=${taskUuid}`);

  // Reload in the tab reads the list again (a log added elsewhere appears).
  const api = await apiSignIn(request);
  await post(request, api, '/time-log', {
    task_id: taskUuid,
    date: '2026-11-21',
    minutes: 60,
    description: 'Added elsewhere',
    status: 'completed',
  });
  await page.getByTestId('task-timelogs-reload').click();
  await expect(page.getByTestId('task-timelogs-count')).toHaveText('4 timelogs found');
  await expect(tracked(page)).toHaveText(['01:30', '01:00', '00:45', '00:15']);

  // A phone: the drawer takes the width, its tables scroll inside themselves, the page does not.
  const phone = await signedInPage(browser, 'admin@demo.test', 390);
  await phone.goto(`/tasks?task_uuid=${taskUuid}`);
  await expect(phone.getByTestId('task-drawer-heading')).toBeVisible({ timeout: 30_000 });
  await expect(subtaskTitles(phone)).toHaveCount(3);
  await phone.getByTestId('task-tab-timelogs').click();
  await expect(tracked(phone)).toHaveCount(4);
  await expectNoSidewaysScroll(phone);
  const drawerBody = phone.getByTestId('task-drawer').locator('.ant-drawer-body');
  await expect.poll(() => drawerBody.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(phone, 'embedded-tables-390');
});

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

test("timelog report's per-person breakdown: its sort stays off the page's address and survives a reload", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await apiSignIn(request);
  const report = await (await request.get('/api/reports/time-logs', { headers: api.headers })).json();
  const minutes = (report.totals.by_user as { minutes: number }[]).map((u) => u.minutes);
  expect(minutes.length, 'the demo week has several people logging').toBeGreaterThan(1);

  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  await page.goto('/timelog-report');
  await page.getByRole('tab', { name: 'By person' }).click();
  const table = page.getByTestId('timelog-report-by-user-table');
  const firstTime = table.locator('tbody tr.ant-table-row').first().locator('td').nth(2);
  await expect(firstTime).toHaveText(hhmm(Math.max(...minutes)), { timeout: 30_000 });
  await table.locator('th', { hasText: /^Time$/ }).click();
  await expect(firstTime).toHaveText(hhmm(Math.min(...minutes)));
  expect(new URL(page.url()).searchParams.has('sort')).toBe(false);

  await page.reload();
  await page.getByRole('tab', { name: 'By person' }).click();
  await expect(firstTime).toHaveText(hhmm(Math.min(...minutes)), { timeout: 30_000 });
  await expectNoSidewaysScroll(page);

  const phone = await signedInPage(browser, 'admin@demo.test', 390);
  await phone.goto('/timelog-report');
  await phone.getByRole('tab', { name: 'By person' }).click();
  await expect(phone.getByTestId('timelog-report-by-user-table').locator('tbody tr.ant-table-row').first()).toBeVisible(
    { timeout: 30_000 },
  );
  await expectNoSidewaysScroll(phone);
  await screenshot(phone, 'embedded-report-breakdown-390');
});

test("a request's Tasks tab sorts its tasks, keeps the sort across a reload, and fits 1366 and 390 px", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await apiSignIn(request);
  const plans = await (await request.get('/api/projects/lite?page[size]=999', { headers: api.headers })).json();
  const plan = plans.data.find((p: { title: string }) => p.title === 'Harbor Dental retainer') ?? plans.data[0];
  const people = await (
    await request.get(`/api/projects/${plan.uuid}/users?page[size]=50`, { headers: api.headers })
  ).json();
  const created = await post(request, api, '/requests', {
    status: 'new',
    subject: `Embedded tasks ${stamp}`,
    project_id: plan.uuid,
    requester_id: people.data[0].uuid,
    estimated_time_range: '1-2',
  });
  for (const name of ['Yankee', 'Bravo', 'Kilo']) {
    await post(request, api, '/tasks', {
      title: `${name} ${stamp}`,
      project_id: plan.uuid,
      add_requests: [created.uuid],
    });
  }

  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  await page.goto(`/requests/${created.uuid}`);
  await page.getByTestId('request-tab-tasks').click();
  const titles = page.getByTestId('request-task-title');
  await expect(titles).toHaveCount(3, { timeout: 30_000 });
  await page.getByTestId('request-tasks-table').locator('th', { hasText: 'Title' }).click();
  await expect(titles).toHaveText([`Bravo ${stamp}`, `Kilo ${stamp}`, `Yankee ${stamp}`]);
  await page.getByTestId('request-tasks-table').locator('th', { hasText: 'Title' }).click();
  await expect(titles).toHaveText([`Yankee ${stamp}`, `Kilo ${stamp}`, `Bravo ${stamp}`]);
  expect(new URL(page.url()).searchParams.has('sort')).toBe(false);
  await expectNoSidewaysScroll(page);

  await page.reload();
  await page.getByTestId('request-tab-tasks').click();
  await expect(titles).toHaveText([`Yankee ${stamp}`, `Kilo ${stamp}`, `Bravo ${stamp}`], { timeout: 30_000 });

  const phone = await signedInPage(browser, 'admin@demo.test', 390);
  await phone.goto(`/requests/${created.uuid}`);
  await phone.getByTestId('request-tab-tasks').click();
  await expect(phone.getByTestId('request-task-title')).toHaveCount(3, { timeout: 30_000 });
  await expectNoSidewaysScroll(phone);
  await screenshot(phone, 'embedded-request-tasks-390');
});
