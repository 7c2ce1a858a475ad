import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { signIn } from './support';

/**
 * Accessibility: the shell, dashboard, tasks, requests, the task drawer and the request form have no serious or
 * critical axe-core violation (WCAG 2 A/AA rules), and the shell's menus, drawers and dialogs work by keyboard.
 */

// The other specs run with reduced motion (playwright.config.ts); these keep antd's animations, as most devices
// show them, so focus handling and axe are checked on the animated drawers, menus and dialogs.
test.use({ reducedMotion: 'no-preference' });

/** Whether the focused element is inside `selector` (a menu, dialog or drawer rendered in a portal). */
async function focusIsInside(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await expectNoSeriousViolations(page, 'login');
  await signIn(page, 'admin@demo.test');
  await expect(page.getByTestId('dashboard-tasks')).toBeVisible({ timeout: 20_000 });
});

test('the shell and the dashboard pass axe', async ({ page }) => {
  await expectNoSeriousViolations(page, 'dashboard');
});

test("tasks, a person's card and the task drawer pass axe", async ({ page }) => {
  await page.goto('/tasks');
  await expect(page.getByTestId('task-row-title').first()).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousViolations(page, 'tasks');
  // A person's card (the user popover) over the list.
  await page.getByTestId('task-assignee').first().hover();
  await expect(page.getByTestId('person-popover-name')).toBeVisible();
  await expectNoSeriousViolations(page, 'person card');
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('person-popover')).toBeHidden();

  await page.getByTestId('task-row-title').first().click();
  await expect(page.getByTestId('task-drawer-heading')).toBeVisible();
  await expectNoSeriousViolations(page, 'task drawer');
});

test('requests, the request catalogue and the request form pass axe', async ({ page }) => {
  await page.goto('/requests');
  await expect(page.getByTestId('request-row-subject').first()).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousViolations(page, 'requests');

  await page.goto('/requests/new');
  await expect(page.getByTestId('request-catalogue')).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousViolations(page, 'request catalogue');
  await page.getByTestId('request-type-17').click();
  await expect(page.getByTestId('request-form-type')).toHaveText('New Campaign');
  await expectNoSeriousViolations(page, 'request form');
});

test('menus, the task drawer and dialogs open and close by keyboard, and focus returns to what opened them', async ({
  page,
}) => {
  // The push prompt mounts in the header once its lazy chunk has loaded, re-laying the header. In one CI run it had
  // just appeared when the help menu's Enter opened nothing (passed on retry); a keyboard user answers it first.
  const pushPrompt = page.getByTestId('push-prompt');
  await expect(pushPrompt).toBeVisible();
  await page.getByTestId('push-prompt-no').focus();
  await page.keyboard.press('Enter');
  await expect(pushPrompt).toBeHidden();

  // Profile menu: Enter opens it with focus inside, Escape closes it and focus is back on its button.
  const profile = page.getByTestId('profile-menu');
  await profile.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('profile-logout')).toBeVisible();
  await expect.poll(() => focusIsInside(page, '.ant-dropdown')).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('profile-logout')).toBeHidden();
  await expect(profile).toBeFocused();

  // Help menu → Keyboard shortcuts dialog, keys only: arrows to the entry, Enter, Escape.
  const help = page.getByTestId('help-menu');
  await help.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('help-shortcuts')).toBeVisible();
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Keyboard shortcuts');
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toBeVisible();
  await expect.poll(() => focusIsInside(page, '[role="dialog"]')).toBe(true);
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
  await expect(help).toBeFocused();

  // A task title on the dashboard is a button: Enter opens the drawer, Escape closes it, focus is back on the title.
  const taskButton = page.getByTestId('dashboard-task').first().getByRole('button');
  if (await taskButton.isVisible()) {
    await taskButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('task-drawer-heading')).toBeVisible();
    await expect.poll(() => focusIsInside(page, '.ant-drawer')).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('task-drawer')).toBeHidden();
    await expect(taskButton).toBeFocused();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu drawer passes axe and closes with Escape', async ({ page }) => {
    await page.getByTestId('menu-toggle').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('nav-drawer')).toBeVisible();
    await expectNoSeriousViolations(page, 'menu drawer');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('nav-drawer')).toBeHidden();
    await expect(page.getByTestId('menu-toggle')).toBeFocused();
  });
});
