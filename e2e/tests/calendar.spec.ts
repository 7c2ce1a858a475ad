import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import {
  adminToken,
  DEMO_PASSWORD,
  dragTo,
  expectNoSidewaysScroll,
  newStaff,
  openFromMenu,
  screenshot,
  signedInPage,
} from './support';

async function checkScreen(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, name);
  await screenshot(page, name);
}

/** Work → Calendar from the menu. */
async function openCalendar(page: Page, width: number) {
  await openFromMenu(page, width, 'calendar');
  await expect(page).toHaveURL(/\/calendar/);
  await expect(page.getByTestId('calendar')).toBeVisible();
}

/** Presses on the event and moves the mouse in steps onto the day: FullCalendar's drag follows pointer moves. */

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

for (const width of [1366, 390]) {
  test(`at ${width} px the calendar shows a task on its due day, a drag moves it and the drawer agrees`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const admin = await adminToken(request);
    const headers = { authorization: `Bearer ${admin}` };
    const person = await newStaff(request, admin, {
      label: `Calendar ${width}`,
      email: `calendar${width}`,
      password: DEMO_PASSWORD,
      permissions: ['DASHBOARD_READ', 'TASKS_READ', 'TASKS_UPDATE'],
    });
    // This month's 10th, moved to the 12th: both in the month view and the agenda of the current month.
    const month = new Date().toISOString().slice(0, 7);
    const due = `${month}-10`;
    const moved = `${month}-12`;
    const plans = await (await request.get('/api/projects/lite?page[size]=1', { headers })).json();
    const title = `Calendar e2e ${width} ${Date.now()}`;
    const created = await request.post('/api/tasks', {
      headers,
      data: { title, project_id: plans.data[0].uuid, end_date: due, responsibles: [person.userUuid] },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const uuid = (await created.json()).data.uuid as string;

    const page = await signedInPage(browser, person.email, width);
    await openCalendar(page, width);
    await checkScreen(page, `calendar-${width}`);

    // Only this person's items, in the month view (on a phone the agenda opens first; the month is chosen here).
    await page.goto(`/calendar?view=month&user=${person.userUuid}`);
    const event = page.getByTestId(`calendar-event-task:${uuid}`);
    await expect(
      page.locator(`td.fc-daygrid-day[data-date="${due}"]`).getByTestId(`calendar-event-task:${uuid}`),
    ).toBeVisible();
    await expect(event).toContainText(`Task: ${title}`);

    await dragTo(page, event, page.locator(`td.fc-daygrid-day[data-date="${moved}"]`));
    await expect(
      page.locator(`td.fc-daygrid-day[data-date="${moved}"]`).getByTestId(`calendar-event-task:${uuid}`),
    ).toBeVisible();
    await expect
      .poll(async () => {
        const res = await request.get(`/api/tasks/${uuid}`, { headers });
        return (await res.json()).data.end_date;
      })
      .toBe(moved);

    // The drawer opens on the task with the new due date.
    await page.locator(`td.fc-daygrid-day[data-date="${moved}"]`).getByTestId(`calendar-event-task:${uuid}`).click();
    await expect(page.getByTestId('task-end-date')).toHaveValue(usDate(moved));
    await page.keyboard.press('Escape');

    // The agenda lists it on its new day; the phone's default view fits without sideways scrolling.
    await page.goto(`/calendar?view=agenda&user=${person.userUuid}`);
    await expect(page.getByTestId(`calendar-event-task:${uuid}`)).toBeVisible();
    await checkScreen(page, `calendar-agenda-${width}`);

    // Subscribe: the private address, shown in the dialog.
    await page.getByTestId('calendar-subscribe').click();
    await expect(page.getByTestId('calendar-feed-url')).toContainText('/api/public/calendar/');
    await checkScreen(page, `calendar-subscribe-${width}`);
    await page.context().close();
  });
}
