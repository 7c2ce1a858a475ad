import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { agencyToday, DEMO_PASSWORD, expectNoSidewaysScroll, screenshot, signedInPage } from './support';

/**
 * The plan as a hub (issue 19): the Plans list opens a plan's page, whose tabs each have an address; its budget
 * moves live when time is logged elsewhere (POST broadcasting/auth, then project.{uuid}); a freelancer is offered no
 * link that ends on the permission page. At 1366 and 390 px, without sideways scroll, passing axe.
 */
type Headers = Record<string, string>;

async function apiHeaders(request: APIRequestContext, email: string): Promise<Headers> {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD, cookie_login: false } });
  expect(login.ok()).toBeTruthy();
  return { authorization: `Bearer ${(await login.json()).data.auth_token}` };
}

/** A demo retainer plan whose page shows the budget panel, and one of its tasks. */
async function budgetPlan(request: APIRequestContext, headers: Headers) {
  const plans = await (await request.get('/api/projects/lite?page[size]=999', { headers })).json();
  for (const plan of plans.data as { uuid: string; title: string }[]) {
    const budget = await (await request.get(`/api/projects/${plan.uuid}/budget`, { headers })).json();
    if (!budget.data?.show_panel) {
      continue;
    }
    const tasks = await (
      await request.get(`/api/tasks?page[size]=1&filters[project][]=${plan.uuid}`, { headers })
    ).json();
    const task = (tasks.data as { uuid: string }[])[0];
    if (task) {
      return { ...plan, taskUuid: task.uuid };
    }
  }
  throw new Error('no retainer plan with time reports and a task in the demo workspace');
}

const budgetFigure = (page: Page) => page.getByTestId('budget-panel').getByTestId('budget-timelog');

async function openFromPlansList(page: Page, title: string) {
  await page.goto('/projects');
  await page.getByTestId('plans-search').locator('input').fill(title);
  const link = page.getByTestId('plan-row-link').filter({ hasText: title }).first();
  await expect(link).toBeVisible({ timeout: 30_000 });
  await link.click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('plan-page')).toBeVisible();
  await expect(page.getByTestId('budget-panel')).toBeVisible({ timeout: 30_000 });
}

for (const width of [1366, 390]) {
  test(`Plans list → plan page with its budget, tabs with their own addresses, at ${width} px`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const headers = await apiHeaders(request, 'admin@demo.test');
    const plan = await budgetPlan(request, headers);
    const page = await signedInPage(browser, 'admin@demo.test', width);
    await openFromPlansList(page, plan.title);
    await expect(page.getByTestId('page-title')).toHaveText(plan.title);
    await expect(page.getByTestId('credit-history')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, `plan overview at ${width}`);
    await screenshot(page, `plan-hub-overview-${width}`);

    // Each tab is an address of its own; the Requests tab is the address old links used.
    const tabs: [string, string, string][] = [
      ['tasks', '/tasks', 'tasks-table'],
      ['requests', '/requests', 'requests-table'],
      ['files', '/files', 'plan-files-table'],
      ['comments', '/comments', 'comments-panel'],
      ['history', '/history', 'plan-history-table'],
    ];
    for (const [tab, suffix, content] of tabs) {
      await page.getByTestId(`plan-tab-${tab}`).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${plan.uuid}${suffix}$`));
      await expect(page.getByTestId(content)).toBeVisible({ timeout: 30_000 });
      await expectNoSidewaysScroll(page);
      await expectNoSeriousViolations(page, `plan ${tab} tab at ${width}`);
    }
    await page.goto(`/projects/${plan.uuid}/requests`);
    await expect(page.getByTestId('requests-table')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('plan-tabs').locator('[aria-current="page"]')).toHaveText('Requests');
    await screenshot(page, `plan-hub-requests-${width}`);
    await page.context().close();
  });
}

test('time logged in another browser context moves the plan page budget at once (project.{uuid})', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request, 'admin@demo.test');
  const plan = await budgetPlan(request, headers);
  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  const authorised: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/broadcasting/auth')) {
      authorised.push(JSON.parse(sent.postData() ?? '{}').channel_name);
    }
  });
  await page.goto(`/projects/${plan.uuid}`);
  await expect(budgetFigure(page)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => authorised).toContain(`project.${plan.uuid}`);
  const before = (await budgetFigure(page).textContent()) ?? '';

  // The manager logs 45 minutes on one of the plan's tasks from a browser of their own.
  const other = await signedInPage(browser, 'manager@demo.test', 1366);
  const managerHeaders = await apiHeaders(other.context().request, 'manager@demo.test');
  const today = agencyToday();
  const logged = await other.context().request.post('/api/time-log', {
    headers: managerHeaders,
    data: { task_id: plan.taskUuid, date: today, minutes: 45, description: 'Live budget check', status: 'completed' },
  });
  expect(logged.ok(), await logged.text()).toBeTruthy();

  // No reload: the figure follows the server's within moments.
  const budget = (await (await request.get(`/api/projects/${plan.uuid}/budget`, { headers })).json()).data;
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(Math.abs(m) % 60).padStart(2, '0')}`;
  await expect(budgetFigure(page)).not.toHaveText(before, { timeout: 10_000 });
  await expect(budgetFigure(page)).toContainText(hhmm(budget.timelog));
  await screenshot(page, 'plan-hub-live-budget');
  await other.context().close();
  await page.context().close();
});

async function freelancerLinks(browser: Browser, request: APIRequestContext, width: number) {
  const headers = await apiHeaders(request, 'freelancer@demo.test');
  const requests = await (await request.get('/api/requests?page[size]=5', { headers })).json();
  const visible = (requests.data as { uuid: string; project: { uuid: string } | null }[]).find((r) => r.project);
  expect(visible, 'a request the freelancer sees, on a plan').toBeTruthy();
  const page = await signedInPage(browser, 'freelancer@demo.test', width);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403 && response.url().includes('/api/')) {
      refused.push(`${response.request().method()} ${response.url()}`);
    }
  });
  const requestPath = `/requests/${visible?.uuid}`;
  await page.goto(requestPath);
  await expect(page.getByTestId('request-plan').or(page.getByTestId('request-facts')).first()).toBeVisible({
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
  // No 'Go to project', and the plan's name is no link to its page.
  await expect(page.getByTestId('request-project-link')).toHaveCount(0);
  await expect(page.locator(`a[href^="/projects/${visible?.project?.uuid}"]`)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `freelancer request at ${width}`);
  await screenshot(page, `plan-hub-freelancer-request-${width}`);

  // Every in-app link the request page offers opens without the permission page.
  const hrefs = await page
    .locator('main a[href^="/"], [data-testid="request-facts"] a[href^="/"]')
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href') ?? ''))]);
  for (const href of hrefs.filter((h) => h && !h.startsWith('/api/'))) {
    await page.goto(href);
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('forbidden-page'), href).toHaveCount(0);
  }
  // An old plan link typed by hand shows the permission page at once, without asking the API (no 403).
  await page.goto(`/projects/${visible?.project?.uuid}/requests`);
  await expect(page.getByTestId('forbidden-page')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
  await page.context().close();
}

for (const width of [1366, 390]) {
  test(`a freelancer is offered no plan link that leads to a 403, at ${width} px`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    await freelancerLinks(browser, request, width);
  });
}
