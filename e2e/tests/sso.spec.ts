import { type Browser, expect, type Page, test } from '@playwright/test';
import { startOidcProvider, type TestOidcProvider } from '../../apps/api/test/oidc-provider';
import { expectNoSeriousViolations } from './axe';
import { adminToken, expectNoSidewaysScroll, newStaff, screenshot } from './support';

/*
 * Single sign-on through a real OpenID Connect provider (apps/api/test/oidc-provider.ts) on the port the app's
 * SSO_ISSUER names (playwright.config.ts: E2E_OIDC_PORT). Its development login page takes the e-mail as login.
 */
let provider: TestOidcProvider;

test.beforeAll(async () => {
  provider = await startOidcProvider({
    port: Number(process.env.E2E_OIDC_PORT),
    redirectUris: [`http://127.0.0.1:${process.env.E2E_PORT}/api/sso/callback`],
  });
});
test.afterAll(() => provider?.close());

async function pageAt(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
  return context.newPage();
}

async function checkScreen(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, name);
  await screenshot(page, name);
}

/** From our login page through the provider's login form, as a person does it. */
async function signInThroughProvider(page: Page, email: string) {
  await page.goto('/login');
  await page.getByTestId('login-sso').click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('whatever-the-provider-asks');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

for (const width of [1366, 390]) {
  test(`at ${width} px staff sign in with the agency's identity provider from the login page`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const person = await newStaff(request, await adminToken(request), {
      label: `SSO ${width}`,
      email: `sso.${width}`,
      password: 'sso-password-2026',
    });
    provider.people.set(person.email, { email: person.email, email_verified: true, name: `Sam SSO ${width}` });
    const page = await pageAt(browser, width);
    await page.goto('/login');
    await expect(page.getByTestId('login-sso')).toHaveText('Sign in with Test Workspace');
    await checkScreen(page, `sso-login-${width}`);

    await signInThroughProvider(page, person.email);
    await expect(page.getByTestId('sidebar').or(page.getByTestId('menu-toggle')).first()).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    // The hand-off code was spent and left the address bar; the session is the web app's usual one.
    expect(page.url()).not.toContain('token=');
    expect(await page.evaluate(() => window.localStorage.getItem('portal.auth_token'))).toBeTruthy();
    await page
      .getByRole('button', { name: 'No thanks' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await checkScreen(page, `sso-signed-in-${width}`);
    await page.context().close();
  });
}

test('a person the provider knows but the agency does not is told to ask an administrator; an unverified e-mail is refused', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await pageAt(browser, 390);
  const stranger = `stranger.${Date.now()}@agency.test`;
  provider.people.set(stranger, { email: stranger, email_verified: true });
  await signInThroughProvider(page, stranger);
  await expect(page.getByTestId('login-sso-error')).toHaveText(
    'There is no account for your e-mail address. Ask an administrator to add you.',
  );
  await checkScreen(page, 'sso-no-account-390');

  await page.context().close();

  // A new browser: in the same one the provider's own session would sign the stranger in again without asking.
  const other = await pageAt(browser, 1366);
  const unverified = `unverified.${Date.now()}@agency.test`;
  provider.people.set(unverified, { email: unverified, email_verified: false });
  await signInThroughProvider(other, unverified);
  await expect(other.getByTestId('login-sso-error')).toContainText('has not verified your e-mail address');
  await other.context().close();
});

test('a first sign-in from a JIT domain creates a freelancer', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await pageAt(browser, 1366);
  const email = `new.${Date.now()}@sso-jit.test`;
  provider.people.set(email, { email, email_verified: true, name: 'Jordan Newcomer' });
  await signInThroughProvider(page, email);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const me = await page.evaluate(async () => {
    const token = window.localStorage.getItem('portal.auth_token') ?? '';
    const res = await fetch('/api/user', { headers: { authorization: `Bearer ${token}` } });
    return res.json();
  });
  expect(me.data).toMatchObject({ name: 'Jordan Newcomer', contact: { type: 'freelancer' } });
  await page.context().close();
});
