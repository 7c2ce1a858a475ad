import { expect, test } from '@playwright/test';
import { MESSAGES } from '@portal/domain';
import { expectNoSeriousViolations } from './axe';
import { expectNoSidewaysScroll, screenshot, signIn } from './support';

/**
 * The sign-in page is plain markup (issue 24: its first download carries no antd, bundle-budget.spec.ts holds the
 * figure): it must still check its fields as the antd forms do, follow the colour scheme, fit a phone and pass axe.
 */
for (const { width, height } of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${width} px the sign-in page checks its fields, shows the password on request and loads no antd`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') {
        scripts.push(request.url());
      }
    });
    await page.goto('/login');
    const email = page.getByLabel('E-mail');
    const password = page.getByLabel('Password');
    await expect(email).toBeFocused();

    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(MESSAGES.required)).toHaveCount(2);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(MESSAGES.required);

    // A message follows what is typed once the field has one.
    await email.fill('admin@demo');
    await expect(email).toHaveAccessibleDescription(MESSAGES.invalidEmail);
    await email.fill('admin@demo.test');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText(MESSAGES.invalidEmail)).toHaveCount(0);

    await password.fill('not-the-password');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, `login with messages at ${width} px`);
    await screenshot(page, `login-messages-${width}`);
    // Nothing of antd on this page: no antd element, and none of its code among the scripts it loaded.
    expect(await page.locator('[class*="ant-"]').count()).toBe(0);
    expect(scripts.some((url) => /first-screen|antd/i.test(url))).toBe(false);

    // The wrong password: the server's message, the form kept; then the right one signs in.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('login-error')).toContainText('These credentials do not match our records.');
    await expect(email).toHaveValue('admin@demo.test');
    await signIn(page, 'admin@demo.test');
    await expect(page.getByTestId('profile-menu')).toBeVisible({ timeout: 20_000 });
  });
}

test('in a dark device the sign-in page is dark before anything of antd loads, and passes axe', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.querySelector('.auth-card') as Element).backgroundColor))
    .toBe('rgb(20, 20, 20)');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(MESSAGES.required)).toHaveCount(2);
  await expectNoSeriousViolations(page, 'dark login');
  await screenshot(page, 'login-dark');
});
