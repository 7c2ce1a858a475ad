import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { adminToken, expectNoSidewaysScroll, newStaff, screenshot, signedInPage, signIn } from './support';

const PASSWORD = 'sessions-spec-2026';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A browser of its own (a device), signed in as the person. */
async function deviceAt(browser: Browser, width: number, email: string, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width > 500 ? 900 : 844 },
    ...(userAgent ? { userAgent } : {}),
  });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, email, PASSWORD);
  await expect(page.getByTestId('sidebar').or(page.getByTestId('menu-toggle')).first()).toBeVisible();
  return page;
}

async function checkScreen(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, name);
  await screenshot(page, name);
}

/** A signed-out device lands on the sign-in screen at its next call. */
async function expectSignedOut(page: Page) {
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 15_000 });
}

for (const width of [1366, 390]) {
  test(`at ${width} px a person sees their devices on the profile and signs one out, then every other`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const person = await newStaff(request, await adminToken(request), {
      label: `Sessions ${width}`,
      email: `sessions.${width}`,
      password: PASSWORD,
    });
    const iphone = await deviceAt(browser, 390, person.email, IPHONE_UA);
    const android = await deviceAt(browser, 390, person.email, ANDROID_UA);
    const laptop = await deviceAt(browser, width, person.email);

    await laptop.goto(`/users/${person.contactUuid}`);
    const section = laptop.getByTestId('sessions');
    await expect(section).toBeVisible();
    await expect(section.getByTestId('session-current')).toHaveCount(1);
    const iphoneRow = section.getByRole('row').filter({ hasText: 'Safari 17.4 on iOS 17.4' });
    const androidRow = section.getByRole('row').filter({ hasText: 'Chrome 131 on Android 14' });
    await expect(iphoneRow).toHaveCount(1);
    await expect(androidRow).toHaveCount(1);
    await checkScreen(laptop, `sessions-${width}`);

    // One device: it is signed out at its next call; the others stay in.
    await iphoneRow.getByTestId('session-end').click();
    await laptop.getByTestId('session-end-confirm').click();
    await expect(iphoneRow).toHaveCount(0);
    await expectSignedOut(iphone);
    await android.reload();
    await expect(android.getByTestId('sidebar').or(android.getByTestId('menu-toggle')).first()).toBeVisible();

    // Every other device at once; this one stays signed in.
    await laptop.getByTestId('sessions-end-others').click();
    await laptop.getByTestId('sessions-end-others-confirm').click();
    await expect(androidRow).toHaveCount(0);
    await expectSignedOut(android);
    await laptop.reload();
    await expect(laptop.getByTestId('sessions').getByTestId('session-current')).toHaveCount(1);
    await expect(laptop.getByTestId('sessions-end-others')).toHaveCount(0);
    for (const page of [iphone, android, laptop]) {
      await page.context().close();
    }
  });
}

test('a people manager signs a person out on every device from their page', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const person = await newStaff(request, admin, {
    label: 'Sessions leaver',
    email: 'sessions.leaver',
    password: PASSWORD,
  });
  const device = await deviceAt(browser, 1366, person.email);
  const manager = await signedInPage(browser, 'admin@demo.test', 1366);
  await manager.goto(`/users/${person.contactUuid}`);
  await expect(manager.getByTestId('contact-page')).toBeVisible();
  await checkScreen(manager, 'sessions-person-1366');
  await manager.getByTestId('sessions-end-person').click();
  await manager.getByTestId('sessions-end-person-confirm').click();
  await expect(manager.getByText("The person's sessions were ended. They are signed out everywhere.")).toBeVisible();
  await expectSignedOut(device);
  await device.context().close();
  await manager.context().close();
});
