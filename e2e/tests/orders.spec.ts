import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { chooseOption, expectNoSidewaysScroll, screenshot, signedInPage } from './support';

/**
 * Issue 20, client orders: staff order a retainer service for a client from the Services catalogue, place the
 * order, and find the retainer plan it created linked from the order; at 1366 px from the sidebar and at 390 px
 * from the phone drawer, with axe and no sideways scrolling.
 */

const CLIENT = 'Coastal Yoga Studio';
const RETAINER = 'Monthly retainer (10 hours)';

async function openOrdersFromMenu(page: Page, phone: boolean) {
  if (phone) {
    await page.getByTestId('menu-toggle').click();
    await page.getByTestId('nav-drawer').getByTestId('nav-orders').click();
  } else {
    await page.getByTestId('sidebar').getByTestId('nav-orders').click();
  }
  await expect(page).toHaveURL(/\/onboarding\/orders/);
  await expect(page.getByTestId('page-title')).toHaveText('Orders');
  await expect(page.getByTestId('orders-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
}

test('an order for a retainer service, once placed, creates the client retainer plan and links it (1366 px)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  await openOrdersFromMenu(page, false);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'orders list at 1366');
  await screenshot(page, 'orders-list');

  await page.getByTestId('order-new').click();
  const drawer = page.getByTestId('order-drawer');
  await chooseOption(page, 'order-client', 'Coastal', CLIENT);
  await chooseOption(page, 'order-line-service', 'retainer', RETAINER);
  await drawer.getByLabel('Quantity of line 1').fill('2');
  // Before saving, the total is previewed by the server's rule and said to be unsaved.
  await expect(drawer.getByTestId('order-total')).toContainText('Total (not saved yet)');
  await expect(drawer.getByTestId('order-total')).toContainText('$3,000.00');
  await drawer.getByTestId('order-save').click();
  await expect(drawer.getByTestId('order-status')).toHaveText('Draft');
  await expect(drawer.getByTestId('order-total')).not.toContainText('not saved');
  await expect(drawer.getByTestId('order-total')).toContainText('$3,000.00');
  await expectNoSeriousViolations(page, 'order drawer at 1366');
  await screenshot(page, 'orders-draft');

  await drawer.getByTestId('order-place').click();
  await page.getByTestId('order-place-confirm').click();
  await expect(drawer.getByTestId('order-status')).toHaveText('Placed');
  const planLink = drawer.getByTestId('order-plan-link');
  await expect(planLink).toContainText(`${CLIENT} Retainer`);
  await expect(drawer.getByTestId('order-plans')).toContainText('created by this order');
  await screenshot(page, 'orders-placed');

  await planLink.click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}/);
  await expect(page.getByText(`${CLIENT} Retainer`).first()).toBeVisible();
  await page.context().close();
});

test('on a phone, the placed order is found from the drawer menu, marked paid, and fits the width (390 px)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, 'admin@demo.test', 390);
  await openOrdersFromMenu(page, true);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'orders list at 390');

  await chooseOption(page, 'orders-status-filter', '', 'Placed');
  const row = page.getByTestId('orders-table').locator('tbody tr.ant-table-row', { hasText: CLIENT }).first();
  await expect(row).toBeVisible();
  await row.getByTestId('order-open').click();
  const drawer = page.getByTestId('order-drawer');
  await expect(drawer.getByTestId('order-plan-link')).toContainText(`${CLIENT} Retainer`);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'order drawer at 390');
  await screenshot(page, 'orders-phone');

  await drawer.getByTestId('order-pay').click();
  await page.getByTestId('order-pay-confirm').click();
  await expect(drawer.getByTestId('order-status')).toHaveText('Paid');
  await expect(drawer.getByTestId('order-cancel')).toHaveCount(0);
  await page.context().close();
});
