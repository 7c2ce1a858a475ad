import { expect, test } from '@playwright/test';
import { latestMailTo, screenshot, signIn } from './support';

test('past the account-wide guess ceiling the owner signs in on a new device through the e-mailed link', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `ceiling.${Date.now()}@client.test`;
  const password = 'owner-password-1';
  const created = await request.post('/api/register', {
    data: { name: 'Casey Ceiling', email, password, password_confirmation: password },
  });
  expect(created.ok()).toBe(true);

  // 34 addresses guess 3 times each (below any pause): past the ceiling of 100 wrong passwords for the account.
  await Promise.all(
    Array.from({ length: 34 }, async (_, address) => {
      for (let guess = 0; guess < 3; guess++) {
        const res = await request.post('/api/login', {
          data: { email, password: 'wrong-password' },
          headers: { 'x-forwarded-for': `198.51.100.${address + 1}` },
        });
        expect([422, 202]).toContain(res.status());
      }
    }),
  );

  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page.getByTestId('login-link-sent')).toContainText('We e-mailed you a sign-in link');
  await screenshot(page, 'login-sign-in-link-sent');

  const link = (await latestMailTo(email)).match(/https?:\/\/\S+\/sign-in-link\?token=\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  // A self-registered account is a client account: signing in lands on the client notice.
  await expect(page.getByTestId('client-notice')).toBeVisible();

  // The link works once.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(link ?? '');
  await expect(page.getByTestId('sign-in-link-error')).toContainText('This sign-in link is invalid');
});
