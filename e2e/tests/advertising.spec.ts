import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { chooseOption, expectNoSidewaysScroll, openFromMenu, screenshot, signedInPage } from './support';

/**
 * Issue 22, advertising and analytics: staff import a Meta Ads Manager export (one bad line reported by number,
 * the good lines kept) for a client, then read the campaigns grouped on /analytics, with totals and derived
 * metrics, and the "social" view by platform; at 1366 px from the sidebar and at 390 px from the phone drawer,
 * with axe and no sideways scrolling at each. Then the client's printable month report, and connecting its Meta ad
 * account on /integrations (the sync itself runs against a local Graph server in the API tests: meta-insights.test.ts).
 */

const CLIENT = 'Summit Realty Group';
const stamp = `${Date.now()}`.slice(-6);
const CAMPAIGN = `Open House Retargeting ${stamp}`;
// A quiet month of the past: the demo's own figures are the last 60 days, so the range shows only this import.
const FROM = '2025-03-03';
const TO = '2025-03-04';
const META_CSV = [
  'Campaign name,Day,Impressions,Reach,Link clicks,Amount spent (USD),Results,Purchases conversion value',
  `${CAMPAIGN},2025-03-03,"2,000",1500,40,50.00,2,300.00`,
  `${CAMPAIGN},2025-03-04,3000,2500,60,75.00,3,450.00`,
  `${CAMPAIGN},2025-03-32,10,10,1,1.00,0,0`,
].join('\n');

async function check(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, name);
  await screenshot(page, name);
}

test('a Meta CSV imported on /advertising is read grouped by campaign and by platform on /analytics', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  await openFromMenu(page, 1366, 'advertising', 'marketing');
  await expect(page.getByTestId('page-title')).toHaveText('Advertising');
  await expect(page.getByTestId('campaigns-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await check(page, 'advertising-1366');

  await page.getByTestId('campaign-import').click();
  await chooseOption(page, 'ad-import-client', 'Summit', CLIENT);
  await page
    .locator('.ant-modal input[type=file]')
    .setInputFiles({ name: 'meta-export.csv', mimeType: 'text/csv', buffer: Buffer.from(META_CSV) });
  const report = page.getByTestId('ad-import-report');
  await expect(report).toContainText('Imported 2 lines, skipped 1.');
  await expect(report).toContainText(`New campaigns: ${CAMPAIGN}`);
  await expect(page.getByTestId('ad-import-errors')).toContainText('The day is not a date (YYYY-MM-DD)');
  await expect(page.getByTestId('ad-import-errors').locator('tbody tr').first()).toContainText('4');
  await expectNoSeriousViolations(page, 'advertising import report at 1366');
  await page.keyboard.press('Escape');

  await openFromMenu(page, 1366, 'analytics', 'marketing');
  await expect(page.getByTestId('page-title')).toHaveText('Analytics');
  await page.getByTestId('analytics-from').fill(FROM);
  await page.getByTestId('analytics-to').fill(TO);
  await chooseOption(page, 'analytics-client', 'Summit', CLIENT);
  await expect(page).toHaveURL(new RegExp(`from=${FROM}.*to=${TO}.*client=`));
  const table = page.getByTestId('analytics-table');
  const row = table.locator('tbody tr.ant-table-row', { hasText: CAMPAIGN });
  // 5,000 impressions, 100 clicks, $125 spend, 5 conversions worth $750: CTR 2%, CPC $1.25, CPM $25, CPA $25, ROAS 6.
  await expect(row).toContainText('5,000');
  await expect(row).toContainText('$125.00');
  await expect(row).toContainText('2.00%');
  await expect(row).toContainText('$1.25');
  await expect(row).toContainText('6.00×');
  await expect(page.getByTestId('analytics-totals')).toContainText('$750.00');
  await expect(page.getByTestId('ad-chart')).toBeVisible();
  await check(page, 'analytics-1366');

  await page.getByTestId('analytics-group').getByText('Social').click();
  await expect(page).toHaveURL(/group_by=platform/);
  await expect(table.getByTestId('analytics-row-name')).toHaveText(['Meta']);

  // The client's printable month: totals, both tables; in print only the report stays visible.
  await page.getByTestId('ad-report-link').click();
  await page.getByTestId('ad-report-month').fill('2025-03');
  const monthReport = page.getByTestId('ad-report');
  await expect(monthReport).toContainText(CLIENT);
  await expect(monthReport).toContainText('March 2025');
  await expect(monthReport.getByRole('table').first()).toContainText(CAMPAIGN);
  await expect(page.getByTestId('ad-report-totals')).toContainText('$750.00');
  await check(page, 'ad-report-1366');
  const reportAddress = new URL(page.url());
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('sidebar')).toHaveCSS('visibility', 'hidden');
  await expect(monthReport).toHaveCSS('visibility', 'visible');
  await page.emulateMedia({ media: 'screen' });

  // Connecting the client's Meta ad account on /integrations: the token is typed once and never shown again.
  await openFromMenu(page, 1366, 'integrations', 'admin');
  const meta = page.getByTestId('integration-meta');
  await chooseOption(page, 'meta-client', 'Summit', CLIENT);
  await meta.getByTestId('meta-account').fill('1234567890');
  await meta.getByTestId('meta-token').fill(`EAAB-e2e-secret-${stamp}`);
  await meta.getByTestId('meta-connect').click();
  const connection = meta.getByTestId('meta-connection').filter({ hasText: CLIENT });
  await expect(connection).toContainText('act_1234567890');
  await expect(connection).toContainText('Never');
  await expect(page.locator('body')).not.toContainText(`EAAB-e2e-secret-${stamp}`);
  await expect(meta.getByTestId('meta-token')).toHaveValue('');
  await check(page, 'integrations-meta-1366');
  await page.context().close();

  // The same view on a phone, reached from the drawer menu and then by the address it keeps.
  const phone = await signedInPage(browser, 'admin@demo.test', 390);
  await openFromMenu(phone, 390, 'analytics');
  await expect(phone.getByTestId('page-title')).toHaveText('Analytics');
  const url = new URL(phone.url());
  await phone.goto(`${url.pathname}?from=${FROM}&to=${TO}`);
  await expect(
    phone.getByTestId('analytics-table').locator('tbody tr.ant-table-row', { hasText: CAMPAIGN }),
  ).toContainText('$125.00');
  await check(phone, 'analytics-390');
  await openFromMenu(phone, 390, 'advertising');
  await expect(phone.getByTestId('campaigns-table')).toBeVisible();
  await check(phone, 'advertising-390');
  await phone.goto(`${reportAddress.pathname}${reportAddress.search}`);
  await expect(phone.getByTestId('ad-report')).toContainText(CAMPAIGN);
  await check(phone, 'ad-report-390');
  await openFromMenu(phone, 390, 'integrations');
  await expect(phone.getByTestId('integration-meta')).toContainText('act_1234567890');
  await check(phone, 'integrations-meta-390');
  await phone.context().close();
});
