import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import {
  adminToken,
  agencyToday,
  expectNoSidewaysScroll,
  newStaff,
  openFromMenu,
  screenshot,
  signedInPage,
} from './support';

const PASSWORD = 'billing-e2e-2026!';
/** A 1×1 PNG: the logo goes through the pre-signed upload flow like any file. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A plan of its own with one 90-minute billable log today, so its money is known by hand: 90 min × the agency's
 * billable rate (the plan has no rate of its own).
 */
async function planWithLog(request: APIRequestContext, token: string, label: string) {
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/user', { headers })).json()).data as { uuid: string };
  const day = agencyToday();
  const start = new Date(`${day}T12:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 2);
  const plan = await request.post('/api/projects', {
    headers,
    data: {
      business_name: `Ledger ${label}`,
      plan: 'retainer',
      refill: 600,
      project_manager_id: me.uuid,
      start_date: start.toISOString().slice(0, 10),
      status: 'active',
    },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  const planUuid = (await plan.json()).data.uuid as string;
  // An opening credit, as a new retainer gets: the panel's credit history is not empty.
  const credit = await request.post(`/api/projects/${planUuid}/credits`, {
    headers,
    data: { total_time: 600, note: 'Opening credit' },
  });
  expect(credit.ok(), await credit.text()).toBe(true);
  const task = await request.post('/api/tasks', {
    headers,
    data: { title: `Ledger work ${label}`, project_id: planUuid },
  });
  expect(task.ok(), await task.text()).toBe(true);
  const log = await request.post('/api/time-log', {
    headers,
    data: {
      task_id: (await task.json()).data.uuid,
      date: day,
      minutes: 90,
      category: 'billable',
      description: 'Ledger work',
      status: 'completed',
    },
  });
  expect(log.ok(), await log.text()).toBe(true);
  return planUuid;
}

async function openAdministration(page: Page, width: number) {
  await openFromMenu(page, width, 'administration', 'admin');
  await expect(page).toHaveURL(/\/administration$/);
  await expect(page.getByTestId('billing-form')).toBeVisible({ timeout: 30_000 });
}

test('an admin edits the billing settings and a rate; the report and the budget panel show the USD amount', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const person = await newStaff(request, token, {
    label: 'Billing',
    email: 'billing',
    password: PASSWORD,
    permissions: ['DASHBOARD_READ', 'CHARGES_READ', 'CHARGES_UPDATE', 'PROJECTS_READ', 'TIMELOG_READ'],
  });
  const stamp = `${Date.now()}`;
  const planUuid = await planWithLog(request, token, stamp);

  // Rate per width: 90 min at $150.00/h = $225.00; at $120.00/h = $180.00.
  for (const [width, rate, amount] of [
    [1366, '150.00', '$225.00'],
    [390, '120.00', '$180.00'],
  ] as const) {
    const page = await signedInPage(browser, person.email, width, PASSWORD);
    await openAdministration(page, width);
    await page.getByTestId('billing-legal-name').fill('Brightside Digital LLC');
    await page.getByTestId('billing-invoice-prefix').fill('BSD-');
    await page.getByTestId('billing-rate-billable').fill(rate);
    await page
      .getByTestId('billing-logo-input')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await expect(page.getByTestId('billing-logo-preview')).toBeVisible();
    await page.getByTestId('billing-save').click();
    await expect(page.getByText('Billing and invoice settings saved')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, `administration at ${width}`);
    await screenshot(page, `administration-${width}`);

    // A wrong rate is refused with the domain's message, and nothing is saved.
    await page.getByTestId('billing-rate-billable').fill('12.345');
    await page.getByTestId('billing-save').click();
    await expect(page.getByText('Enter the rate in whole cents, from $0.00 to $10,000.00 an hour')).toBeVisible();

    await page.goto('/project-time-report');
    await page.getByTestId('project-time-search').locator('input').first().fill(`Ledger ${stamp}`);
    await expect(page.getByTestId('project-time-spent-amount').first()).toHaveText(amount, { timeout: 30_000 });
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, `project time report with amounts at ${width}`);

    await page.goto(`/projects/${planUuid}`);
    await expect(page.getByTestId('budget-period-amount')).toContainText(amount, { timeout: 30_000 });
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, `budget panel with amounts at ${width}`);

    // The time-log report: the amount total and column, within the page's width.
    await page.goto('/timelog-report');
    await expect(page.getByTestId('report-total-amount')).toContainText('$', { timeout: 30_000 });
    await expect(page.getByTestId('timelog-report-amount').first()).toContainText('$');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, `time-log report with amounts at ${width}`);
    await page.context().close();
  }
});
