import { expect, test } from '@playwright/test';
import { chooseOption, expectSignedInShell, screenshot, signIn } from './support';

const stamp = Date.now().toString(36);

const questionnaire = JSON.stringify([
  {
    name: 'size',
    label: 'Menu size',
    type: 'radio',
    options: [
      { label: 'A4', value: 'a4' },
      { label: 'A3', value: 'a3' },
    ],
  },
  { name: 'fold', label: 'Folding notes', type: 'input', visible: { field: 'size', values: ['a4'] } },
]);

test('services: the catalogue lists, searches, creates with a previewed questionnaire, disables and deletes', async ({
  page,
}) => {
  // Many steps (search, a refused delete, a validated editor with its product-type picker, toggle, delete).
  test.setTimeout(150_000);
  // Each row's confirmation stays in the page once opened; only the open one is visible.
  const confirmDelete = () => page.getByTestId('service-delete-confirm').filter({ visible: true }).click();
  await page.goto('/login');
  await signIn(page, 'admin@demo.test');
  await expectSignedInShell(page);
  await page.goto('/services');
  await expect(page.getByTestId('page-title')).toHaveText('Services');
  const table = page.getByTestId('services-table');
  const emailRow = table.locator('tr', { hasText: 'Email Design' });
  await expect(emailRow).toContainText('1:00');
  await screenshot(page, 'services-list');

  await page.getByTestId('services-search').locator('input').fill('campaign');
  await expect(table.locator('tr', { hasText: 'New Campaign' })).toBeVisible();
  await expect(emailRow).toHaveCount(0);
  await page.getByTestId('services-search').locator('input').fill('');

  // A type that requests use is kept; the server's message says to disable it instead.
  await emailRow.getByTestId('service-delete').click();
  await confirmDelete();
  await expect(page.getByText(/disable it instead of deleting it/)).toBeVisible();
  await expect(emailRow).toBeVisible();

  await page.getByTestId('services-new').click();
  await page.getByTestId('service-save').click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  const name = `Menu Design ${stamp}`;
  await page.getByTestId('service-name').fill(name);
  await page.getByTestId('service-estimate').fill('2:75');
  await page.getByTestId('service-form-json').fill('[{"name": "Bad Name"');
  await page.getByTestId('service-save').click();
  await expect(page.getByText('Enter the estimate as hours:minutes')).toBeVisible();
  await expect(page.getByTestId('service-preview')).toContainText('The form is not valid');
  await page.getByTestId('service-estimate').fill('2:30');
  // Its product type (issue 22: discount codes can be scoped to one), picked from GET product-types.
  await chooseOption(page, 'service-product-type', 'Web', 'Web');
  await page.getByTestId('service-form-json').fill(questionnaire);
  const preview = page.getByTestId('service-preview');
  await expect(preview.getByText('Menu size')).toBeVisible();
  await expect(preview.getByText('Folding notes')).toHaveCount(0);
  await preview.getByTestId('option-size-a4').click();
  await expect(preview.getByText('Folding notes')).toBeVisible();
  await screenshot(page, 'services-editor');
  await page.getByTestId('service-save').click();
  await expect(page.getByText('Updated the changes.')).toBeVisible();
  const row = table.locator('tr', { hasText: name });
  await expect(row).toContainText('2:30');
  await expect(row.locator('td').nth(5)).toHaveText('2');
  await expect(row.getByTestId('service-product-type-cell')).toHaveText('Web');

  await row.getByTestId('service-enabled').click();
  await expect(row.getByTestId('service-enabled')).toHaveAttribute('aria-checked', 'false');

  await row.getByTestId('service-delete').click();
  await confirmDelete();
  await expect(page.getByText('Deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
});
