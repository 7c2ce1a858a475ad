import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { chooseHeaderMenuItem, expectNoSidewaysScroll, screenshot, signedInPage } from './support';

async function checkScreen(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, name);
  await screenshot(page, name);
}

for (const width of [1366, 390]) {
  test(`at ${width} px a manager creates an API token on their profile, sees it once, its last use, and revokes it`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const page = await signedInPage(browser, 'manager@demo.test', width);
    // The profile menu leads to one's own page, where the section lives.
    await expect(async () => {
      await chooseHeaderMenuItem(page, 'profile-menu', 'profile-profile');
      await expect(page.getByTestId('api-tokens')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 25_000 });
    await checkScreen(page, `api-tokens-${width}`);

    const name = `Reporting ${width} ${Date.now()}`;
    await page.getByTestId('api-token-name').fill(name);
    await page.getByTestId('api-token-scope-read').check();
    await page.getByTestId('api-token-create').click();
    const value = page.getByTestId('api-token-value');
    await expect(value).toBeVisible();
    const token = ((await value.textContent()) ?? '').trim();
    expect(token).toMatch(/^ptk_[A-Za-z0-9_-]{43}$/);
    await checkScreen(page, `api-token-created-${width}`);

    // The token works as the manager, read only.
    const auth = { authorization: `Bearer ${token}` };
    const me = await request.get('/api/user', { headers: auth });
    expect(me.status()).toBe(200);
    expect((await me.json()).data.email).toBe('manager@demo.test');
    expect((await request.post('/api/logout', { headers: auth })).status()).toBe(403);

    // Shown once: after "I have copied it" and a reload it is gone, the row says when it was last used.
    await page.getByTestId('api-token-done').click();
    await expect(page.getByTestId('api-token-value')).toHaveCount(0);
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('api-token-last-used')).not.toHaveText('Never');
    await expect(page.getByText(token)).toHaveCount(0);

    await row.getByTestId('api-token-revoke').click();
    await page.getByTestId('api-token-revoke-confirm').click();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    expect((await request.get('/api/user', { headers: auth })).status()).toBe(401);
    await page.context().close();
  });
}
