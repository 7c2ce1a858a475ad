import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import {
  chooseNewMenuItem,
  chooseOption,
  expectNoSidewaysScroll,
  latestMailTo,
  screenshot,
  signedInPage,
} from './support';

const stamp = Date.now().toString(36);
const CLIENT = `Northwind Bakery ${stamp}`;
const INVITEE = `owner.${stamp}@northwind.test`;
const REQUIREMENT = `Facebook page address ${stamp}`;
const INFORMATION_FORM = 'New client information';

/** Both widths and axe, for a screen already open. */
async function checkScreen(page: Page, label: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, `${label} at ${width} px`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('onboarding: an invite with social media and advertising starts it; the client answers the information form and hands in a requirement without an account, and staff watch the board move live', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const staff = await signedInPage(browser, 'admin@demo.test');

  // The information form, and a text requirement for social media clients, set through their screens.
  await staff.goto('/onboarding/information');
  await expect(staff.getByTestId('page-title')).toHaveText('Information form');
  await chooseOption(staff, 'ob-information-form', '', INFORMATION_FORM);
  await staff.goto('/onboarding/requirements');
  await staff.getByTestId('ob-req-add-social_media').click();
  await staff.getByTestId('ob-req-name').fill(REQUIREMENT);
  await chooseOption(staff, 'ob-req-kind', '', 'Text');
  await staff.getByTestId('ob-req-instructions').fill('The address of the page we will manage for you.');
  await staff.getByTestId('ob-req-save').click();
  await expect(
    staff.getByTestId('ob-reqs-social_media').getByTestId('ob-req').filter({ hasText: REQUIREMENT }),
  ).toBeVisible();

  // A new client, invited with social media and advertising.
  await chooseNewMenuItem(staff, 'new-client');
  await staff.getByTestId('client-business-name').fill(CLIENT);
  await staff.getByTestId('client-abbreviation').fill('NB');
  await staff.getByTestId('client-save').click();
  await expect(staff.locator('.ant-modal-title')).toHaveText('Client details');
  await expect(staff.getByTestId('client-onboarding')).toContainText('Not onboarded yet.');
  await staff.getByTestId('client-invite').click();
  await chooseOption(staff, 'invite-contact', INVITEE, INVITEE);
  await staff.getByTestId('invite-service-social_media').click();
  await staff.getByTestId('invite-service-advertising').click();
  await staff.getByTestId('invite-save').click();
  await expect(staff.getByText('Invitation sent.')).toBeVisible();
  // The invite started the onboarding: the client page shows it.
  await expect(staff.getByTestId('client-onboarding-open')).toBeVisible();
  await staff.keyboard.press('Escape');

  // A second page on the board; the card sits at the client's first open step.
  const board = await signedInPage(browser, 'admin@demo.test');
  await board.goto('/onboarding');
  await expect(board.getByTestId('page-title')).toHaveText('Onboarding');
  const card = board.getByTestId('onboarding-card').filter({ hasText: CLIENT });
  await expect(card).toBeVisible();
  // Staff tick the welcome step (theirs to tick), so the card waits for the information form.
  await card.getByTestId('onboarding-card-open').click();
  const drawer = board.getByTestId('onboarding-drawer');
  await expect(drawer.getByTestId('onboarding-items-social_media')).toContainText(REQUIREMENT);
  await expect(drawer).toContainText('Social media, Advertising');
  const welcome = drawer.locator('[data-key="welcome"]').getByTestId('onboarding-step-done');
  if ((await welcome.count()) > 0 && !(await welcome.isChecked())) {
    await welcome.check();
    await expect(welcome).toBeChecked();
  }
  await board.keyboard.press('Escape');
  await expect(board.getByTestId('onboarding-column-information_form').getByText(CLIENT)).toBeVisible();
  const progressBefore = await card.getByTestId('onboarding-card-progress').getAttribute('aria-label');

  // The client's link from the invite e-mail, on a phone, without an account.
  const mail = await latestMailTo(INVITEE);
  const url = /https?:\/\/\S+\/o\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
  expect(url, 'onboarding link in the invite e-mail').toBeTruthy();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const client = await phone.newPage();
  await client.goto(url as string);
  await expect(client.getByRole('heading', { level: 1 })).toContainText(CLIENT);
  await expect(client.getByTestId('sidebar')).toHaveCount(0);
  await expectNoSidewaysScroll(client);
  await expectNoSeriousViolations(client, 'client onboarding page at 390 px');
  await screenshot(client, 'onboarding-client-page');

  // The information form, drawn by the forms' own public page.
  const information = client.getByTestId('op-information');
  await information.getByTestId('input-business_name').fill(CLIENT);
  await information.getByTestId('input-contact_name').fill('Nora West');
  await information.getByTestId('input-email').fill(INVITEE);
  await information.getByTestId('form-fill-submit').click();
  // The form's thank-you, then the page's own note once it has refreshed.
  await expect(information.getByTestId('pf-thanks').or(information.getByTestId('op-information-done'))).toBeVisible();
  // Staff's board moves by itself: the card leaves the information form's column.
  await expect(board.getByTestId('onboarding-column-requirements').getByText(CLIENT)).toBeVisible({ timeout: 20_000 });

  // One requirement handed in.
  const item = client.getByTestId('op-item').filter({ hasText: REQUIREMENT });
  await item.getByTestId('op-item-input').fill('https://facebook.com/northwind');
  await item.getByTestId('op-item-send').click();
  await expect(item.getByTestId('op-item-status')).toHaveText('Sent — thank you');
  await expect
    .poll(() => card.getByTestId('onboarding-card-progress').getAttribute('aria-label'), { timeout: 20_000 })
    .not.toBe(progressBefore);

  // Staff see what was handed in.
  await card.getByTestId('onboarding-card-open').click();
  const handedIn = drawer.getByTestId('onboarding-item').filter({ hasText: REQUIREMENT });
  await expect(handedIn.getByTestId('onboarding-item-status')).toHaveText('Handed in');
  await expect(handedIn).toContainText('https://facebook.com/northwind');
  await expect(drawer.getByTestId('onboarding-history')).toContainText('The client handed in');
  await expect(drawer.getByTestId('onboarding-information')).toContainText('answered — see the answer');
  await screenshot(board, 'onboarding-drawer');
  await phone.close();
  await board.context().close();
  await staff.context().close();
});

test('onboarding screens: each fits 1366 and 390 px with no serious axe findings; a process step moves by keyboard', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, 'admin@demo.test');
  await page.getByTestId('nav-onboarding').click();
  await expect(page).toHaveURL(/\/onboarding$/);
  for (const [path, title] of [
    ['/onboarding', 'Onboarding'],
    ['/onboarding/submissions', 'Onboarding submissions'],
    ['/onboarding/process', 'Onboarding process'],
    ['/onboarding/requirements', 'Onboarding requirements'],
    ['/onboarding/welcome', 'Welcome kit'],
    ['/onboarding/information', 'Information form'],
  ] as const) {
    if (path !== '/onboarding') {
      await page
        .getByTestId('onboarding-nav')
        .getByRole('link', { name: navLabel(path), exact: true })
        .click();
    }
    await expect(page).toHaveURL(new RegExp(`${path}(\\?.*)?$`));
    await expect(page.getByTestId('page-title')).toHaveText(title);
    await checkScreen(page, path);
  }

  // A new step, lifted with Space, moved up with the arrow key, dropped, saved; then removed again.
  await page.goto('/onboarding/process');
  const name = `Brand workshop ${stamp}`;
  await page.getByTestId('ob-step-new-name').fill(name);
  await page.getByTestId('ob-step-add').click();
  const steps = page.getByTestId('ob-process-steps').locator('> li');
  const count = await steps.count();
  await expect(steps.nth(count - 2).getByTestId('ob-step-name')).toHaveValue(name);
  const handle = steps.nth(count - 2).getByTestId('ob-step-handle');
  await handle.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(400);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(400);
  await page.keyboard.press('Space');
  await expect(steps.nth(count - 3).getByTestId('ob-step-name')).toHaveValue(name);
  await page.getByTestId('ob-process-save').click();
  await expect(page.getByText('Process saved')).toBeVisible();
  await page.reload();
  await expect(steps.nth(count - 3).getByTestId('ob-step-name')).toHaveValue(name);
  await steps
    .nth(count - 3)
    .getByTestId('ob-step-remove')
    .click();
  await page.getByTestId('ob-process-save').click();
  await expect(page.getByText('Process saved').first()).toBeVisible();
  await page.reload();
  await expect
    .poll(() =>
      page
        .getByTestId('ob-step-name')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
    )
    .not.toContain(name);
  await page.context().close();
});

function navLabel(path: string): string {
  return {
    '/onboarding/submissions': 'All onboardings',
    '/onboarding/process': 'Process',
    '/onboarding/requirements': 'Requirements',
    '/onboarding/welcome': 'Welcome kit',
    '/onboarding/information': 'Information form',
  }[path] as string;
}
