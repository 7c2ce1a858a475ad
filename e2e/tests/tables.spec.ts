import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSidewaysScroll, screenshot, signedInPage } from './support';

/**
 * The one data table (issue 10): search, filters and sort live in the address and in the table's saved state, so a
 * reload, a shared link and a later visit from the menu show the same rows; the tasks table completes three ticked
 * tasks at once and exports the filtered list; every list screen fits 1366 and 390 px without sideways scroll.
 */
const stamp = Date.now().toString(36);

async function apiSignIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD, cookie_login: false } });
  expect(res.ok()).toBeTruthy();
  const { data } = await res.json();
  return { headers: { authorization: `Bearer ${data.auth_token}` } };
}

/** Picks an option of a multi-select by its label; the dropdown is closed again after. */
async function chooseOption(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first().click();
  await page.keyboard.press('Escape');
}

test.use({ actionTimeout: 20_000 });

test('a table keeps its filters, search and sort through a reload, a shared link and a later visit', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, 'admin@demo.test');
  await page.goto('/customers');
  const table = page.getByTestId('customers-table');
  await expect(table.getByTestId('customer-row-link').first()).toBeVisible({ timeout: 30_000 });

  await chooseOption(page, 'customers-status-filter', 'Active');
  await page.getByTestId('customers-search').locator('input').fill('a');
  await table.getByRole('columnheader', { name: 'Created' }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(page).toHaveURL(/search=a/);
  await expect(page).toHaveURL(/sort=created_at/);
  const shared = page.url();

  await page.reload();
  await expect(page.getByTestId('customers-search').locator('input')).toHaveValue('a');
  await expect(page.getByTestId('customers-status-filter')).toContainText('Active');
  await expect(table.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'ascending');

  // The link opened in another browser (nothing saved there) shows the same table.
  const other = await signedInPage(browser, 'admin@demo.test');
  await other.goto(shared);
  await expect(other.getByTestId('customers-search').locator('input')).toHaveValue('a');
  await expect(other.getByTestId('customers-status-filter')).toContainText('Active');
  await expect(other.getByTestId('customers-table').getByRole('columnheader', { name: 'Created' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await other.context().close();

  // Back from the menu (an address without table keys), the saved state returns and is written into the address.
  await page.goto('/customers');
  await expect(page).toHaveURL(/status=active/);
  await expect(page.getByTestId('customers-search').locator('input')).toHaveValue('a');
  // A link wins over what is saved.
  await page.goto('/customers?status=inactive');
  await expect(page.getByTestId('customers-search').locator('input')).toHaveValue('');
  await expect(page.getByTestId('customers-status-filter')).toContainText('Inactive');
  await screenshot(page, 'tables-customers-filtered');
  await page.context().close();
});

test('bulk: three ticked tasks are completed at once; the filtered list exports as CSV', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiSignIn(request, 'admin@demo.test');
  const plans = await (await request.get('/api/projects/lite?page[size]=999', { headers: admin.headers })).json();
  const plan = plans.data[0] as { uuid: string };
  const titles = [1, 2, 3].map((n) => `Bulk ${stamp} ${n}`);
  for (const title of titles) {
    const created = await request.post('/api/tasks', {
      headers: admin.headers,
      data: { title, project_id: plan.uuid },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
  }

  const page = await signedInPage(browser, 'admin@demo.test');
  await page.goto(`/tasks?search=${encodeURIComponent(`Bulk ${stamp}`)}`);
  const rows = page.getByTestId('task-row');
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  await page.getByTestId('tasks-table').locator('thead .ant-checkbox-input').check();
  await expect(page.getByTestId('tasks-bulk-count')).toHaveText('3 selected');
  await page.getByTestId('tasks-bulk-status').click();
  await page.getByTestId('tasks-bulk-status-completed').click();
  await expect(page.getByTestId('tasks-bulk-bar')).toBeHidden();
  await expect(rows.getByTestId('task-row-status')).toHaveText(['Completed', 'Completed', 'Completed']);
  await screenshot(page, 'tables-tasks-bulk-completed');

  const download = page.waitForEvent('download');
  await page.getByTestId('tasks-export').click();
  await page.getByTestId('tasks-export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^tasks-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await file.createReadStream()).setEncoding('utf8');
  let csv = '';
  for await (const chunk of text) {
    csv += chunk;
  }
  // UTF-8 with BOM and ';' between fields (doc 2 §9); the three tasks of the search, and only they.
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(4);
  expect(lines[0]).toContain(';');
  for (const title of titles) {
    expect(csv).toContain(title);
  }
  await expect(page.getByText('Exported successfully.')).toBeVisible();
  await page.context().close();
});

for (const width of [1366, 390]) {
  test(`list screens fit ${width} px without sideways scroll`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await signedInPage(browser, 'admin@demo.test', width);
    for (const [path, table] of [
      ['/clients', 'clients-table'],
      ['/customers', 'customers-table'],
      ['/users', 'users-table'],
      ['/projects', 'plans-table'],
      ['/tasks', 'tasks-table'],
      ['/requests', 'requests-table'],
      ['/services', 'services-table'],
      ['/product-types', 'product-types-table'],
      ['/logs', 'email-logs-table'],
      ['/activity-log', 'activity-log-table'],
      ['/comment-templates', 'comment-templates-table'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(table)).toBeVisible({ timeout: 30_000 });
      await expectNoSidewaysScroll(page);
    }
    await screenshot(page, `tables-${width}`);
    await page.context().close();
  });
}
