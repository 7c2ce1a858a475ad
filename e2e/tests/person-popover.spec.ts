import { expect, type Page, test } from '@playwright/test';
import { expectSignedInShell, screenshot, signIn } from './support';

/**
 * The user popover (doc 2 §2): a person's name on tasks, requests, comments and the dashboard opens their card —
 * avatar, name, job title, phone, e-mail with copy ('Link copied') — by mouse and by keyboard.
 */

async function openTasks(page: Page, email: string) {
  await page.goto('/login');
  await signIn(page, email);
  await expectSignedInShell(page);
  await page.goto('/tasks');
  await expect(page.getByTestId('task-assignee').first()).toBeVisible({ timeout: 20_000 });
}

test("hovering an assignee shows their card; the e-mail's copy button says 'Link copied'", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openTasks(page, 'admin@demo.test');
  const name = page.getByTestId('task-assignee').first();
  const shown = ((await name.textContent()) ?? '').trim();
  await name.hover();

  const card = page.getByTestId('person-popover');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('person-popover-name')).toHaveText(shown);
  await expect(card.getByTestId('person-popover-job-title')).not.toBeEmpty();
  // Assignees are staff, whose work e-mail every colleague may read.
  const email = card.getByTestId('person-popover-email');
  await expect(email).toHaveAttribute('href', /^mailto:.+@/);

  // The card closes as soon as the pointer leaves the name and card (no closing animation under reduced motion), so
  // the pointer goes back to the name if it has.
  await expect(async () => {
    if (!(await card.isVisible())) {
      await name.hover();
    }
    await card.getByTestId('person-popover-copy-email').click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByText('Link copied')).toBeVisible();
  await screenshot(page, 'person-popover');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(((await email.textContent()) ?? '').trim());
});

test('the keyboard opens a card, moves into it, and Escape closes it with focus back on the name', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openTasks(page, 'admin@demo.test');
  const name = page.getByTestId('task-assignee').first();
  await name.focus();
  await page.keyboard.press('Enter');
  const card = page.getByTestId('person-popover');
  await expect(card).toBeVisible();
  await expect(card).toBeFocused();
  // The card's details load with it; Tab then reaches its links and copy button.
  await expect(card.getByTestId('person-popover-email')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="person-popover"]'))))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(name).toBeFocused();
  // Opening a card never opens the row it sits in.
  await expect(page).not.toHaveURL(/task_uuid=/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a request's requester opens their card by tap, within the screen", async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'manager@demo.test');
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/requests');
    const requester = page.getByTestId('request-row-requester').first();
    await expect(requester).toBeVisible({ timeout: 20_000 });
    await requester.tap();
    const card = page.getByTestId('person-popover');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('person-popover-name')).toHaveText(((await requester.textContent()) ?? '').trim());
    // The name sits in the request's row: the card opens instead of the request.
    await expect(page).toHaveURL(/\/requests$/);
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
