import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { chooseOption, expectNoSidewaysScroll, screenshot, signedInPage } from './support';

const stamp = Date.now().toString(36);
const FORM = `Website check ${stamp}`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWN4Z2z8ztiYAUIBACgqBVHYYCS4AAAAAElFTkSuQmCC',
  'base64',
);

async function addQuestion(page: Page, type: string) {
  await expect(async () => {
    if (!(await page.getByTestId(`fb-add-${type}`).isVisible())) {
      await page.getByTestId('fb-add').click();
    }
    await page.getByTestId(`fb-add-${type}`).click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Both widths and axe, for a screen already open. */
async function checkScreen(page: Page, label: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, `${label} at ${width} px`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('forms: build a conditional form, share it, answer it on a phone without an account, convert the answer into a request', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, 'admin@demo.test');
  await page.goto('/forms');
  await expect(page.getByTestId('page-title')).toHaveText('Forms');
  await checkScreen(page, 'forms list');

  await page.getByTestId('forms-new').click();
  await page.getByTestId('new-form-name').fill(FORM);
  await page.getByTestId('new-form-create').click();
  await expect(page.getByTestId('form-builder')).toBeVisible();
  await expect(page.getByTestId('fb-version')).toContainText('Never published');

  // A choice question, its options relabelled.
  await addQuestion(page, 'radio');
  await page.getByTestId('fb-label').fill('Do you have a website?');
  await page.getByTestId('fb-option-0').fill('Yes');
  await page.getByTestId('fb-option-1').fill('No');
  // A follow-up shown only when the answer is Yes (the rule starts on the first option). Its answer key is the
  // Illustration Design questionnaire's, so converting into that request type fills the request's question.
  await addQuestion(page, 'input');
  await page.getByTestId('fb-label').fill('How many illustrations?');
  await chooseOption(page, 'fb-rule-field', '', 'Do you have a website?');
  await expect(page.getByTestId('fb-rule-values')).toContainText('Yes');
  await page.getByTestId('fb-name').fill('illustration_count');
  await page.getByTestId('fb-label').focus();
  await expect(page.getByTestId('fb-question-illustration_count')).toBeVisible();
  // An upload question.
  await addQuestion(page, 'upload');
  await page.getByTestId('fb-label').fill('Your logo');
  await page.getByTestId('fb-name').fill('logo');
  await page.getByTestId('fb-label').focus();
  await expect(page.getByTestId('fb-question-logo')).toBeVisible();
  await expect(page.getByTestId('fb-questions').locator('> li')).toHaveCount(3);

  // Keyboard reordering (the editor closed, so every card is one line): the logo moves up one place and back.
  await page.getByTestId('fb-question-logo').getByTestId('fb-question-open').click();
  await expect(page.getByTestId('fb-editor')).toHaveCount(0);
  const handle = page.getByTestId('fb-question-logo').getByTestId('fb-handle');
  const keyboardMove = async (key: 'ArrowUp' | 'ArrowDown') => {
    await handle.focus();
    await page.keyboard.press('Space');
    // dnd-kit measures the list once the drag has started; a move sent at once would find nothing to move over.
    await page.waitForTimeout(400);
    await page.keyboard.press(key);
    await page.waitForTimeout(400);
    await page.keyboard.press('Space');
  };
  const cards = page.getByTestId('fb-questions').locator('> li');
  await keyboardMove('ArrowUp');
  await expect.soft(cards.nth(1)).toHaveAttribute('data-testid', 'fb-question-logo');
  await keyboardMove('ArrowDown');
  await expect(cards.nth(2)).toHaveAttribute('data-testid', 'fb-question-logo');

  // The live preview is the questionnaire renderer: the follow-up appears with its answer.
  const preview = page.getByTestId('fb-preview');
  await expect(preview.getByText('Do you have a website?')).toBeVisible();
  await expect(preview.getByTestId('question-illustration_count')).toHaveCount(0);
  await preview.getByTestId('option-question-option_1').click();
  await expect(preview.getByTestId('question-illustration_count')).toBeVisible();

  // A new form is public (shareable by a link) unless made staff-only.
  await expect(page.getByTestId('fb-form-public')).toBeChecked();
  await page.getByTestId('fb-form-thanks').fill(`Thanks ${stamp}, we will be in touch.`);
  await page.getByTestId('fb-publish').click();
  await expect(page.getByTestId('fb-version')).toContainText('Version 1');
  await screenshot(page, 'forms-builder');
  await checkScreen(page, 'form builder');

  // A link for one client.
  await page.getByTestId('fb-share').click();
  await chooseOption(page, 'fb-share-client', 'Harbor', 'Harbor Dental Clinic');
  await page.getByTestId('fb-share-create').click();
  const url = await page.getByTestId('fb-share-url').inputValue();
  expect(url).toMatch(/\/f\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId('fb-share-links')).toContainText('Harbor Dental Clinic');
  await page.keyboard.press('Escape');

  // The link on a phone, with no account.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const visitor = await phone.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { name: FORM })).toBeVisible();
  await expect(visitor.getByTestId('sidebar')).toHaveCount(0);
  await expect(visitor.locator('input[name="website"]')).not.toBeInViewport();
  await expect(visitor.getByTestId('question-illustration_count')).toHaveCount(0);
  await visitor.getByTestId('option-question-option_1').click();
  await visitor.getByTestId('input-illustration_count').fill('3');
  // The partial answer is kept on this device and comes back with the link.
  await expect(visitor.getByTestId('pf-saved')).toContainText('Saved on this device');
  await visitor.reload();
  await expect(visitor.getByTestId('input-illustration_count')).toHaveValue('3');
  await expectNoSidewaysScroll(visitor);
  await expectNoSeriousViolations(visitor, 'public form at 390 px');
  // A file through the link's own upload flow.
  await visitor
    .getByTestId('upload-logo-input')
    .setInputFiles([{ name: `logo-${stamp}.png`, mimeType: 'image/png', buffer: PNG }]);
  await expect(visitor.getByTestId('upload-logo-file')).toContainText(`logo-${stamp}.png`);
  await visitor.getByTestId('form-fill-submit').click();
  await expect(visitor.getByTestId('pf-thanks')).toContainText(`Thanks ${stamp}, we will be in touch.`);
  await screenshot(visitor, 'forms-public-thanks');

  // The answer among the submissions; converted into a request, with a link back.
  await page.goto('/forms/submissions');
  await expect(page.getByTestId('page-title')).toHaveText('Form submissions');
  const row = page.getByTestId('form-answers-table').locator('tr', { hasText: FORM });
  await expect(row).toContainText('Harbor Dental Clinic');
  await checkScreen(page, 'form submissions');
  await row.getByTestId('form-answer-open').click();
  const drawer = page.getByTestId('answer-drawer');
  await expect(drawer.getByTestId('answer-question-illustration_count')).toContainText('3');
  await expect(drawer.getByTestId('answer-question-question')).toContainText('Yes');
  await expect(drawer.getByTestId('answer-files-logo').getByTestId('asset-card')).toHaveAttribute(
    'data-name',
    `logo-${stamp}.png`,
  );
  await drawer.getByTestId('answer-convert-request').click();
  await chooseOption(page, 'answer-convert-plan', 'Harbor', 'Harbor Dental retainer');
  await chooseOption(page, 'answer-convert-type', 'Illustration', 'Illustration Design');
  await page.getByTestId('answer-convert-request-confirm').click();
  await drawer.getByTestId('answer-request-link').click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);

  // Staff fill a form for a client.
  await page.goto('/submit');
  await expect(page.getByTestId('page-title')).toHaveText('Submit a form');
  await chooseOption(page, 'submit-form', stamp, FORM);
  await expect(page.getByTestId('submit-fill')).toContainText('Do you have a website?');
  await checkScreen(page, 'submit');

  // A revoked link says so.
  await page.goto('/forms');
  await page.getByTestId('forms-table').getByRole('link', { name: FORM }).click();
  await page.getByTestId('fb-share').click();
  await page.getByTestId('fb-share-revoke').first().click();
  await page.getByTestId('fb-share-revoke-confirm').filter({ visible: true }).click();
  await expect(page.getByTestId('fb-share-links')).toContainText('Revoked');
  const later = await browser.newContext();
  const again = await later.newPage();
  await again.goto(url);
  await expect(again.getByTestId('pf-link-problem')).toContainText('revoked');
  await expectNoSeriousViolations(again, 'revoked link');
  await later.close();
  await phone.close();
});
