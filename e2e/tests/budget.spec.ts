import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSidewaysScroll, screenshot, signedInPage } from './support';

/**
 * The budget panel (issue 10): on a retainer plan with time reports, the plan page shows Refil, Timelog, Balance,
 * Available / budget and the spent/estimated bars; the admin adds an adjustment with a note and sees it in the
 * credit history and the balance. Checked at 1366 and 390 px without sideways scroll.
 */
const NOTE = `Goodwill hours ${Date.now().toString(36)}`;

test('budget panel: figures, bars, an adjustment in the credit history, at 1366 and 390 px', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const login = await request.post('/api/login', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD, cookie_login: false },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.auth_token}` };
  const plans = await (await request.get('/api/projects/lite?page[size]=999', { headers })).json();
  let planUuid = '';
  for (const plan of plans.data as { uuid: string }[]) {
    const budget = await (await request.get(`/api/projects/${plan.uuid}/budget`, { headers })).json();
    if (budget.data?.show_panel) {
      planUuid = plan.uuid;
      break;
    }
  }
  expect(planUuid, 'a retainer plan with time reports').not.toBe('');

  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  await page.goto(`/projects/${planUuid}`);
  const panel = page.getByTestId('budget-panel');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  for (const label of ['Refil', 'Timelog', 'Balance', 'Available / budget']) {
    await expect(panel.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(panel.getByTestId('budget-spent')).toBeVisible();
  await expect(panel.getByTestId('budget-estimated')).toBeVisible();

  await panel.getByTestId('add-adjustment').click();
  await page.getByTestId('adjustment-time').fill('230');
  await page.getByTestId('adjustment-note').fill(NOTE);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('credit-history').getByText(NOTE)).toBeVisible();
  const hhmm = (m: number) =>
    `${m < 0 ? '-' : ''}${String(Math.floor(Math.abs(m) / 60)).padStart(2, '0')}:${String(Math.abs(m) % 60).padStart(2, '0')}`;
  // The server's figures after the adjustment (the start-up credit job may have credited this period meanwhile).
  const credits = (await (await request.get(`/api/projects/${planUuid}/credits`, { headers })).json()).data;
  expect(credits).toContainEqual(expect.objectContaining({ note: NOTE, total_time: 150, kind: 'manual_adjustment' }));
  const after = (await (await request.get(`/api/projects/${planUuid}/budget`, { headers })).json()).data;
  expect(after.balance).toBe(after.refil - after.timelog);
  await expect(panel.getByTestId('budget-balance')).toContainText(hhmm(after.balance));
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'budget-plan-1366');

  const phone = await signedInPage(browser, 'admin@demo.test', 390);
  await phone.goto(`/projects/${planUuid}`);
  await expect(phone.getByTestId('budget-panel')).toBeVisible({ timeout: 30_000 });
  await expect(phone.getByTestId('credit-history').getByText(NOTE)).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await screenshot(phone, 'budget-plan-390');
});
