import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { chooseOption, expectNoSidewaysScroll, openFromMenu, screenshot, signedInPage } from './support';

/**
 * Issue 22, discounts: staff create a code on /discounts scoped to a product type (Design, which the demo's Email
 * Design is and its Web Page is not), see it checked live and priced on the Design line only of a new order, place
 * the order, and find its redemption under the code; at 1366 px from the sidebar and at 390 px from the phone drawer,
 * with axe and no sideways scrolling at each.
 */

const CLIENT = 'Coastal Yoga Studio';

test('a code made on /discounts prices an order live, and placing the order shows its redemption (1366 px)', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const width = 1366;
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const page = await signedInPage(browser, 'admin@demo.test', width);
  await openFromMenu(page, width, 'discounts', 'admin');
  await expect(page.getByTestId('page-title')).toHaveText('Discounts');
  await expect(page.getByTestId('discounts-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'discounts list at 1366');

  await page.getByTestId('discount-new').click();
  const drawer = page.getByTestId('discount-drawer');
  await drawer.getByTestId('discount-code').fill(code);
  await drawer.getByTestId('discount-percent').fill('20');
  await drawer.getByLabel('Total uses (empty: no limit)').fill('5');
  await chooseOption(page, 'discount-product-types', 'Design', 'Design');
  await expectNoSeriousViolations(page, 'discount drawer at 1366');
  await drawer.getByTestId('discount-save').click();
  const row = page.getByTestId('discounts-table').locator('tbody tr.ant-table-row', { hasText: code });
  await expect(row.getByTestId('discount-used')).toHaveText('0 / 5');
  await expect(row).toContainText('Design (product type)');

  await openFromMenu(page, width, 'orders', 'client-work');
  await page.getByTestId('order-new').click();
  const order = page.getByTestId('order-drawer');
  await chooseOption(page, 'order-client', 'Coastal', CLIENT);
  await chooseOption(page, 'order-line-service', 'Email', 'Email Design');
  await order.getByTestId('order-add-line').click();
  const webLine = order.getByTestId('order-line-service').nth(1);
  await webLine.click();
  await webLine.locator('input').fill('Web Page');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Web Page' }).first().click();
  await expect(webLine).toContainText('Web Page');
  await order.getByTestId('order-discount-code').fill('NOPE-NOT-A-CODE');
  await expect(order.getByTestId('order-discount-check')).toHaveText('This discount code does not exist.');
  await order.getByTestId('order-discount-code').fill(code.toLowerCase());
  // Email Design ($450.00, product type Design) and Web Page ($1,200.00, Web): 20% of the Design line is $90.00.
  await expect(order.getByTestId('order-discount-check')).toContainText('−$90.00, new total $1,560.00');
  await expectNoSeriousViolations(page, 'order drawer with a discount at 1366');
  await order.getByTestId('order-save').click();
  await expect(order.getByTestId('order-status')).toHaveText('Draft');
  await order.getByTestId('order-place').click();
  await page.getByTestId('order-place-confirm').click();
  await expect(order.getByTestId('order-status')).toHaveText('Placed');
  await expect(order.getByTestId('order-discount')).toContainText(`Discount (${code})`);
  await expect(order.getByTestId('order-discount')).toContainText('−$90.00');
  await expect(order.getByTestId('order-total')).toContainText('$1,560.00');
  await screenshot(page, 'discounts-order-placed');

  await page.keyboard.press('Escape');
  await openFromMenu(page, width, 'discounts', 'admin');
  await expect(row.getByTestId('discount-used')).toHaveText('1 / 5');
  await row.getByTestId('discount-open').click();
  await expect(page.getByTestId('discount-redemption').first()).toContainText(CLIENT);
  await expect(page.getByTestId('discount-redemption').first()).toContainText('$90.00');
  await page.context().close();
});

test('on a phone, the codes list and a used code with its redemptions fit the width (390 px)', async ({ browser }) => {
  test.setTimeout(120_000);
  const width = 390;
  const page = await signedInPage(browser, 'admin@demo.test', width);
  await openFromMenu(page, width, 'discounts');
  await expect(page.getByTestId('page-title')).toHaveText('Discounts');
  const row = page.getByTestId('discounts-table').locator('tbody tr.ant-table-row', { hasText: 'LAUNCH50' });
  await expect(row).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'discounts list at 390');
  await row.getByTestId('discount-open').click();
  await expect(page.getByTestId('discount-redemption')).toHaveCount(1);
  await expect(page.getByTestId('discount-redemption')).toContainText('Brightside Pediatrics');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'discount drawer at 390');
  await screenshot(page, 'discounts-phone');
  await page.context().close();
});
