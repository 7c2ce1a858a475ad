import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

/**
 * Accessibility: the shell, dashboard, tasks, requests, the task drawer and the request form have no serious or
 * critical axe-core violation (WCAG 2 A/AA rules), and the shell's menus, drawers and dialogs work by keyboard.
 */

/*
 * Not yet part of `npm test`: the first audit (this spec) still finds serious or critical violations, mostly antd
 * defaults — the avatar initials' and secondary text's contrast, tag and select-placeholder colours, the date-range
 * inputs without labels, the Quill toolbar's unnamed pickers, the login footer's colour-only links. Run it with
 * A11Y_AUDIT=1 to list them; it becomes a gate once they are fixed.
 */
test.skip(!process.env.A11Y_AUDIT, 'accessibility audit: run with A11Y_AUDIT=1 (violations remain, see above)');

async function expectNoSeriousViolations(page: Page, label: string) {
  // Lazy widgets and entry animations settle first, so axe reads the screen people see.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
  expect.soft(serious, `${label}:\n${serious.join('\n')}`).toEqual([]);
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

test('tasks, the task drawer, requests and the request form pass axe', async ({ page }) => {
  await page.goto('/tasks');
  await expect(page.getByTestId('task-row-title').first()).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousViolations(page, 'tasks');
  await page.getByTestId('task-row-title').first().click();
  await expect(page.getByTestId('task-drawer-heading')).toBeVisible();
  await expectNoSeriousViolations(page, 'task drawer');

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

test('menus, the task drawer and dialogs open and close by keyboard', async ({ page }) => {
  // Profile menu: Enter opens it, Escape closes it and focus stays on its button.
  const profile = page.getByTestId('profile-menu');
  await profile.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('profile-logout')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('profile-logout')).toBeHidden();

  // Help menu → Keyboard shortcuts dialog, by keyboard only.
  await page.getByTestId('help-menu').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('help-shortcuts')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect
    .poll(async () => page.evaluate(() => document.activeElement?.textContent ?? ''))
    .toMatch(/Guides|Keyboard shortcuts|What's new/);
  await page.getByTestId('help-shortcuts').press('Enter');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  // A task title on the dashboard is a button: Enter opens the drawer, Escape closes it.
  const taskButton = page.getByTestId('dashboard-task').first().getByRole('button');
  if (await taskButton.isVisible()) {
    await taskButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('task-drawer-heading')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('task-drawer')).toBeHidden();
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
  });
});
