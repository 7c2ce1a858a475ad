import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, screenshot, signIn } from './support';

/** The one-time SMS prompt for someone who never chose about SMS (doc 1 §3, §5; doc 2 §5, §9). */

test('set up: the phone is required, the notice says frequency varies and STOP, and the prompt does not return', async ({
  page,
}) => {
  await page.goto('/login');
  // The admin: no other spec chooses the admin's SMS preference (admin-screens sets the freelancer's, 'not now'
  // below the manager's), and the prompt shows only while it was never chosen.
  await signIn(page, 'admin@demo.test');
  const prompt = page.getByTestId('sms-prompt');
  await expect(prompt).toContainText('Get notification via SMS', { timeout: 20_000 });
  await expect(prompt).toContainText('Message frequency varies');
  await screenshot(page, 'sms-prompt');
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

test('not now: declining records the choice, so the prompt is gone for good', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'manager@demo.test');
  await expect(page.getByTestId('sms-prompt')).toBeVisible({ timeout: 20_000 });
  // On a phone the prompt stays a short band above the screen: its buttons go under the text, not beside it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  const band = await page.getByTestId('sms-prompt').boundingBox();
  expect(band?.height).toBeLessThan(260);
  const decline = await page.getByTestId('sms-prompt-decline').boundingBox();
  const text = await page.getByTestId('sms-prompt').locator('.ant-alert-description').boundingBox();
  expect(decline && text && decline.y >= text.y + text.height - 1).toBe(true);
  await screenshot(page, 'sms-prompt-phone');
  await page.getByTestId('sms-prompt-decline').click();
  await expect(page.getByTestId('sms-prompt')).toBeHidden();
  await page.goto('/tasks');
  await page.reload();
  await expect(page.getByTestId('tasks-page')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('sms-prompt')).toHaveCount(0);
});
