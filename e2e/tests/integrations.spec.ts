import { expect, type Page, test } from '@playwright/test';
import { type FakeGoogle, startFakeGoogle } from '../../apps/api/test/google-fake';
import { E2E_GOOGLE_PORT } from '../playwright.config';
import { expectNoSeriousViolations } from './axe';
import {
  adminToken,
  chooseOption,
  DEMO_PASSWORD,
  expectNoSidewaysScroll,
  newStaff,
  openFromMenu,
  screenshot,
  signedInPage,
} from './support';

/**
 * Integrations and Google Calendar against a local server speaking Google's OAuth and Calendar v3
 * (apps/api/test/google-fake.ts), on the port the e2e server's GOOGLE_* settings name: its consent page redirects
 * back at once with a code, and the test reads the fake calendar to see the task arrive. Nothing calls Google.
 */
let google: FakeGoogle;

test.beforeAll(async () => {
  google = await startFakeGoogle({ port: E2E_GOOGLE_PORT });
});

test.afterAll(async () => {
  await google.close();
});

async function checkScreen(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, name);
  await screenshot(page, name);
}

/** Admin → Integrations from the menu: the sidebar at desktop width, the drawer on a phone. */
/** Admin → Integrations from the menu. */
async function openIntegrations(page: Page, width: number) {
  await openFromMenu(page, width, 'integrations', 'admin');
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByTestId('integration-google')).toBeVisible();
}

for (const width of [1366, 390]) {
  test(`at ${width} px a person connects Google Calendar through /google/oauth, their task appears in the calendar and moves with it`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const admin = await adminToken(request);
    const headers = { authorization: `Bearer ${admin}` };
    const person = await newStaff(request, admin, {
      label: `Google ${width}`,
      email: `google-${width}`,
      password: DEMO_PASSWORD,
      permissions: ['DASHBOARD_READ', 'TASKS_READ', 'INTEGRATIONS_READ'],
    });
    const plans = await (await request.get('/api/projects/lite?page[size]=1', { headers })).json();
    const title = `Google e2e ${width} ${Date.now()}`.slice(0, 72);
    const created = await request.post('/api/tasks', {
      headers,
      data: { title, project_id: plans.data[0].uuid, responsibles: [person.userUuid], end_date: '2031-06-12' },
    });
    expect(created.ok(), await created.text()).toBe(true);

    const page = await signedInPage(browser, person.email, width);
    await openIntegrations(page, width);
    // The environment's services, read-only: the e2e server configures the AI provider and SMS, not S3.
    await expect(page.getByTestId('integration-ai')).toContainText('Configured');
    await expect(page.getByTestId('integration-s3')).toContainText('Not configured');
    await checkScreen(page, `integrations-${width}`);

    await page.getByTestId('google-connect').click();
    await expect(page).toHaveURL(/\/integrations\/google$/, { timeout: 20_000 });
    await expect(page.getByTestId('google-notice')).toContainText('Google Calendar connected');
    await expect(page.getByTestId('integration-google')).toContainText(google.email);
    await chooseOption(page, 'google-calendar', '', 'Agency deadlines');
    await checkScreen(page, `integrations-google-${width}`);
    await page.getByTestId('google-save').click();

    const calendar = google.calendars.get('team-deadlines@group.calendar.google.test');
    await expect
      .poll(() => [...(calendar?.values() ?? [])].find((event) => event.summary === title), { timeout: 30_000 })
      .toMatchObject({ start: { date: '2031-06-12' }, end: { date: '2031-06-13' } });
    await page.reload();
    await expect(page.getByTestId('integration-google')).toContainText('Agency deadlines');

    // A later edit of the task moves its event: the listener queues a job after the write commits.
    const uuid = (await created.json()).data.uuid as string;
    const moved = await request.put(`/api/tasks/${uuid}`, { headers, data: { end_date: '2031-06-19' } });
    expect(moved.ok(), await moved.text()).toBe(true);
    await expect
      .poll(() => [...(calendar?.values() ?? [])].filter((event) => event.summary === title), { timeout: 30_000 })
      .toEqual([expect.objectContaining({ start: { date: '2031-06-19' }, end: { date: '2031-06-20' } })]);
  });
}
