import { type APIRequestContext, expect, test } from '@playwright/test';
import pg from 'pg';
import { expectNoSeriousViolations } from './axe';
import { appDatabaseUrl, DEMO_PASSWORD, screenshot, signedInPage } from './support';

/** Requests tell people (the plan manager's bell) and take timers, started in the detail and stopped in the header. */

const stamp = Date.now().toString(36);
const WIDTHS = [1366, 390] as const;
/** Email Design (catalogue id 8) and the answers its submit needs. */
const EMAIL_DESIGN = 8;
const ANSWERS = {
  project_brief: { ops: [{ insert: 'Winter newsletter\n' }] },
  email_type: 'newsletter',
  key_message: 'Twenty percent off until Friday',
};

async function apiSignIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD, cookie_login: false } });
  expect(res.ok()).toBeTruthy();
  const { data } = await res.json();
  return { uuid: data.uuid as string, headers: { authorization: `Bearer ${data.auth_token}` } };
}

async function query<T extends object>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: appDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The admin submits a request on a plan managed by the demo manager, who requests it. */
async function submitRequest(request: APIRequestContext, subject: string): Promise<string> {
  const admin = await apiSignIn(request, 'admin@demo.test');
  const manager = await apiSignIn(request, 'manager@demo.test');
  const [plan] = await query<{ uuid: string }>(
    `select p.uuid from projects p join users u on u.id = p.project_manager_id
     where u.email = 'manager@demo.test' and p.status = 'active' order by p.is_retainer desc, p.id limit 1`,
  );
  expect(plan, 'a plan the demo manager manages').toBeDefined();
  const res = await request.post('/api/requests', {
    headers: admin.headers,
    data: {
      status: 'new',
      subject,
      request_type_id: EMAIL_DESIGN,
      project_id: plan?.uuid,
      requester_id: manager.uuid,
      answers: ANSWERS,
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data.uuid as string;
}

for (const width of WIDTHS) {
  test(`a new request raises the plan manager's bell, whose item opens it (${width} px)`, async ({
    browser,
    request,
  }) => {
    const subject = `Winter mailer ${width} ${stamp}`;
    const uuid = await submitRequest(request, subject);

    const page = await signedInPage(browser, 'manager@demo.test', width);
    await expect(page.getByTestId('notification-badge').locator('.count-badge-count')).toBeVisible();
    await page.getByTestId('notification-bell').click();
    const item = page.getByTestId('notification-panel').getByTestId('notification-item').filter({ hasText: subject });
    await expect(item).toContainText('A new request arrived');
    await expect(item).toHaveAttribute('data-unread', 'true');
    await expectNoSeriousViolations(page, `bell with a request notification at ${width} px`);
    await screenshot(page, `request-notification-${width}`);

    await item.locator('.notification-open').click();
    await expect(page).toHaveURL(new RegExp(`/requests/${uuid}$`));
    await expect(page.getByTestId('page-title')).toHaveText(subject);
    await page.context().close();
  });

  test(`a timer on a request starts in its detail and stops from the header, saving its entry (${width} px)`, async ({
    browser,
    request,
  }) => {
    const subject = `Timed mailer ${width} ${stamp}`;
    const uuid = await submitRequest(request, subject);
    const page = await signedInPage(browser, 'manager@demo.test', width);
    await page.goto(`/requests/${uuid}`);
    await expect(page.getByTestId('page-title')).toHaveText(subject);

    await page.getByTestId('request-timer-start').click();
    await expect(page.getByTestId('request-timer-clock')).toHaveAttribute('data-status', 'running');
    await expect(page.getByTestId('request-timer-pause')).toBeVisible();
    // The pointer rests where Start was; a hovered button's tint is not what the page shows.
    await page.mouse.move(0, 0);
    await expectNoSeriousViolations(page, `request detail with a running timer at ${width} px`);
    // Three minutes of work on the server's clock (what the timer's entry keeps is the server's reckoning).
    await query(
      `update time_logs set started_at = started_at - interval '3 minutes'
       where status = 'running' and request_id = (select id from requests where uuid = $1)`,
      [uuid],
    );

    await page.getByTestId('active-timers').click();
    const row = page.getByTestId('active-timer').filter({ hasText: subject });
    await expect(row.getByTestId('active-timer-request')).toHaveAttribute('href', `/requests/${uuid}`);
    await expect(row.getByTestId('active-timer-stop')).toBeVisible();
    // The open panel stays within the screen (no sideways scroll at 390 px).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, `active timers with a request timer at ${width} px`);
    await screenshot(page, `request-timer-header-${width}`);
    // A request's entry needs no description (doc 2 §5): Stop saves at once.
    await row.getByTestId('active-timer-stop').click();
    await expect(page.getByTestId('active-timer').filter({ hasText: subject })).toHaveCount(0);
    await expect(page.getByTestId('request-timer-clock')).toHaveCount(0);
    await expect(page.getByTestId('request-timer-start')).toHaveText(/Start timer/);

    const logs = await query<{ status: string; minutes: number }>(
      'select status, minutes from time_logs where request_id = (select id from requests where uuid = $1)',
      [uuid],
    );
    expect(logs).toEqual([{ status: 'completed', minutes: 3 }]);
    await page.context().close();
  });
}

test("Stop on a task timer asks for the description inline ('Please input your Comment!') and saves the entry", async ({
  browser,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin@demo.test');
  const manager = await apiSignIn(request, 'manager@demo.test');
  const [plan] = await query<{ uuid: string }>(
    `select p.uuid from projects p join users u on u.id = p.project_manager_id
     where u.email = 'manager@demo.test' and p.status = 'active' order by p.id limit 1`,
  );
  const title = `Timed task ${stamp}`;
  const created = await request.post('/api/tasks', {
    headers: admin.headers,
    data: { title, project_id: plan?.uuid, responsibles: [manager.uuid], status: 'in_progress' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const task = (await created.json()).data as { uuid: string };

  const page = await signedInPage(browser, 'manager@demo.test');
  await page.goto(`/tasks?task_uuid=${task.uuid}`);
  await page.getByTestId('task-timer-start').click();
  await expect(page.getByTestId('task-timer-clock')).toHaveAttribute('data-status', 'running');
  await query(
    `update time_logs set started_at = started_at - interval '2 minutes'
     where status = 'running' and task_id = (select id from tasks where uuid = $1)`,
    [task.uuid],
  );

  await page.getByTestId('task-timer-stop').click();
  await page.getByTestId('task-timer-stop-save').click();
  await expect(page.getByTestId('task-timer-stop-error')).toHaveText('Please input your Comment!');
  await page.mouse.move(0, 0);
  await expectNoSeriousViolations(page, 'task timer asking for its description');
  await page.getByTestId('task-timer-stop-description').fill('Drafted the copy');
  await page.getByTestId('task-timer-stop-save').click();
  await expect(page.getByTestId('task-timer-stop-form')).toHaveCount(0);
  await expect(page.getByTestId('task-timer-stop')).toHaveCount(0);

  const logs = await query<{ status: string; minutes: number; description: string }>(
    'select status, minutes, description from time_logs where task_id = (select id from tasks where uuid = $1)',
    [task.uuid],
  );
  expect(logs).toEqual([{ status: 'completed', minutes: 2, description: 'Drafted the copy' }]);
  await page.context().close();
});
