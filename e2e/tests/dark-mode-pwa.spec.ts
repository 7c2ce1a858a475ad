import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { expectNoSeriousViolations } from './axe';
import { appDatabaseUrl, screenshot, signIn } from './support';

/**
 * Dark mode (antd's dark algorithm, chosen per person in the profile menu and saved on the server) and the installable
 * app (manifest, icons, the service worker's offline page). Every test leaves its person on 'System' again, so the
 * specs after this one still see the light scheme (Playwright's browser prefers light).
 */

const scheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Opens the profile menu and picks a theme (a group in the menu); retried as a whole like chooseHeaderMenuItem. */
async function chooseTheme(page: Page, choice: 'System' | 'Light' | 'Dark') {
  const item = page.getByTestId(`profile-theme-${choice.toLowerCase()}`);
  const saved = page.waitForResponse((r) => r.url().includes('/api/contacts/') && r.request().method() === 'PUT');
  await expect(async () => {
    if (!(await item.isVisible())) {
      await page.getByTestId('profile-menu').click();
    }
    await item.click({ timeout: 2_000 });
    await expect(item).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  expect((await saved).status()).toBe(200);
}

/** Puts a person back on 'System' in the database, so a failed attempt does not leave its retry (or a later spec) dark. */
async function resetTheme(email: string) {
  const client = new pg.Client({ connectionString: appDatabaseUrl() });
  await client.connect();
  try {
    await client.query(
      `UPDATE contacts SET preferences = preferences || '{"theme":"system"}'::jsonb WHERE lower(email) = lower($1)`,
      [email],
    );
  } finally {
    await client.end();
  }
}

for (const { width, height, email } of [
  { width: 1366, height: 900, email: 'manager@demo.test' },
  { width: 390, height: 844, email: 'freelancer@demo.test' },
]) {
  test(`at ${width} px dark mode is chosen in the profile menu, survives a reload from the server's copy and passes axe`, async ({
    page,
  }) => {
    // Three screens with axe each at 1366 px: more than the default minute on a busy 2-core machine.
    test.setTimeout(120_000);
    await resetTheme(email);
    await page.setViewportSize({ width, height });
    await page.goto('/login');
    await signIn(page, email);
    await expect(page.getByTestId('profile-menu')).toBeVisible({ timeout: 20_000 });
    // The browser prefers light and the person never chose: light.
    expect(await scheme(page)).toBe('light');
    const lightBackground = await bodyBackground(page);

    await chooseTheme(page, 'Dark');
    await expect.poll(() => scheme(page)).toBe('dark');
    // The app's own CSS follows through antd's variables: the page behind the cards turns black.
    await expect.poll(() => bodyBackground(page)).toBe('rgb(0, 0, 0)');
    expect(lightBackground).not.toBe('rgb(0, 0, 0)');

    // The server's copy, not this browser's: forget the local one, then reload.
    await page.evaluate(() => window.localStorage.removeItem('theme-choice'));
    await page.reload();
    await expect(page.getByTestId('profile-menu')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => scheme(page)).toBe('dark');
    await expectNoSeriousViolations(page, `dark dashboard at ${width} px`);
    await screenshot(page, `dark-dashboard-${width}`);

    if (width === 1366) {
      // A table screen and a report with its chart, in dark.
      await page.goto('/tasks');
      await expect(page.getByTestId('tasks-page')).toBeVisible({ timeout: 20_000 });
      await expectNoSeriousViolations(page, 'dark tasks at 1366 px');
      await page.goto('/report/user-performance');
      await expect(page.locator('.ant-table, [data-testid="performance-chart"]').first()).toBeVisible({
        timeout: 20_000,
      });
      await expectNoSeriousViolations(page, 'dark users report at 1366 px');
      await screenshot(page, 'dark-users-report-1366');
    }

    // System follows the device: dark while it prefers dark, light when it prefers light.
    await chooseTheme(page, 'System');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => scheme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => scheme(page)).toBe('light');
    // And 'System' is what the server keeps now.
    await page.evaluate(() => window.localStorage.setItem('theme-choice', 'dark'));
    await page.reload();
    await expect(page.getByTestId('profile-menu')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => scheme(page)).toBe('light');
  });
}

test('the web app manifest is linked, served and valid, and its icons are real PNGs of the stated sizes', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/i);

  const response = await request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Agency Portal',
    short_name: expect.any(String),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
  });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  for (const wanted of ['192x192', '512x512']) {
    expect(icons.some((i) => i.sizes === wanted && i.purpose.split(' ').includes('any'))).toBe(true);
  }
  expect(icons.some((i) => i.sizes === '512x512' && i.purpose.split(' ').includes('maskable'))).toBe(true);
  for (const icon of icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const png = await file.body();
    // The PNG signature, then the IHDR chunk's width and height (big-endian at bytes 16 and 20).
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
  }
});

test('with the network cut, a page opens as the offline page from the service worker, and /api is never cached', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await signIn(page, 'freelancer@demo.test');
  await expect(page.getByTestId('profile-menu')).toBeVisible({ timeout: 20_000 });
  // The worker registers after load and takes control of the open page (clients.claim) once active.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByTestId('offline-retry')).toBeVisible();
  await expectNoSeriousViolations(page, 'offline page');
  await screenshot(page, 'offline-page');
  // Data is never answered from a cache: an API call fails while offline.
  const apiOffline = await page.evaluate(() =>
    fetch('/api/config').then(
      () => 'answered',
      () => 'failed',
    ),
  );
  expect(apiOffline).toBe('failed');

  // Back online, "Try again" opens the page that was asked for.
  await context.setOffline(false);
  await page.getByTestId('offline-retry').click();
  await expect(page.getByTestId('tasks-page')).toBeVisible({ timeout: 20_000 });
});
