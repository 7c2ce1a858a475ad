import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSidewaysScroll, screenshot, signedInPage } from './support';

/**
 * The report screens (issue 10) on the demo workspace's week of time logs: the timelog report's totals and chart
 * follow its filters and the CSV export holds the filtered logs; the project time report and the users report show
 * the server's figures; every screen fits 1366 and 390 px without sideways scroll.
 */

const hhmm = (m: number) =>
  `${m < 0 ? '-' : ''}${String(Math.floor(Math.abs(m) / 60)).padStart(2, '0')}:${String(Math.abs(m) % 60).padStart(2, '0')}`;

async function apiHeaders(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD, cookie_login: false } });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${(await login.json()).data.auth_token}` };
}

async function getJson<T>(request: APIRequestContext, url: string, headers: Record<string, string>): Promise<T> {
  const response = await request.get(url, { headers });
  expect(response.ok(), `${url} → ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

interface TimeLogReport {
  meta: { total: number };
  totals: {
    total: number;
    by_user: { user: { uuid: string; name: string; type: string }; minutes: number }[];
  };
}

test('timelog report: a filter changes the chart and totals, and the CSV export holds the filtered logs', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const headers = await apiHeaders(request, 'admin@demo.test');
  const all = await getJson<TimeLogReport>(request, '/api/reports/time-logs', headers);
  expect(all.totals.by_user.length, 'the demo week has several people logging').toBeGreaterThan(1);
  const freelancer = all.totals.by_user.find((u) => u.user.type === 'freelancer');
  expect(freelancer, 'the demo freelancer logged time').toBeTruthy();
  const person = freelancer as NonNullable<typeof freelancer>;
  const theirs = await getJson<TimeLogReport>(request, `/api/reports/time-logs?user_uuid=${person.user.uuid}`, headers);
  expect(theirs.totals.total).toBe(person.minutes);

  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  await page.goto('/timelog-report');
  await expect(page.getByTestId('report-total-total')).toContainText(hhmm(all.totals.total), { timeout: 30_000 });
  await expect(page.getByTestId('report-total-logs')).toContainText(String(all.meta.total));
  const chart = page.getByTestId('report-chart');
  await expect(chart).toHaveAttribute('data-series', String(Math.min(all.totals.by_user.length, 8)));
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'timelog-report-1366');

  // Filter by the freelancer: the totals, the chart's stacks and the rows are theirs only.
  await page.getByTestId('timelog-report-person').click();
  await page.keyboard.type(person.user.name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: person.user.name }).click();
  await expect(page).toHaveURL(new RegExp(`person=${person.user.uuid}`));
  await expect(page.getByTestId('report-total-total')).toContainText(hhmm(person.minutes));
  await expect(page.getByTestId('report-total-logs')).toContainText(String(theirs.meta.total));
  await expect(chart).toHaveAttribute('data-series', '1');
  const rows = page.getByTestId('timelog-report-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toContainText(person.user.name);

  // The plan stacks instead of the people.
  await page.getByTestId('timelog-report-stack').getByText('By plan').click();
  await expect(page).toHaveURL(/stack=project/);

  // Export the filtered logs as CSV and read the file back: ';'-separated, UTF-8 with BOM, one line per log.
  const download = page.waitForEvent('download');
  await page.getByTestId('timelog-report-export').click();
  await page.getByTestId('timelog-report-export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^timelog-report-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('Exported successfully.')).toBeVisible();
  const text = readFileSync((await file.path()) as string, 'utf8');
  expect(text.charCodeAt(0), 'UTF-8 byte order mark').toBe(0xfeff);
  const lines = text
    .slice(1)
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  expect(lines[0]).toContain(';');
  expect(lines.length - 1).toBe(theirs.meta.total);
  for (const line of lines.slice(1)) {
    expect(line).toContain(person.user.name);
  }

  // The filter survives a reload.
  await page.reload();
  await expect(page.getByTestId('report-total-total')).toContainText(hhmm(person.minutes), { timeout: 30_000 });

  const phone = await signedInPage(browser, 'admin@demo.test', 390);
  await phone.goto('/timelog-report');
  await expect(phone.getByTestId('report-total-total')).toContainText(/\d\d:\d\d/, { timeout: 30_000 });
  await expect(phone.getByTestId('report-chart')).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await screenshot(phone, 'timelog-report-390');
});

interface ProjectTimeReport {
  data: { uuid: string; title: string; budget: number; spent: number; total_credits: number }[];
  meta: { total: number };
}

test('project time report: the plans with their server figures, budget bars and credit history', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request, 'admin@demo.test');
  const report = await getJson<ProjectTimeReport>(request, '/api/reports/project-time', headers);
  expect(report.data.length, 'demo plans in the default statuses').toBeGreaterThan(0);
  const plan = report.data.find((row) => row.total_credits > 0) ?? (report.data[0] as ProjectTimeReport['data'][0]);

  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  await page.goto('/project-time-report');
  const row = page.getByTestId('project-time-table').locator('tr.ant-table-row', { hasText: plan.title }).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('project-time-budget')).toHaveText(hhmm(plan.budget));
  await expect(row.getByTestId('project-time-spent')).toHaveText(hhmm(plan.spent));
  await expect(row.getByTestId('project-time-total_credits')).toHaveText(hhmm(plan.total_credits));
  await expect(row.getByTestId('report-spent-bar')).toBeVisible();
  await expect(page.getByTestId('report-total-plans')).toContainText(String(report.meta.total));
  await row.locator('.ant-table-row-expand-icon').click();
  await expect(page.getByTestId('project-time-credits').getByTestId('credit-history')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'project-time-report-1366');

  const phone = await signedInPage(browser, 'admin@demo.test', 390);
  await phone.goto('/project-time-report');
  await expect(phone.getByTestId('project-time-table').locator('tr.ant-table-row').first()).toBeVisible({
    timeout: 30_000,
  });
  await expectNoSidewaysScroll(phone);
  await screenshot(phone, 'project-time-report-390');
});

interface PerformanceList {
  data: { user: { uuid: string; name: string }; logged_minutes: number; expected_minutes: number }[];
  totals: { logged_minutes: number };
}

test('users report: per-person figures and charts over 30 days, and one person in detail', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request, 'admin@demo.test');
  const list = await getJson<PerformanceList>(request, '/api/reports/user-performance', headers);
  const busy = [...list.data].sort((a, b) => b.logged_minutes - a.logged_minutes)[0];
  expect(busy?.logged_minutes, 'someone logged time in the window').toBeGreaterThan(0);
  const person = busy as NonNullable<typeof busy>;

  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  // The sidebar's Users report entry (Reports group) leads here.
  await page.goto('/report/user-performance');
  await expect(page.getByTestId('report-total-logged')).toContainText(hhmm(list.totals.logged_minutes), {
    timeout: 30_000,
  });
  await expect(page.getByTestId('performance-chart')).toBeVisible();
  const row = page.getByTestId('user-performance-table').locator('tr.ant-table-row', { hasText: person.user.name });
  await expect(row).toContainText(hhmm(person.logged_minutes));
  await expect(row).toContainText(hhmm(person.expected_minutes));
  await row.getByTestId('user-performance-open').click();
  const drawer = page.getByTestId('user-performance-detail');
  await expect(drawer).toContainText(`${hhmm(person.logged_minutes)} / ${hhmm(person.expected_minutes)}`);
  await expect(drawer.getByTestId('performance-chart')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`person=${person.user.uuid}`));
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'users-report-1366');

  // The overview adds the completed time on requests and tasks.
  await page.goto('/report');
  await expect(page.getByTestId('report-total-all-time')).toContainText(/\d\d:\d\d/, { timeout: 30_000 });
  await expect(page.getByTestId('user-performance-table').locator('tr.ant-table-row').first()).toBeVisible();

  const phone = await signedInPage(browser, 'admin@demo.test', 390);
  await phone.goto('/report/user-performance');
  await expect(phone.getByTestId('performance-chart')).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(phone);
  await phone.getByTestId('user-performance-open').first().click();
  await expect(phone.getByTestId('user-performance-detail')).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await screenshot(phone, 'users-report-390');
});

test('timelog report for a freelancer: their own time only, without the staff filters', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const headers = await apiHeaders(request, 'freelancer@demo.test');
  const own = await getJson<TimeLogReport>(request, '/api/reports/time-logs', headers);
  expect(own.totals.by_user.every((u) => u.user.type === 'freelancer')).toBe(true);

  const page = await signedInPage(browser, 'freelancer@demo.test', 1366);
  await page.goto('/timelog-report');
  await expect(page.getByTestId('report-total-total')).toContainText(hhmm(own.totals.total), { timeout: 30_000 });
  await expect(page.getByTestId('report-total-people')).toContainText(String(own.totals.by_user.length));
  await expect(page.getByTestId('timelog-report-person')).toHaveCount(0);
  await expect(page.getByTestId('timelog-report-plan')).toHaveCount(0);
  // The staff reports are not theirs: no links to them, and their addresses answer the permission page.
  await expect(page.getByTestId('report-nav')).toHaveCount(0);
  await page.goto('/project-time-report');
  await expect(page.getByText("Sorry, you don't have permission to access this page")).toBeVisible();
});
