import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { DEMO_PASSWORD, expectNoSidewaysScroll, screenshot, signedInPage } from './support';

/**
 * Bulk edit (issue 19): three ticked tasks get an assignee through the bulk bar's Edit form, and the server's
 * answer shows on the rows, at 1366 and 390 px, with the form passing axe.
 */
const stamp = Date.now().toString(36);

async function apiSignIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD, cookie_login: false } });
  expect(res.ok()).toBeTruthy();
  const { data } = await res.json();
  return { authorization: `Bearer ${data.auth_token}` };
}

test.use({ actionTimeout: 20_000 });

for (const width of [1366, 390]) {
  test(`bulk edit assigns three ticked tasks at once (${width} px)`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const headers = await apiSignIn(request, 'admin@demo.test');
    const plans = await (await request.get('/api/projects/lite?page[size]=999', { headers })).json();
    const plan = plans.data[0] as { uuid: string };
    const people = await (
      await request.get(
        '/api/project-users?page[size]=999&filters[auth_users.status][]=active&filters[type][]=freelancer',
        {
          headers,
        },
      )
    ).json();
    const assignee = people.data[0] as { uuid: string; name: string };
    const uuids: string[] = [];
    for (const n of [1, 2, 3]) {
      const created = await request.post('/api/tasks', {
        headers,
        data: { title: `Assign ${stamp} ${width} ${n}`, project_id: plan.uuid },
      });
      expect(created.ok(), await created.text()).toBeTruthy();
      uuids.push((await created.json()).data.uuid);
    }

    const page = await signedInPage(browser, 'admin@demo.test', width);
    await page.goto(`/tasks?search=${encodeURIComponent(`Assign ${stamp} ${width}`)}`);
    const rows = page.getByTestId('task-row');
    await expect(rows).toHaveCount(3, { timeout: 30_000 });
    await page.getByTestId('tasks-table').locator('thead .ant-checkbox-input').check();
    await expect(page.getByTestId('tasks-bulk-count')).toHaveText('3 selected');
    await page.getByTestId('tasks-bulk-edit').click();
    const form = page.getByTestId('tasks-bulk-edit-form');
    await expect(form).toBeVisible();
    await page.getByTestId('tasks-bulk-edit-responsibles_add').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: assignee.name })
      .first()
      .click();
    await page.keyboard.press('Escape');
    await expectNoSeriousViolations(page, `bulk edit form ${width}`);
    await screenshot(page, `bulk-edit-form-${width}`);
    await page.getByTestId('tasks-bulk-edit-apply').click();
    await expect(page.getByTestId('tasks-bulk-bar')).toBeHidden();
    await expect(page.getByTestId('tasks-bulk-failures')).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    for (const uuid of uuids) {
      const task = (await (await request.get(`/api/tasks/${uuid}`, { headers })).json()).data;
      expect(task.responsibles.map((p: { uuid: string }) => p.uuid)).toContain(assignee.uuid);
    }
    await page.context().close();
  });
}

/** Email Design (catalogue id 8) and the answers its submit needs. */
const EMAIL_DESIGN = 8;
const ANSWERS = {
  project_brief: { ops: [{ insert: 'Spring newsletter\n' }] },
  email_type: 'newsletter',
  key_message: 'Ten percent off until Monday',
};

test('bulk edit gives three ticked requests a responsible person and a status at once (1366 px)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await apiSignIn(request, 'admin@demo.test');
  const plans = await (
    await request.get('/api/projects/lite?page[size]=999&filters[projects.status][]=active', { headers })
  ).json();
  // Requests are made on active retainer plans only.
  const plan = (plans.data as { uuid: string; is_retainer: boolean }[]).find((p) => p.is_retainer);
  expect(plan, 'an active retainer plan').toBeDefined();
  const staff = await (
    await request.get(
      '/api/project-users?page[size]=999&filters[auth_users.status][]=active&filters[type][]=regular_user',
      { headers },
    )
  ).json();
  const people = staff.data as { uuid: string; name: string }[];
  const requester = people[0] as { uuid: string };
  const responsible = people.find((p) => p.name !== 'Admin') ?? (people[0] as { uuid: string; name: string });
  const subject = `Bulk brief ${stamp}`;
  const uuids: string[] = [];
  for (const n of [1, 2, 3]) {
    const created = await request.post('/api/requests', {
      headers,
      data: {
        status: 'new',
        subject: `${subject} ${n}`,
        request_type_id: EMAIL_DESIGN,
        project_id: plan?.uuid,
        requester_id: requester.uuid,
        answers: ANSWERS,
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    uuids.push((await created.json()).data.uuid);
  }

  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  await page.goto(`/requests?search=${encodeURIComponent(subject)}`);
  await expect(page.getByTestId('request-row')).toHaveCount(3, { timeout: 30_000 });
  await page.getByTestId('requests-table').locator('thead .ant-checkbox-input').check();
  await expect(page.getByTestId('requests-bulk-count')).toHaveText('3 selected');
  await page.getByTestId('requests-bulk-edit').click();
  const form = page.getByTestId('requests-bulk-edit-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Add responsible').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: responsible.name })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await form.getByLabel('Status').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'In progress' }).click();
  await expectNoSeriousViolations(page, 'requests bulk edit form 1366');
  await page.getByTestId('requests-bulk-edit-apply').click();
  await expect(page.getByTestId('requests-bulk-bar')).toBeHidden();
  await expect(page.getByTestId('requests-bulk-failures')).toHaveCount(0);

  for (const uuid of uuids) {
    const stored = (await (await request.get(`/api/requests/${uuid}`, { headers })).json()).data;
    expect(stored.status).toBe('in_progress');
    expect(
      (stored.related_users as { uuid: string; pivot: string }[]).filter((p) => p.pivot === 'responsible'),
    ).toEqual(expect.arrayContaining([expect.objectContaining({ uuid: responsible.uuid })]));
  }
  await page.context().close();
});
