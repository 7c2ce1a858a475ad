import { expect, test } from '@playwright/test';
import { latestMailTo, screenshot, signIn } from './support';

test('a forgotten password is reset through the e-mailed link, and the new password signs in', async ({
  page,
  request,
}) => {
  // An account of its own, so the demo accounts other tests sign in with keep their password.
  const email = `reset.${Date.now()}@client.test`;
  const created = await request.post('/api/register', {
    data: { name: 'Riley Reset', email, password: 'first-password-1', password_confirmation: 'first-password-1' },
  });
  expect(created.ok()).toBe(true);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByTestId('forgot-password-message')).toBeVisible();

  const mail = await latestMailTo(email);
  const link = mail.match(/https?:\/\/\S+\/reset\?token=\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  await page.getByLabel('New password', { exact: true }).fill('freelance-2027!');
  await page.getByLabel(/confirm/i).fill('freelance-2027!');
  await page.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(page.getByTestId('reset-message')).toBeVisible();
  await screenshot(page, 'password-reset-done');

  await page.goto('/login');
  await signIn(page, email, 'first-password-1');
  await expect(page.getByTestId('login-error')).toBeVisible();
  await signIn(page, email, 'freelance-2027!');
  // A self-registered account is a client account: signing in lands on the client notice.
  await expect(page.getByTestId('client-notice')).toBeVisible();
});

test('a new person registers, verifies the e-mail from the mailed link and, being a client account, sees the client notice', async ({
  page,
}) => {
  const email = `morgan.${Date.now()}@client.test`;
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/register');
  await page.getByLabel('Name').fill('Morgan Client');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('client-password-1');
  await page.getByLabel(/confirm/i).fill('client-password-1');
  await page.getByRole('button', { name: /register|create/i }).click();
  // No sign-in before the address is proven: the page says to check the mailbox.
  await expect(page.getByTestId('register-check-email')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, 'register-check-email');

  const link = (await latestMailTo(email)).match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(link ?? '');
  await expect(page.getByTestId('client-notice')).toBeVisible();
  await screenshot(page, 'registered-client');
});
