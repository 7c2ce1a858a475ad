import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { expectNoSidewaysScroll, screenshot, signIn } from './support';

/**
 * The SMS notice (doc 1 §3, §5; doc 2 §5, §9): offered only on the dashboard, where SMS is configured
 * (playwright.config.ts sets an SMS account) and the person has no phone and never chose; a compact line, never a
 * band over every screen. Dismissing it is remembered on the server.
 */

test('set up: a one-line notice on the dashboard only; the phone is required, the dialog says frequency varies and STOP, and the notice does not return', async ({
  page,
}) => {
  await page.goto('/login');
  // The admin: no other spec chooses the admin's SMS preference (admin-screens sets the freelancer's, the dismissal
  // below the manager's), and the notice shows only while it was never chosen.
  await signIn(page, 'admin@demo.test');
  const prompt = page.getByTestId('sms-prompt');
  await expect(prompt).toContainText('add your phone number', { timeout: 20_000 });
  // One line at 1366 px, not a band pushing the screen down.
  expect((await prompt.boundingBox())?.height).toBeLessThan(56);
  await screenshot(page, 'sms-prompt');
  // Not over every screen: the tasks list opens without it.
  await page.goto('/tasks');
  await expect(page.getByTestId('tasks-page')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('sms-prompt')).toHaveCount(0);
  await page.goto('/');
  await page.getByTestId('sms-prompt-set-up').click();
  const dialog = page.getByTestId('sms-dialog');
  await expect(dialog.locator('.ant-modal-title')).toHaveText('Get notification via SMS');
  await expect(page.getByTestId('sms-notice')).toContainText('Message frequency varies');
  await expect(page.getByTestId('sms-notice')).toContainText('STOP');
  await page.getByTestId('sms-phone').fill('');
  await page.getByTestId('sms-confirm').click();
  await expect(dialog.getByText('Please enter the phone number')).toBeVisible();
  // Only a full international number is stored (E.164): free text is refused before anything is sent.
  await page.getByTestId('sms-phone').fill('ring the front desk');
  await page.getByTestId('sms-confirm').click();
  await expect(dialog.getByText('Please enter the phone number with its country code')).toBeVisible();
  await page.getByTestId('sms-phone').fill('+1 415 555 0142');
  await page.getByTestId('sms-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(prompt).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('dashboard-tasks')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('sms-prompt')).toHaveCount(0);
});

test('dismissed once on a phone, the notice stays dismissed after reload', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'manager@demo.test');
  await page.setViewportSize({ width: 390, height: 844 });
  const prompt = page.getByTestId('sms-prompt');
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  // A compact notice on a phone's first screen (it was ~40 % of it): the text wraps, the buttons stay beside it.
  await expectNoSidewaysScroll(page);
  expect((await prompt.boundingBox())?.height).toBeLessThan(100);
  await expect(page.getByTestId('sms-prompt-dismiss')).toBeInViewport();
  await expectNoSeriousViolations(page, 'sms notice at 390 px');
  await screenshot(page, 'sms-prompt-phone');
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/contacts\//.test(r.url()));
  await page.getByTestId('sms-prompt-dismiss').click();
  expect((await saved).status()).toBe(200);
  await expect(prompt).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('dashboard-page')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('dashboard-tasks')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('sms-prompt')).toHaveCount(0);
});
