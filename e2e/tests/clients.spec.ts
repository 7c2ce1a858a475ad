import { type Browser, expect, type Page, test } from '@playwright/test';
import { chooseNewMenuItem, chooseOption, expectSignedInShell, latestMailTo, screenshot, signIn } from './support';

const stamp = Date.now().toString(36);
const CLIENT = `Harbour Lights ${stamp}`;
const INVITEE = `pat.${stamp}@harbour.test`;
const OTHER = `other.${stamp}@harbour.test`;

async function inviteByEmail(page: Page, email: string) {
  await page.getByTestId('client-invite').click();
  await expect(page.getByTestId('invite-client-preset')).toHaveText(CLIENT);
  await expect(page.getByTestId('invite-save')).toBeDisabled();
  await chooseOption(page, 'invite-contact', email, email);
  // A bare e-mail cannot get Login/Register: Leadsie is chosen instead.
  await expect(page.getByRole('radio', { name: 'Login/Register' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Leadsie' })).toBeChecked();
  await page.getByTestId('invite-save').click();
  await expect(page.getByText('Invitation sent.')).toBeVisible();
  await expect(page.getByTestId('client-pending-invite').filter({ hasText: email })).toBeVisible();
}

async function registerFromLink(browser: Browser, link: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByTestId('invite-banner')).toHaveText(`You're invited to join ${CLIENT}`);
  await expect(page.getByTestId('register-email')).toHaveValue(INVITEE);
  await expect(page.getByTestId('register-email')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('invite-sign-in')).toHaveAttribute('href', /\/login\?invite=/);
  await screenshot(page, 'invite-register');
  await page.getByLabel('Name').fill('Pat Harbour');
  await page.getByLabel('Password', { exact: true }).fill('harbour-lights-2026');
  await page.getByLabel('Confirm password').fill('harbour-lights-2026');
  await page.getByRole('button', { name: 'Register' }).click();
  // A client contact only sees the notice that the product moved.
  await expect(page.getByTestId('client-notice')).toBeVisible();
  await context.close();
}

test('a client is created, gets a plan and an invited contact who registers from the e-mailed link', async ({
  page,
  browser,
}) => {
  // A whole journey in two browser contexts: more than the default minute on a busy 2-core machine.
  test.setTimeout(120_000);
  await page.goto('/login');
  await signIn(page, 'admin@demo.test');
  await expectSignedInShell(page);

  // New client from the New menu (client_uuid=create).
  await chooseNewMenuItem(page, 'new-client');
  await expect(page).toHaveURL(/client_uuid=create/);
  await expect(page.locator('.ant-modal-title')).toHaveText('New client');
  await page.getByTestId('client-save').click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByTestId('client-business-name').fill(CLIENT);
  await page.getByTestId('client-abbreviation').fill('HL');
  await page.getByTestId('client-save').click();
  await expect(page.locator('.ant-modal-title')).toHaveText('Client details');
  await expect(page).toHaveURL(/client_uuid=[0-9a-f-]{36}/);
  const clientUuid = new URL(page.url()).searchParams.get('client_uuid');
  await expect(page.getByTestId('client-contacts-empty')).toHaveText('There is no contacts');
  await expect(page.getByTestId('client-invites-empty')).toHaveText('There is no pending invites');

  // Editing autosaves.
  await page.getByTestId('client-phone').fill('+1 415 555 0100');
  await expect(page.getByTestId('client-save-status')).toHaveText('Saved');
  await screenshot(page, 'client-created');
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/client_uuid/);

  // New plan for that client, reload amount typed as 1000.
  await chooseNewMenuItem(page, 'new-plan');
  await expect(page).toHaveURL(/plan=create/);
  await page.getByTestId('plan-save').click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await chooseOption(page, 'plan-client', CLIENT, CLIENT);
  await expect(page.getByTestId('plan-type')).toContainText('Retainer');
  await page.getByTestId('plan-refill').fill('');
  await page.getByTestId('plan-refill').pressSequentially('1000');
  await expect(page.getByTestId('plan-refill')).toHaveValue('10:00');
  await chooseOption(page, 'plan-manager', 'Alex', 'Alex Morgan');
  await screenshot(page, 'plan-create');
  await page.getByTestId('plan-save').click();
  await expect(page).toHaveURL(/\/projects$/);
  await page.getByTestId('plans-search').locator('input').fill(stamp);
  const planRow = page.getByTestId('plans-table').locator('tr').filter({ hasText: CLIENT });
  await expect(planRow).toContainText('Retainer');
  await expect(planRow.getByTestId('plan-row-refill')).toHaveText('10:00');
  await screenshot(page, 'plans-list');

  // On the clients page the modal lists the plan and links to its page.
  await page.goto(`/clients?client_uuid=${clientUuid}`);
  await expect(page.getByTestId('client-plan')).toHaveCount(1);
  await expect(page.getByTestId('client-plan-link')).toHaveAttribute('href', /\/projects\/[0-9a-f-]{36}$/);

  // Invite a person by e-mail; the e-mailed link lets them register.
  await inviteByEmail(page, INVITEE);
  const mail = await latestMailTo(INVITEE);
  const link = /https?:\/\/\S+\/register\?invite=\S+/.exec(mail)?.[0];
  expect(link, 'invite link in the e-mail').toBeTruthy();
  await registerFromLink(browser, link as string);

  // Back as admin: the person is a contact of the client and the invite is no longer pending.
  await page.reload();
  await expect(page.getByTestId('client-contact').filter({ hasText: 'Pat Harbour' })).toBeVisible();
  await expect(page.getByTestId('client-pending-invite').filter({ hasText: INVITEE })).toHaveCount(0);

  // Another invite, cancelled after the confirmation.
  await inviteByEmail(page, OTHER);
  const other = page.getByTestId('client-pending-invite').filter({ hasText: OTHER });
  await other.getByTestId('invite-cancel').click();
  await expect(page.getByText('Do you want to cancel this invite?')).toBeVisible();
  await page.getByTestId('invite-cancel-confirm').click();
  await expect(page.getByTestId('client-invites-empty')).toHaveText('There is no pending invites');
  await screenshot(page, 'client-with-contact');

  // Someone who already has an account follows the link, chooses to sign in, and joins the client.
  await inviteByEmail(page, 'client@demo.test');
  const existingLink = /https?:\/\/\S+\/register\?invite=\S+/.exec(await latestMailTo('client@demo.test'))?.[0];
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(existingLink as string);
  await guest.getByTestId('invite-sign-in').click();
  await expect(guest).toHaveURL(/\/login\?invite=/);
  await expect(guest.getByTestId('login-invite')).toBeVisible();
  await signIn(guest, 'client@demo.test');
  await expect(guest.getByText(`You joined ${CLIENT}.`)).toBeVisible();
  await expect(guest.getByTestId('client-notice')).toBeVisible();
  // Opening the link while signed in still hands the invitation to the server first: a used one is refused.
  await guest.goto(existingLink as string);
  await expect(guest.getByText('This invitation is no longer valid.')).toBeVisible();
  await expect(guest.getByTestId('client-notice')).toBeVisible();
  await context.close();
  await page.reload();
  await expect(page.getByTestId('client-contact').filter({ hasText: 'client@demo.test' })).toBeVisible();
});
