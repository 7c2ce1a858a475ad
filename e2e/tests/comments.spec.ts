import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSidewaysScroll, screenshot, signedInPage } from './support';

/**
 * Comments, mentions and the Mentions inbox (issue 12), as people use them: the admin mentions the manager on a task;
 * the manager sees the bell and the Mentions badge, opens the inbox, lands on the highlighted comment, replies and
 * likes; the admin edits ('[Edited]') and deletes ('[Comment Deleted]'); a scheduled comment; a private note on a
 * plan; a freelancer reads a request's comments without an input. Screens are checked at 1366 and 390 px.
 */
const stamp = Date.now().toString(36);
const TASK = `Homepage hero ${stamp}`;

async function apiSignIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD, cookie_login: false } });
  expect(res.ok()).toBeTruthy();
  const { data } = await res.json();
  return { uuid: data.uuid as string, headers: { authorization: `Bearer ${data.auth_token}` } };
}

/** Types into a Quill editor (the comment editors are Quill, not inputs). */
async function typeInEditor(page: Page, testId: string, text: string) {
  const editor = page.getByTestId(testId).locator('.ql-editor');
  await editor.click();
  await page.keyboard.type(text);
}

test.use({ actionTimeout: 20_000 });

test('comments: mention, inbox, reply, like, edit, delete, schedule, private note, freelancer read-only', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await apiSignIn(request, 'admin@demo.test');
  const plans = await (await request.get('/api/projects/lite?page[size]=999', { headers: admin.headers })).json();
  const plan = plans.data.find((p: { title: string }) => p.title === 'Bella Vista social') ?? plans.data[0];
  const created = await request.post('/api/tasks', {
    headers: admin.headers,
    data: { title: TASK, project_id: plan.uuid },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const task = (await created.json()).data as { uuid: string };

  // The admin mentions the manager: '@Jam' lists Jamie Rivera with her type after the 400 ms debounce.
  const adminPage = await signedInPage(browser, 'admin@demo.test');
  await adminPage.goto(`/tasks?task_uuid=${task.uuid}`);
  // The first open of a drawer loads its chunks and Quill.
  await expect(adminPage.getByTestId('task-tab-comments')).toBeVisible({ timeout: 45_000 });
  await typeInEditor(adminPage, 'comment-editor', 'Please review the hero copy @Jam');
  const option = adminPage.getByTestId('mention-option').filter({ hasText: 'Jamie Rivera' });
  await expect(option).toContainText('Staff');
  await adminPage.keyboard.press('Enter');
  await expect(adminPage.getByTestId('comment-editor').locator('.ql-mention')).toHaveText('@Jamie Rivera');
  await adminPage.keyboard.press('Control+Enter');
  const first = adminPage.getByTestId('comment-item').filter({ hasText: 'Please review the hero copy' });
  await expect(first).toBeVisible();
  await expect(first.locator('.comment-mention')).toHaveText('@Jamie Rivera');
  await screenshot(adminPage, 'comments-task-mention');

  // An empty send asks for a comment first.
  await adminPage.getByTestId('comment-send').click();
  await expect(adminPage.locator('.ant-modal-confirm-title')).toHaveText('Please write a comment before');
  await adminPage.getByRole('button', { name: 'OK', exact: true }).click();

  // The manager: bell and Mentions badge, the inbox, the highlighted comment; a reply and a like.
  const managerPage = await signedInPage(browser, 'manager@demo.test');
  await expect(managerPage.getByTestId('notification-badge').locator('.count-badge-count')).toBeVisible();
  await expect(managerPage.getByTestId('nav-mentions-badge')).toBeVisible();
  await managerPage.goto('/inbox');
  const mention = managerPage.getByTestId('inbox-item').filter({ hasText: TASK });
  await expect(mention).toContainText('Please review the hero copy');
  await screenshot(managerPage, 'comments-inbox');
  await mention.getByTestId('inbox-open').click();
  await expect(managerPage).toHaveURL(/task_comment_uuid=/);
  const highlighted = managerPage.locator('.comment-item--highlighted');
  await expect(highlighted).toContainText('Please review the hero copy', { timeout: 45_000 });
  await managerPage
    .getByTestId('comment-thread')
    .filter({ hasText: 'Please review' })
    .getByTestId('comment-reply')
    .first()
    .click();
  await typeInEditor(managerPage, 'reply-editor', 'On it, thanks!');
  await managerPage.getByTestId('reply-send').click();
  await expect(managerPage.locator('.comment-replies').getByText('On it, thanks!')).toBeVisible();
  const like = highlighted.getByTestId('comment-like').first();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1');
  await screenshot(managerPage, 'comments-highlighted-reply-like');
  await managerPage.goto('/inbox');
  await managerPage.getByTestId('inbox-filter-unread').click();
  await expect(managerPage.getByTestId('inbox-item').filter({ hasText: TASK })).toHaveCount(0);

  // The admin edits ('[Edited]') and deletes ('[Comment Deleted]').
  await adminPage.reload();
  const own = adminPage.getByTestId('comment-item').filter({ hasText: 'Please review the hero copy' }).first();
  await own.getByTestId('comment-edit').click();
  await typeInEditor(adminPage, 'comment-edit-editor', ' today');
  await adminPage.getByTestId('comment-edit-save').click();
  const edited = adminPage.getByTestId('comment-item').filter({ hasText: 'today' }).first();
  await expect(edited.getByTestId('comment-edited')).toHaveText('[Edited]');
  await edited.getByTestId('comment-delete').click();
  await adminPage.getByTestId('comment-delete-confirm').click();
  await expect(adminPage.getByText('[Comment Deleted]')).toBeVisible();
  await expect(adminPage.getByText('On it, thanks!')).toHaveCount(0);

  // A scheduled comment: Schedule send → a preset; it is marked for its creator.
  await typeInEditor(adminPage, 'comment-editor', 'Friendly reminder for the team');
  // The menu opens with an animation; a click that lands while it is still moving is lost, so open it again.
  await expect(async () => {
    if (!(await adminPage.getByRole('menuitem', { name: 'Schedule send' }).isVisible())) {
      await adminPage.getByTestId('comment-send-more').click();
    }
    await adminPage.getByRole('menuitem', { name: 'Schedule send' }).click({ timeout: 2000 });
    await expect(adminPage.getByTestId('schedule-preset')).toHaveCount(3, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await adminPage.getByTestId('schedule-pick').click();
  await expect(adminPage.getByTestId('schedule-calendar')).toBeVisible();
  await screenshot(adminPage, 'comments-pick-date-time');
  await adminPage.getByTestId('schedule-confirm').click();
  await expect(adminPage.getByText('Comment scheduled successfully!')).toBeVisible();
  const scheduled = adminPage.getByTestId('comment-item').filter({ hasText: 'Friendly reminder' });
  await expect(scheduled.getByTestId('comment-scheduled')).toContainText('Scheduled for');
  await screenshot(adminPage, 'comments-scheduled');

  // A private note on the plan's page (its Comments tab).
  await adminPage.goto(`/projects/${plan.uuid}/comments`);
  await adminPage.getByTestId('comments-tab-private').click();
  await typeInEditor(adminPage, 'comment-editor', 'Client prefers calls after 3 pm');
  await adminPage.getByTestId('comment-send').click();
  const note = adminPage.getByTestId('comment-item').filter({ hasText: 'Client prefers calls' });
  await expect(note).toContainText('Private note');
  await expect(adminPage.getByTestId('comments-refresh')).toBeVisible();
  await screenshot(adminPage, 'comments-plan-private-note');

  // The freelancer reads a request's comments but has no input.
  const freelancer = await apiSignIn(request, 'freelancer@demo.test');
  const requests = await (await request.get('/api/requests?page[size]=5', { headers: freelancer.headers })).json();
  const visible = requests.data[0] as { uuid: string };
  expect(visible).toBeTruthy();
  const onRequest = await request.post(`/api/requests/${visible.uuid}/comments`, {
    headers: admin.headers,
    data: { text: `Estimate attached ${stamp}` },
  });
  expect(onRequest.ok()).toBeTruthy();
  const freelancerPage = await signedInPage(browser, 'freelancer@demo.test', 390);
  await freelancerPage.goto(`/requests/${visible.uuid}?tab=comments`);
  await expect(freelancerPage.getByTestId('comments-panel')).toContainText(`Estimate attached ${stamp}`);
  await expect(freelancerPage.getByTestId('comment-composer')).toHaveCount(0);
  await expectNoSidewaysScroll(freelancerPage);
  await screenshot(freelancerPage, 'comments-request-freelancer-390');

  // 390 px: the inbox, the task drawer's comments and the plan's page fit without sideways scroll.
  const phone = await signedInPage(browser, 'manager@demo.test', 390);
  await phone.goto('/inbox');
  await expect(phone.getByTestId('mentions-inbox')).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await phone.goto(`/tasks?task_uuid=${task.uuid}`);
  await expect(phone.getByTestId('comments-panel')).toBeVisible({ timeout: 45_000 });
  await expectNoSidewaysScroll(phone);
  await screenshot(phone, 'comments-task-390');
  await phone.goto(`/projects/${plan.uuid}/comments`);
  await expect(phone.getByTestId('comments-panel')).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await screenshot(phone, 'comments-plan-390');
  await expectNoSidewaysScroll(adminPage);
});
