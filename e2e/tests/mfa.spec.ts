import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoSeriousViolations } from './axe';
import { adminToken, expectNoSidewaysScroll, latestMailTo, newStaff as newPerson, screenshot, signIn } from './support';

const PASSWORD = 'second-factor-2026';

/** A staff person of their own, in a role of their own named "2FA …" (the other specs' demo accounts stay as they are). */
const newStaff = (request: APIRequestContext, admin: string, label: string) =>
  newPerson(request, admin, { label: `2FA ${label}`, email: `mfa.${label}`, password: PASSWORD });

/** The code an authenticator app shows `steps` 30-second steps from now (the current step is spent on enrolment). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function pageAt(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
  return context.newPage();
}

async function expectShell(page: Page) {
  await expect(page.getByTestId('sidebar').or(page.getByTestId('menu-toggle')).first()).toBeVisible();
  await page
    .getByRole('button', { name: 'No thanks' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
}

async function checkScreen(page: Page, name: string) {
  // The pointer rests where the last click was, often over the next screen's primary button: axe reads the screen
  // as it stands, not a hovered button.
  await page.mouse.move(0, 0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, name);
  await screenshot(page, name);
}

/** Enrols on the screen shown (profile Security section or the forced screen); answers the secret. */
async function enrolOnScreen(page: Page, name: string): Promise<string> {
  await page.getByTestId('mfa-enrol-start').click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await checkScreen(page, `${name}-qr`);
  const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').match(/[A-Z2-7]{16,}/)?.[0] ?? '';
  expect(secret).not.toBe('');
  await page.getByTestId('mfa-enrol-code').fill(await codeAt(secret));
  await page.getByTestId('mfa-enrol-confirm').click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await checkScreen(page, `${name}-recovery-codes`);
  return secret;
}

for (const width of [1366, 390]) {
  test(`at ${width} px a person turns on an authenticator app on their profile and signs in again with a code`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const person = await newStaff(request, await adminToken(request), `self${width}`);
    const page = await pageAt(browser, width);
    await page.goto('/login');
    await signIn(page, person.email, PASSWORD);
    await expectShell(page);

    await page.goto(`/users/${person.contactUuid}`);
    await expect(page.getByTestId('security-section')).toBeVisible();
    await checkScreen(page, `mfa-security-${width}`);
    const secret = await enrolOnScreen(page, `mfa-security-${width}`);
    const codes = await page.getByTestId('recovery-code').allInnerTexts();
    await page.getByTestId('recovery-codes-saved').click();
    await expect(page.getByTestId('mfa-on')).toContainText('10 recovery codes left');

    // A new sign-in: the password alone no longer opens the app.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/login');
    await signIn(page, person.email, PASSWORD);
    await expect(page.getByTestId('second-factor')).toBeVisible();
    await checkScreen(page, `mfa-login-step-${width}`);
    await page.getByTestId('second-factor-code').fill('000000');
    await page.getByTestId('second-factor-submit').click();
    await expect(page.getByTestId('second-factor')).toContainText('This code is not valid');
    await page.getByTestId('second-factor-code').fill(await codeAt(secret, 1));
    await page.getByTestId('second-factor-submit').click();
    await expectShell(page);

    // A recovery code instead of the app, once.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/login');
    await signIn(page, person.email, PASSWORD);
    await page.getByTestId('second-factor-use-recovery').click();
    await page.getByTestId('second-factor-code').fill(codes[0] ?? '');
    await page.getByTestId('second-factor-submit').click();
    await expectShell(page);
    await page.context().close();
  });
}

test('a role that requires a second factor leads its people to enrol first; an admin resets a factor', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  const person = await newStaff(request, admin, 'forced');
  const adminPage = await pageAt(browser, 1366);
  await adminPage.goto('/login');
  await signIn(adminPage, 'admin@demo.test');
  await expectShell(adminPage);
  try {
    await adminPage.goto('/roles');
    await adminPage.getByTestId('role-item').filter({ hasText: '2FA forced' }).first().click();
    await adminPage.getByTestId('role-mfa-required').click();
    await expect(adminPage.getByTestId('role-mfa-required')).toHaveAttribute('aria-checked', 'true');
    await checkScreen(adminPage, 'mfa-roles-setting-1366');

    for (const width of [390, 1366]) {
      const page = await pageAt(browser, width);
      await page.goto('/login');
      await signIn(page, person.email, PASSWORD);
      await expect(page.getByTestId('mfa-required')).toBeVisible();
      await checkScreen(page, `mfa-required-${width}`);
      if (width === 1366) {
        await enrolOnScreen(page, 'mfa-required-1366');
        await page.getByTestId('mfa-required-continue').click();
        await expectShell(page);
      }
      await page.context().close();
    }

    await adminPage.goto(`/users/${person.contactUuid}`);
    await adminPage.getByTestId('mfa-reset').click();
    await adminPage.getByTestId('mfa-reset-confirm').click();
    await expect(adminPage.getByText('The second factor was reset.')).toBeVisible();
    await checkScreen(adminPage, 'mfa-admin-reset-1366');
    expect(await latestMailTo(person.email)).toContain('reset the two-factor authentication');
    const phone = await pageAt(browser, 390);
    await phone.goto('/login');
    await signIn(phone, 'admin@demo.test');
    await expectShell(phone);
    await phone.goto(`/users/${person.contactUuid}`);
    await expect(phone.getByTestId('mfa-reset')).toBeVisible();
    await checkScreen(phone, 'mfa-admin-reset-390');
    await phone.goto('/roles');
    await phone.getByTestId('role-item').filter({ hasText: '2FA forced' }).first().click();
    await expect(phone.getByTestId('role-mfa-required')).toBeVisible();
    await checkScreen(phone, 'mfa-roles-setting-390');
    await phone.context().close();
  } finally {
    // The setting is agency-wide: other specs' people must not be held by it.
    await request.put('/api/mfa/required-roles', {
      headers: { authorization: `Bearer ${admin}` },
      data: { role_uuids: [] },
    });
    await adminPage.context().close();
  }
});
