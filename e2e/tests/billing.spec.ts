import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import Stripe from 'stripe';
import { expectNoSeriousViolations } from './axe';
import { adminToken, expectNoSidewaysScroll, newStaff, screenshot, signedInPage } from './support';

/**
 * Issue 21 C, the card payment provider: a billing clerk enters the Stripe webhook secret on the dashboard block's
 * Settings; an invoice event signed with the SDK's own test header (Stripe itself is never called) makes an overdue
 * invoice that appears on the dashboard block and on the client modal's Invoices tab; 1366 and 390 px, with axe.
 */

const SECRET = 'whsec_e2eSigningSecret0123456789';
const CLIENT = 'Northwind Outfitters';
const CLIENT_EMAIL = 'hello@northwind.test';
const NUMBER = `E2E-${Date.now()}`;
const PASSWORD = 'billing clerk passphrase 2026';

let clerk = '';

async function signedInvoice(request: APIRequestContext) {
  const now = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id: `evt_${NUMBER}`,
    object: 'event',
    type: 'invoice.finalized',
    created: now,
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: {
      object: {
        id: `in_${NUMBER}`,
        object: 'invoice',
        customer: 'cus_e2e_northwind',
        customer_email: CLIENT_EMAIL,
        number: NUMBER,
        amount_due: 432_150,
        amount_remaining: 432_150,
        currency: 'usd',
        due_date: now - 12 * 86_400,
        status: 'open',
        hosted_invoice_url: `https://invoice.brightside.invalid/i/${NUMBER}`,
      },
    },
  });
  const signature = new Stripe('sk_e2e_signing_only').webhooks.generateTestHeaderString({ payload, secret: SECRET });
  const res = await request.post('/api/webhooks/stripe', {
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    data: payload,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The overdue row of this run's invoice, reloading the table while the job applies the event. */
async function expectInvoiceRow(page: Page, scope: string) {
  const row = page.getByTestId(scope).locator('tbody tr.ant-table-row', { hasText: NUMBER });
  await expect(async () => {
    if (!(await row.isVisible())) {
      await page.getByTestId(scope).getByTestId('overdue-invoices-reload').click();
    }
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByTestId('overdue-invoice-amount')).toHaveText('$4,321.50');
  await expect(row.getByTestId('overdue-invoice-days')).toHaveText('12');
  await expect(row.getByRole('link', { name: `Open invoice ${NUMBER} in Stripe` })).toHaveAttribute(
    'href',
    `https://invoice.brightside.invalid/i/${NUMBER}`,
  );
}

test.beforeAll(async ({ request }) => {
  const admin = await adminToken(request);
  const made = await newStaff(request, admin, {
    label: 'Billing',
    email: 'billing.clerk',
    password: PASSWORD,
    // /integrations is open to those who read tasks (each person's Google card), so the clerk reads tasks too.
    permissions: [
      'DASHBOARD_READ',
      'TASKS_READ',
      'CUSTOMERS_READ',
      'CHARGES_READ',
      'INTEGRATIONS_READ',
      'INTEGRATIONS_UPDATE',
    ],
  });
  clerk = made.email;
});

test('the webhook secret is set on Integrations (reached from the dashboard block), and a signed overdue invoice shows on the block (1366 px)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, clerk, 1366, PASSWORD);
  await page.getByTestId('sidebar').getByTestId('nav-dashboard').click();
  const block = page.getByTestId('dashboard-overdue-invoices');
  await expect(block.locator('tbody tr.ant-table-row').first()).toBeVisible();

  await block.getByTestId('billing-settings-open').click();
  await expect(page).toHaveURL(/\/integrations$/);
  const drawer = page.getByTestId('stripe-card');
  await drawer.getByTestId('stripe-webhook-secret').fill(SECRET);
  await drawer.getByTestId('stripe-save').click();
  await expect(drawer.getByTestId('stripe-secret-hint')).toHaveText(`whsec_…${SECRET.slice(-4)}`);
  // The secret is never shown back: the input is emptied, only the hint remains.
  await expect(drawer.getByTestId('stripe-webhook-secret')).toHaveValue('');
  await expectNoSeriousViolations(page, 'stripe settings at 1366');
  await screenshot(page, 'billing-settings');
  await page.getByTestId('sidebar').getByTestId('nav-dashboard').click();

  await signedInvoice(request);
  await expectInvoiceRow(page, 'dashboard-overdue-invoices');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'dashboard overdue invoices at 1366');
  await screenshot(page, 'billing-dashboard');

  // The same list is a tab of Administration (reached from the menu in administration.spec.ts).
  await page.goto('/administration');
  await page.getByRole('tab', { name: 'Overdue invoices' }).click();
  await expectInvoiceRow(page, 'administration-page');
  await page.getByRole('tab', { name: 'Failed payments' }).click();
  await expect(
    page.getByTestId('administration-page').getByRole('tabpanel', { name: 'Failed payments' }),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'administration billing lists at 1366');
  await page.context().close();
});

test("on a phone, the overdue invoice is on the client's Invoices tab and the dashboard block (390 px)", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const found = await request.get(`/api/customers?search_term=${encodeURIComponent(CLIENT)}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const clientUuid = ((await found.json()).data as { uuid: string; business_name: string }[]).find(
    (c) => c.business_name === CLIENT,
  )?.uuid;
  expect(clientUuid).toBeTruthy();

  const page = await signedInPage(browser, clerk, 390, PASSWORD);
  await page.getByTestId('menu-toggle').click();
  await page.getByTestId('nav-drawer').getByTestId('nav-dashboard').click();
  await expectInvoiceRow(page, 'dashboard-overdue-invoices');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'dashboard overdue invoices at 390');

  await page.goto(`/?client_uuid=${clientUuid}`);
  const modal = page.getByTestId('client-modal');
  await modal.getByTestId('client-tab-invoices').click();
  await expectInvoiceRow(page, 'client-invoices');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'client invoices at 390');
  await screenshot(page, 'billing-client-phone');
  await page.context().close();
});
