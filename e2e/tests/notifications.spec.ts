import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, screenshot, signIn } from './support';

const stamp = Date.now().toString(36);
const TITLE = `Review the banner ${stamp}`;

async function apiSignIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD, cookie_login: false } });
  expect(res.ok()).toBeTruthy();
  const { data } = await res.json();
  return { uuid: data.uuid as string, headers: { authorization: `Bearer ${data.auth_token}` } };
}

test('notifications: an assignment reaches the bell; filters and Mark All Read', async ({ page, request }) => {
  // The admin assigns the manager to a task (through the API: the task screens have their own spec).
  const admin = await apiSignIn(request, 'admin@demo.test');
  const manager = await apiSignIn(request, 'manager@demo.test');
  const plans = await (await request.get('/api/projects/lite?page[size]=999', { headers: admin.headers })).json();
  const plan = plans.data.find((p: { title: string }) => p.title === 'Bella Vista social') ?? plans.data[0];
  const created = await request.post('/api/tasks', {
    headers: admin.headers,
    data: { title: TITLE, project_id: plan.uuid, responsibles: [manager.uuid] },
  });
  expect(created.ok(), await created.text()).toBeTruthy();

  await page.goto('/login');
  await signIn(page, 'manager@demo.test');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const badge = page.getByTestId('notification-badge');
  await expect(badge.locator('.count-badge-count')).toBeVisible();

  await page.getByTestId('notification-bell').click();
  const panel = page.getByTestId('notification-panel');
  await expect(panel.getByText('NOTIFICATIONS', { exact: true })).toBeVisible();
  const item = panel.getByTestId('notification-item').filter({ hasText: TITLE });
  await expect(item).toContainText('You were assigned to a task');
  await expect(item).toHaveAttribute('data-unread', 'true');
  await screenshot(page, 'notifications-bell');

  await panel.getByTestId('notification-filter').getByText('Unread', { exact: true }).click();
  await expect(panel.getByTestId('notification-item').filter({ hasText: TITLE })).toBeVisible();
  await panel.getByTestId('notification-filter').getByText('Read', { exact: true }).click();
  await expect(panel.getByTestId('notification-item').filter({ hasText: TITLE })).toHaveCount(0);

  await panel.getByTestId('notification-read-all').click();
  await expect(badge.locator('.count-badge-count')).toHaveCount(0);
  await expect(panel.getByTestId('notification-item').filter({ hasText: TITLE })).toBeVisible();
  await panel.getByTestId('notification-filter').getByText('Unread', { exact: true }).click();
  await expect(panel.getByText('No Notifications')).toBeVisible();
  await screenshot(page, 'notifications-read');

  // Channels: email and SMS cannot both be off; the warning hides after 2 s and nothing is changed.
  await panel.getByTestId('notification-channels-button').click();
  const email = page.getByTestId('channel-email');
  await expect(email).toBeChecked();
  await email.click();
  const warning = page.getByText('You need to have at least SMS or email notification enabled');
  await expect(warning).toBeVisible();
  await screenshot(page, 'notifications-channels');
  await expect(warning).toBeHidden({ timeout: 4_000 });
  await expect(email).toBeChecked();
});
