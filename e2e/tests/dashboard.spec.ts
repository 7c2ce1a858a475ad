import { expect, type Page, test } from '@playwright/test';
import { chooseHeaderMenuItem, expectNoSidewaysScroll, screenshot, signIn } from './support';

/** The dashboard (/) of each demo account: the blocks its role gets, each with content or an honest empty state. */

async function openDashboard(page: Page, email: string) {
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  await expect(page.getByTestId('dashboard-tasks')).toBeVisible({ timeout: 20_000 });
}

const STAFF_BLOCKS = [
  'dashboard-tasks',
  'dashboard-timer',
  'dashboard-week',
  'dashboard-requests',
  'dashboard-mentions',
];

test('the admin sees every staff block and opens a task of theirs in the drawer', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openDashboard(page, 'admin@demo.test');
  for (const block of [...STAFF_BLOCKS, 'dashboard-activity']) {
    await expect(page.getByTestId(block)).toBeVisible();
  }
  await expect(page.getByTestId('dashboard-week-total')).toHaveText(/^\d{2,}:\d{2}$/);
  await expect(page.getByTestId('week-day')).toHaveCount(7);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'dashboard-admin');

  const task = page.getByTestId('dashboard-task').first();
  if (await task.isVisible()) {
    const title = (await task.getByRole('button').textContent()) ?? '';
    await task.getByRole('button').click();
    await expect(page).toHaveURL(/task_uuid=[0-9a-f-]{36}/);
    await expect(page.getByTestId('task-drawer').getByTestId('task-title')).toHaveValue(title.trim());
  } else {
    await expect(page.getByTestId('dashboard-tasks-empty')).toBeVisible();
  }
});

test('the manager sees the staff blocks; each block links to its screen', async ({ page }) => {
  await openDashboard(page, 'manager@demo.test');
  for (const block of STAFF_BLOCKS) {
    await expect(page.getByTestId(block)).toBeVisible();
  }
  await expect(page.getByTestId('dashboard-requests').getByRole('link', { name: 'Requests' })).toHaveAttribute(
    'href',
    '/requests',
  );
  await expect(page.getByTestId('dashboard-mentions').getByRole('link', { name: 'Mentions' })).toHaveAttribute(
    'href',
    '/inbox',
  );
  await screenshot(page, 'dashboard-manager');
  await page.getByTestId('dashboard-tasks').getByRole('link', { name: 'All tasks' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
});

test('the freelancer sees their tasks, timer, hours and mentions, without the staff-only blocks', async ({ page }) => {
  await openDashboard(page, 'freelancer@demo.test');
  for (const block of ['dashboard-tasks', 'dashboard-timer', 'dashboard-week', 'dashboard-mentions']) {
    await expect(page.getByTestId(block)).toBeVisible();
  }
  await expect(page.getByTestId('dashboard-requests')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-activity')).toHaveCount(0);
  await screenshot(page, 'dashboard-freelancer');
});

test('a client contact never reaches the dashboard: the notice shows instead', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'client@demo.test');
  await expect(page.getByTestId('client-notice')).toBeVisible();
  await expect(page.getByTestId('dashboard-page')).toHaveCount(0);
});

test("the header's labelled week opens day by day; the help area lists shortcuts and what's new", async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'manager@demo.test');
  const week = page.getByTestId('weekly-hours');
  await expect(week).toContainText('Week', { timeout: 20_000 });
  await expect(page.getByTestId('weekly-hours-total')).toHaveText(/^\d{2,}:\d{2}$/);
  await week.click();
  const popover = page.getByTestId('weekly-hours-popover');
  await expect(popover).toBeVisible();
  await expect(popover.getByTestId('week-day')).toHaveCount(7);
  await expect(popover).toContainText('expected by today');
  await page.keyboard.press('Escape');

  // The menu's items take a click only once it has opened; chooseHeaderMenuItem retries until the item is gone.
  await chooseHeaderMenuItem(page, 'help-menu', 'help-shortcuts');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Search plans, tasks');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
  await chooseHeaderMenuItem(page, 'help-menu', 'help-whats-new');
  await expect(page.getByTestId('whats-new-version')).toContainText(/version \d+\.\d+\.\d+ \(build [0-9a-f]{6}\)/);
  await screenshot(page, 'help-whats-new');
});
