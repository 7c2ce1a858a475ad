import { expect, test } from '@playwright/test';
import { chooseNewMenuItem, chooseOption, screenshot, signIn } from './support';

const stamp = Date.now().toString(36);
const SUBJECT = `Spring launch ${stamp}`;

function isoInDays(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

test('request form: New Campaign with a follow-up question, saved as draft, reopened and submitted', async ({
  page,
}) => {
  // The push-notification prompt may cover the panel's buttons whenever it appears: decline it then.
  await page.addLocatorHandler(page.getByRole('button', { name: 'No thanks' }), async () => {
    await page.getByRole('button', { name: 'No thanks' }).click();
  });
  await page.goto('/login');
  await signIn(page, 'admin@demo.test');
  await expect(page.getByTestId('sidebar')).toBeVisible();

  await chooseNewMenuItem(page, 'new-request');
  await expect(page).toHaveURL(/\/requests\/new$/);
  await expect(page.getByTestId('request-catalogue')).toBeVisible();
  // Disabled types are listed but cannot be chosen.
  await expect(page.locator('[data-testid^="request-type-"]:disabled').first()).toBeVisible();
  await page.getByTestId('request-type-17').click();
  await expect(page.getByTestId('request-form-type')).toHaveText('New Campaign');

  // The paid-media follow-ups appear only once the campaign type asks for them.
  await expect(page.getByTestId('question-ad_platforms')).toHaveCount(0);
  await page.getByTestId('option-campaign_type-paid_media').click();
  await expect(page.getByTestId('question-ad_platforms')).toBeVisible();
  await expect(page.getByTestId('question-monthly_ad_budget')).toBeVisible();

  // Required questions are checked before anything is sent, and the form scrolls to them.
  await page.getByTestId('request-save-draft').click();
  await expect(page.getByTestId('question-primary_goal-message')).toHaveText('This field is required');

  await page.getByTestId('editor-project_brief').locator('.ql-editor').fill('Launch the spring menu with a push.');
  await page.getByTestId('option-primary_goal-drive_sales').click();
  await expect(page.getByTestId('question-product_focus')).toBeVisible();
  await page.getByTestId('option-ad_platforms-meta').click();
  await page.getByTestId('option-monthly_ad_budget-custom').click();
  await page.getByTestId('input-custom_ad_budget').fill('12500');
  await expect(page.getByTestId('input-custom_ad_budget')).toHaveValue('$12,500');
  await page.getByTestId('input-start_date').fill(isoInDays(14));

  await page.getByTestId('request-subject').fill(SUBJECT);
  await page.getByTestId('request-estimate').fill('4-2');
  await expect(page.getByTestId('request-requester')).toHaveClass(/ant-select-disabled/);
  await page.getByTestId('request-save-draft').click();
  await expect(page.getByTestId('request-estimate-error')).toHaveText('Max time should be bigger than min time');
  await page.getByTestId('request-estimate').fill('10-15');
  await chooseOption(page, 'request-plan', 'Harbor', 'Harbor Dental retainer');
  await chooseOption(page, 'request-requester', 'Jamie', 'Jamie Rivera');
  await screenshot(page, 'request-form-create');
  await page.getByTestId('request-save-draft').click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
  const draftPath = new URL(page.url()).pathname;

  // Reopen the draft: the answers come back, the brief can now be submitted.
  await page.goto('/requests');
  await page.goto(draftPath);
  await expect(page.getByTestId('request-form')).toBeVisible();
  await expect(page.getByTestId('request-subject')).toHaveValue(SUBJECT);
  await expect(page.getByTestId('input-custom_ad_budget')).toHaveValue('$12,500');
  await expect(page.getByTestId('option-campaign_type-paid_media')).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('request-submit').click();
  await expect(page.getByTestId('question-target_audience-message')).toHaveText(
    'This field is required when submitting project brief',
  );
  await page.getByTestId('input-target_audience').fill('Families and office lunch crowds nearby');
  await page.getByTestId('input-product_focus').fill('Spring tasting menu, code SPRING10');
  // The alert-submit: empty questions not marked optional are pointed out once, a second Submit sends anyway.
  await page.getByTestId('request-submit').click();
  await expect(page.getByTestId('question-kpis-message')).toHaveText(
    "This field is optional, but make sure you don't want to fill in",
  );
  await screenshot(page, 'request-form-alert-submit');
  await page.getByTestId('request-submit').click();
  await expect(page.getByText('Request submitted')).toBeVisible();
  await expect(page.getByTestId('request-draft')).toHaveCount(0);

  // The submitted request shows its form read-only until Edit; printing shows only the summary.
  await expect(page.getByTestId('request-edit')).toBeVisible();
  await expect(page.getByTestId('request-subject')).toHaveAttribute('readonly', '');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: 'Plan: Harbor Dental retainer' })).toBeVisible();
  await screenshot(page, 'request-form-print');
  await page.emulateMedia({ media: 'screen' });

  // A duplicate starts from the same type, answers and plan.
  await page.goto(`${draftPath}/duplicate`);
  await expect(page.getByTestId('request-form-type')).toHaveText('New Campaign');
  await expect(page.getByTestId('option-campaign_type-paid_media')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('request-plan')).toContainText('Harbor Dental retainer');
  await expect(page.getByTestId('request-subject')).toHaveValue('');
});

test('request form: the Branding wizard checks each page and skips the hidden one', async ({ page }) => {
  await page.addLocatorHandler(page.getByRole('button', { name: 'No thanks' }), async () => {
    await page.getByRole('button', { name: 'No thanks' }).click();
  });
  await page.goto('/login');
  await signIn(page, 'admin@demo.test');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.goto('/requests/new?type=11');
  await expect(page.getByTestId('request-wizard-title')).toHaveText('The brief');
  await expect(page.getByTestId('request-wizard-back')).toBeDisabled();

  await page.getByTestId('request-wizard-next').click();
  await expect(page.getByTestId('question-branding_scope-message')).toHaveText('This field is required');
  await page.getByTestId('option-branding_scope-new_brand').click();
  await page.getByTestId('request-wizard-next').click();
  await expect(page.getByTestId('request-wizard-title')).toHaveText('Your business');

  await page.getByTestId('input-business_name').fill('Harbor Kids Dental');
  await page.getByTestId('request-wizard-next').click();
  // A brand-new brand has no current brand: that page is skipped both ways.
  await expect(page.getByTestId('request-wizard-title')).toHaveText('Deliverables');
  await screenshot(page, 'request-form-wizard');
  await page.getByTestId('request-wizard-back').click();
  await expect(page.getByTestId('request-wizard-title')).toHaveText('Your business');
});
