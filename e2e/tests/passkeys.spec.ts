import { type Browser, type CDPSession, expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { expectNoSeriousViolations } from './axe';
import { adminToken, chooseHeaderMenuItem, expectNoSidewaysScroll, newStaff, screenshot, signIn } from './support';

const PASSWORD = 'passkeys-spec-2026';
// Passkeys are bound to a host name: this spec opens the app on localhost (the server's WEBAUTHN_RP_ID).
const ORIGIN = `http://localhost:${E2E_PORT}`;

/**
 * A browser with Chromium's virtual authenticator (DevTools protocol WebAuthn domain): a platform authenticator
 * with resident keys that verifies its user, as Touch ID or Windows Hello would.
 */
async function deviceWithAuthenticator(browser: Browser, width: number): Promise<{ page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { page, cdp };
}

async function checkScreen(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, name);
  await screenshot(page, name);
}

async function expectShell(page: Page) {
  await expect(page.getByTestId('sidebar').or(page.getByTestId('menu-toggle')).first()).toBeVisible();
  await page
    .getByRole('button', { name: 'No thanks' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
}

for (const width of [1366, 390]) {
  test(`at ${width} px a person registers a passkey, signs in with it as the second step, then with it alone`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const person = await newStaff(request, await adminToken(request), {
      label: `Passkeys ${width}`,
      email: `passkeys.${width}`,
      password: PASSWORD,
    });
    const { page } = await deviceWithAuthenticator(browser, width);
    await page.goto(`${ORIGIN}/login`);
    await signIn(page, person.email, PASSWORD);
    await expectShell(page);

    // Register: named first, then the browser's prompt (the virtual authenticator answers it).
    await page.goto(`${ORIGIN}/users/${person.contactUuid}`);
    await page.getByTestId('passkey-add').click();
    await page.getByTestId('passkey-add-name').fill(`Laptop ${width}`);
    await page.getByTestId('passkey-add-ok').click();
    await expect(page.getByTestId('recovery-codes')).toBeVisible();
    await page.getByTestId('passkey-codes-saved').click();
    await expect(page.getByTestId('passkey-name')).toHaveText(`Laptop ${width}`);
    await checkScreen(page, `passkeys-${width}`);

    // Signing in again: the password, then the passkey as the second step.
    await chooseHeaderMenuItem(page, 'profile-menu', 'profile-logout');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await signIn(page, person.email, PASSWORD);
    await expect(page.getByTestId('second-factor-passkey')).toBeVisible();
    await checkScreen(page, `passkeys-second-step-${width}`);
    await page.getByTestId('second-factor-passkey').click();
    await expectShell(page);

    // Passwordless: refused until chosen, then the passkey alone signs in.
    await chooseHeaderMenuItem(page, 'profile-menu', 'profile-logout');
    await page.getByTestId('passkey-sign-in').click();
    await expect(page.getByTestId('passkey-sign-in-error')).toHaveText(
      'This passkey is set up as a second step. Sign in with your e-mail and password first.',
    );
    await signIn(page, person.email, PASSWORD);
    await page.getByTestId('second-factor-passkey').click();
    await expectShell(page);
    await page.goto(`${ORIGIN}/users/${person.contactUuid}`);
    await page.getByTestId('passkey-sign-in-switch').click();
    await expect(page.getByTestId('passkey-sign-in-switch')).toHaveAttribute('aria-checked', 'true');
    await chooseHeaderMenuItem(page, 'profile-menu', 'profile-logout');
    await page.getByTestId('passkey-sign-in').click();
    await expectShell(page);

    // Removing the last passkey needs the password; afterwards the password alone signs in again.
    await page.goto(`${ORIGIN}/users/${person.contactUuid}`);
    await page.getByTestId('passkey-remove').click();
    await page.getByTestId('passkey-remove-password').fill(PASSWORD);
    await page.getByTestId('passkey-remove-ok').click();
    await expect(page.getByText('No passkeys yet')).toBeVisible();
    await page.context().close();
  });
}
