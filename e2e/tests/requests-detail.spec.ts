import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { chooseOption, screenshot, signIn } from './support';

const stamp = Date.now().toString(36);
const SUBJECT = `Spring flyer ${stamp}`;
const TASK = `Print the flyer ${stamp}`;
const NEW_TASK = `Proofread the flyer ${stamp}`;
const PLAN = 'Harbor Dental retainer';

/** The signed-in admin's API: the bearer token the web app keeps in localStorage. */
async function adminApi(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => localStorage.getItem('portal.auth_token'));
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async get<T>(path: string, params?: Record<string, string>): Promise<T> {
      const answer = await request.get(`/api${path}`, { headers, params });
      expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
      return (await answer.json()) as T;
    },
    async post<T>(path: string, data: unknown): Promise<T> {
      const answer = await request.post(`/api${path}`, { headers, data });
      expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
      return (await answer.json()) as T;
    },
  };
}

test('request detail: relate a task, log time, checklist, complete anyway, duplicate link', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await signIn(page, 'admin@demo.test');
  await expect(page.getByTestId('sidebar')).toBeVisible();

  // A submitted request on a demo retainer, and a task of the same plan to relate.
  const api = await adminApi(page, request);
  const plans = await api.get<{ data: { uuid: string; title: string }[] }>('/projects/lite', {
    'page[size]': '999',
  });
  const plan = plans.data.find((p) => p.title === PLAN);
  expect(plan, PLAN).toBeTruthy();
  const people = await api.get<{ data: { uuid: string; name: string }[] }>(`/projects/${plan?.uuid}/users`, {
    'page[size]': '50',
  });
  const requester = people.data[0];
  expect(requester, 'a member of the plan').toBeTruthy();
  const created = await api.post<{ data: { uuid: string } }>('/requests', {
    status: 'new',
    subject: SUBJECT,
    project_id: plan?.uuid,
    requester_id: requester?.uuid,
    estimated_time_range: '1-2',
  });
  const uuid = created.data.uuid;
  await api.post('/tasks', { title: TASK, project_id: plan?.uuid });

  // The list shows it with the default filters; a click opens it.
  await page.goto(`/requests?search=${encodeURIComponent(SUBJECT)}`);
  const row = page.getByTestId('request-row').filter({ hasText: SUBJECT });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('request-status')).toHaveText('In preparation');
  await expect(row.getByTestId('request-row-duplicate')).toHaveAttribute('href', `/requests/${uuid}/duplicate`);
  await screenshot(page, 'requests-list');
  await row.getByTestId('request-row-subject').click();
  await expect(page).toHaveURL(new RegExp(`/requests/${uuid}$`));
  await expect(page.getByTestId('page-title')).toHaveText(SUBJECT);
  await expect(page.getByTestId('request-status-select')).toContainText('In preparation');
  await expect(page.getByTestId('request-panel')).toBeVisible();
  await screenshot(page, 'request-detail-overview');

  // Relate task: required first, then the plan's new task.
  await page.getByTestId('request-tab-tasks').click();
  await page.getByTestId('request-relate-task').click();
  await page.getByTestId('relate-tasks-save').click();
  await expect(page.getByTestId('relate-tasks-error')).toHaveText('This Field is required.');
  await chooseOption(page, 'relate-tasks-select', stamp, TASK);
  // A multiple select keeps its list open over the footer; clicking the title closes it.
  await page.locator('.ant-modal-title').click();
  await page.getByTestId('relate-tasks-save').click();
  await expect(page.getByText('Tasks related to the request')).toBeVisible();
  await expect(page.getByTestId('request-task-title')).toHaveText(TASK);

  // New task: /requests/{uuid}/tasks?uuid=create opens the task creator with the request preselected.
  await page.getByTestId('request-new-task').click();
  await expect(page.getByTestId('task-create')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/requests/${uuid}/tasks\\?.*task_request=${uuid}`));
  await page.getByTestId('task-title').fill(NEW_TASK);
  await page.getByTestId('task-create-submit').click();
  await expect(page.getByTestId('task-drawer-heading')).toHaveText('Task');
  await expect(page.getByTestId('task-request-link')).toHaveText(SUBJECT);
  await page.getByTestId('task-drawer').locator('.ant-drawer-close').click();
  await expect(page.getByTestId('request-task-title')).toHaveCount(2);

  // Log an hour on the request.
  await page.getByTestId('request-tab-timelogs').click();
  await page.getByTestId('request-add-time').click();
  await page.getByTestId('time-entry-time').pressSequentially('100');
  await page.getByTestId('time-entry-description').fill('Layout draft');
  await page.getByTestId('time-entry-save').click();
  await expect(page.getByTestId('request-timelogs-count')).toHaveText('1 timelogs found');
  await expect(page.getByTestId('timelog-tracked')).toHaveText('01:00');

  // The Overview panel's time spent has its own 'Add time' (doc 2 §2) and shows the new total.
  await page.getByTestId('request-tab-overview').click();
  await expect(page.getByTestId('request-panel-time-spent')).toHaveText('01:00');
  await page.getByTestId('request-panel-add-time').click();
  await page.getByTestId('time-entry-time').pressSequentially('30');
  await page.getByTestId('time-entry-description').fill('Copy review');
  await page.getByTestId('time-entry-save').click();
  await expect(page.getByTestId('request-panel-time-spent')).toHaveText('01:30');

  // Completing fails checks (no responsible, the task has no assignee nor time): the dialog lists them.
  await page.getByTestId('request-status-select').click();
  await page.getByTestId('request-status-option-completed').click();
  await expect(page.getByTestId('checklist-title')).toHaveText('Ooops, there is something wrong!');
  await expect(page.getByTestId('checklist-item')).toHaveCount(6);
  await expect(page.locator('[data-testid="checklist-item"][data-passed="fail"]').first()).toBeVisible();
  await expect(page.locator('[data-testid="checklist-item"][data-passed="pass"]').first()).toBeVisible();
  await screenshot(page, 'request-completion-checklist');
  await page.getByTestId('checklist-complete-anyway').click();
  await expect(page.getByTestId('checklist-title')).toBeHidden();
  await expect(page.getByTestId('request-status-select')).toContainText('Completed');

  // Activity logs: newest first, the status change among them.
  await page.getByTestId('request-tab-activity').click();
  await expect(page.getByTestId('request-activity')).toContainText('Completed');

  await page.getByTestId('request-duplicate').click();
  await expect(page).toHaveURL(new RegExp(`/requests/${uuid}/duplicate$`));
  await expect(page.getByTestId('not-found-page')).toBeHidden();
});
