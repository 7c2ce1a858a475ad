import { expect, type Page, test } from '@playwright/test';
import { chooseHeaderMenuItem, chooseNewMenuItem, expectSignedInShell, screenshot, signIn } from './support';

const stamp = Date.now().toString(36);

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await signIn(page, email);
  await expectSignedInShell(page);
}

test('users: the list filters by type, New user creates a contact, and its page edits it', async ({ page }) => {
  await signInAs(page, 'admin@demo.test');
  await page.goto('/users');
  await expect(page.getByTestId('page-title')).toHaveText('Users');
  await expect(page.getByTestId('user-row-link').first()).toBeVisible();
  await screenshot(page, 'users-list');

  await chooseNewMenuItem(page, 'new-user');
  await expect(page).toHaveURL(/user=create/);
  await page.getByTestId('user-save').click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  const name = `Robin Quay ${stamp}`;
  await page.getByTestId('contact-name').fill(name);
  await page.getByTestId('contact-email').fill(`robin.${stamp}@quay.test`);
  await page.getByTestId('contact-job-title').fill('Marketing lead');
  await page.getByTestId('user-save').click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('page-title')).toHaveText(name);
  await expect(page.getByTestId('contact-job-title')).toHaveValue('Marketing lead');

  await page.getByTestId('contact-phone').fill('+1 415 555 0111');
  await page.getByTestId('contact-save').click();
  await expect(page.getByText('Updated the changes.')).toBeVisible();
  await screenshot(page, 'contact-page');

  await page.getByTestId('contact-delete').click();
  await expect(page.getByText('Do you want to delete this contact?')).toBeVisible();
  // The confirmation opens with an animation; a click that lands while it still moves is lost, so click again.
  const confirm = page.getByTestId('contact-delete-confirm');
  await expect(async () => {
    if (await confirm.isVisible()) {
      await confirm.click({ timeout: 2000 });
    }
    await expect(page).toHaveURL(/\/users$/, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
});

test('profile: the own page keeps email or SMS on before anything is sent', async ({ page }) => {
  await signInAs(page, 'freelancer@demo.test');
  // The push and SMS prompts arrive while the dashboard loads and shift the header: choose again until it opens.
  await expect(async () => {
    await chooseHeaderMenuItem(page, 'profile-menu', 'profile-profile');
    await expect(page.getByTestId('contact-page')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 25_000 });
  // Without CONTACTS_UPDATE only the personal fields show.
  await expect(page.getByTestId('contact-type')).toHaveCount(0);
  const email = page.getByTestId('preference-email');
  const sms = page.getByTestId('preference-sms');
  if ((await sms.getAttribute('aria-checked')) === 'true') {
    await sms.click();
    await expect(sms).toHaveAttribute('aria-checked', 'false');
  }
  await email.click();
  await expect(page.getByTestId('preferences-error')).toHaveText(
    'You need to have at least SMS or email notification enabled',
  );
  await expect(email).toHaveAttribute('aria-checked', 'true');
  await screenshot(page, 'profile-preferences');

  // Enabling SMS first asks for the phone number; cancelling leaves SMS off.
  await sms.click();
  const dialog = page.getByTestId('sms-dialog');
  await expect(dialog.locator('.ant-modal-title')).toHaveText('Get notification via SMS');
  await expect(page.getByTestId('sms-notice')).toContainText('Message frequency varies');
  await expect(page.getByTestId('sms-notice')).toContainText('STOP');
  await page.getByTestId('sms-phone').fill('');
  await page.getByTestId('sms-confirm').click();
  await expect(dialog.getByText('Please enter the phone number')).toBeVisible();
  await page.getByTestId('sms-cancel').click();
  await expect(dialog).toBeHidden();
  await expect(sms).toHaveAttribute('aria-checked', 'false');
  // Confirming saves the phone and SMS on together.
  await sms.click();
  await page.getByTestId('sms-phone').fill('+1 415 555 0199');
  await screenshot(page, 'sms-opt-in');
  await page.getByTestId('sms-confirm').click();
  await expect(sms).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('contact-phone')).toHaveValue('+14155550199');
});

test('roles, groups, product types, customers and people screens work for the admin', async ({ page }) => {
  await signInAs(page, 'admin@demo.test');

  await page.goto('/roles');
  await expect(page.getByTestId('role-item').first()).toBeVisible();
  await expect(page.getByTestId('permission-family-customer')).toBeVisible();
  await page.getByTestId('roles-new').click();
  await page.getByTestId('role-create-name').fill(`Editors ${stamp}`);
  await page.getByTestId('role-create-save').click();
  await expect(page.getByTestId('role-editor')).toContainText(`Editors ${stamp}`);
  await page.getByTestId('permission-family-customer').getByText('CUSTOMERS_READ').click();
  await page.getByTestId('role-save').click();
  await expect(page.getByText('Updated the changes.')).toBeVisible();
  await expect(
    page
      .getByTestId('role-item')
      .filter({ hasText: `Editors ${stamp}` })
      .getByTestId('role-permission-count'),
  ).toHaveText('1');
  await screenshot(page, 'roles');
  await page.getByTestId('role-delete').click();
  await page.getByTestId('role-delete-confirm').click();
  await expect(page.getByTestId('role-item').filter({ hasText: `Editors ${stamp}` })).toHaveCount(0);

  await page.goto('/groups');
  await page.getByTestId('groups-new').click();
  await page.getByTestId('group-name').fill(`Designers ${stamp}`);
  await page.getByTestId('group-members').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await page.getByTestId('group-save').click();
  const group = page
    .getByTestId('groups-table')
    .locator('tr')
    .filter({ hasText: `Designers ${stamp}` });
  await expect(group).toBeVisible();
  await screenshot(page, 'groups');
  await group.getByTestId('group-delete').click();
  await page.getByTestId('group-delete-confirm').click();
  await expect(group).toHaveCount(0);

  await page.goto('/product-types');
  await page.getByTestId('product-types-new').click();
  await page.getByTestId('product-type-name').fill(`Brochure ${stamp}`);
  await page.getByTestId('product-type-save').click();
  const type = page
    .getByTestId('product-types-table')
    .locator('tr')
    .filter({ hasText: `Brochure ${stamp}` });
  await expect(type).toBeVisible();
  await type.getByTestId('product-type-edit').click();
  await page.getByTestId('product-type-name').fill(`Flyer ${stamp}`);
  await page.getByTestId('product-type-save').click();
  await expect(page.getByTestId('product-types-table')).toContainText(`Flyer ${stamp}`);
  await screenshot(page, 'product-types');

  await page.goto('/customers');
  await expect(page.getByTestId('customer-row-link').first()).toBeVisible();
  await screenshot(page, 'customers');
  await page.getByTestId('customer-row-link').first().click();
  await expect(page.locator('.ant-modal-title')).toHaveText('Client details');
  // Outside /clients the modal has no Status field and no plan list.
  await expect(page.getByTestId('client-status')).toHaveCount(0);
  await expect(page.getByTestId('client-plans')).toHaveCount(0);
  // Notes are a shared rich-text editor on an existing client, stored by the collaboration server (3 s after the
  // last change); images upload as the client's files.
  await page.getByTestId('client-tab-notes').click();
  const notes = page.getByTestId('client-notes');
  await expect(notes.locator('.ql-toolbar')).toBeVisible();
  await expect(notes.locator('.ql-image')).toHaveCount(1);
  await notes.locator('.ql-editor').fill(`Prefers calls on Mondays ${stamp}`);
  await expect(page.getByTestId('client-notes-status')).toHaveText('Saved', { timeout: 15_000 });
  await notes.locator('.ql-editor').press('ControlOrMeta+a');
  await notes.locator('button.ql-bold').click();
  await expect(page.getByTestId('client-notes-status')).toHaveText('Saving…');
  await expect(page.getByTestId('client-notes-status')).toHaveText('Saved', { timeout: 15_000 });
  // The stored delta opens with its formatting.
  await page.reload();
  await page.getByTestId('client-tab-notes').click();
  await expect(page.getByTestId('client-notes').locator('.ql-editor strong')).toHaveText(
    `Prefers calls on Mondays ${stamp}`,
  );
  await page.keyboard.press('Escape');

  // An unknown client shows the error component inside the modal.
  await page.goto('/clients?client_uuid=00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('client-load-error')).toBeVisible();
  await screenshot(page, 'client-load-error');
  await page.keyboard.press('Escape');

  await page.goto('/people');
  await expect(page.getByTestId('person-card').first()).toBeVisible();
  await screenshot(page, 'people');
});
