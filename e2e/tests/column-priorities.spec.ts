import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { screenshot, signIn } from './support';

/**
 * Key columns stay in view at 1366 px (DataTable column priorities): lower-priority columns give way when a table is
 * wider than its card, so Time in the timelog report, Assignees in Tasks and Start date in Plans are on screen
 * without scrolling the table sideways.
 */
test.use({ viewport: { width: 1366, height: 768 } });

async function expectHeaderOnScreen(page: Page, table: string, header: string) {
  const cell = page.getByTestId(table).getByRole('columnheader', { name: header, exact: true });
  await expect(cell).toBeVisible({ timeout: 20_000 });
  const scroller = page.getByTestId(table).locator('.ant-table-content, .ant-table-body').first();
  // Nothing is left beyond a sideways scroll: the table fits its card, and the header lies within it.
  await expect.poll(() => scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  const box = await scroller.boundingBox();
  const head = await cell.boundingBox();
  expect(box && head && head.x >= box.x - 1 && head.x + head.width <= box.x + box.width + 1).toBe(true);
  expect(head && head.x + head.width <= 1366).toBe(true);
}

test('Time, Assignees and Start date stay visible at 1366 px; lower-priority columns give way', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@demo.test');
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 20_000 });

  await page.goto('/timelog-report');
  await expect(page.getByTestId('timelog-report-table').locator('tbody tr.ant-table-row').first()).toBeVisible({
    timeout: 20_000,
  });
  await expectHeaderOnScreen(page, 'timelog-report-table', 'Time');
  await expectHeaderOnScreen(page, 'timelog-report-table', 'Date');
  await screenshot(page, 'columns-timelog-report-1366');

  await page.goto('/tasks');
  await expect(page.getByTestId('task-row').first()).toBeVisible({ timeout: 20_000 });
  await expectHeaderOnScreen(page, 'tasks-table', 'Assignees');
  await expectHeaderOnScreen(page, 'tasks-table', 'Title');
  await screenshot(page, 'columns-tasks-1366');

  await page.goto('/projects');
  await expect(page.getByTestId('plan-row-link').first()).toBeVisible({ timeout: 20_000 });
  await expectHeaderOnScreen(page, 'plans-table', 'Start date');
  await expectHeaderOnScreen(page, 'plans-table', 'Status');
  await screenshot(page, 'columns-plans-1366');
  await expectNoSeriousViolations(page, 'plans at 1366 px');
});
