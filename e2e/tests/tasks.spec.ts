import { expect, type Page, test } from '@playwright/test';
import { screenshot, signIn } from './support';

const stamp = Date.now().toString(36);
const PARENT = `Launch brief ${stamp}`;
const CHILD = `Collect assets ${stamp}`;
let parentPath = '';

test.describe.configure({ mode: 'serial' });

/** Picks an option of an antd Select by typing; retried while the list re-renders. */
async function chooseOption(page: Page, testId: string, typed: string, optionText: string) {
  const select = page.getByTestId(testId);
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: optionText })
    .first();
  await expect(async () => {
    if (!(await option.isVisible())) {
      await select.click();
      if (typed) {
        await select.locator('input').fill(typed);
      }
    }
    await option.click({ timeout: 2_000 });
    await expect(select).toContainText(optionText, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Drags a kanban card onto a column with the browser's own drag events (dragstart → dragover → drop → dragend,
 * sharing one DataTransfer), as a pointer drag across a horizontally scrolled board would fire them.
 */
async function dragCardToColumn(page: Page, cardText: string, columnTestId: string) {
  await page.evaluate(
    ({ cardText, columnTestId }) => {
      const card = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="kanban-card"]')).find((el) =>
        el.textContent?.includes(cardText),
      );
      const column = document.querySelector<HTMLElement>(`[data-testid="${columnTestId}"] .kanban-column-body`);
      if (!card || !column) {
        throw new Error('card or column not found');
      }
      const data = new DataTransfer();
      const fire = (target: HTMLElement, type: string) =>
        target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
      fire(card, 'dragstart');
      fire(column, 'dragenter');
      fire(column, 'dragover');
      fire(column, 'drop');
      fire(card, 'dragend');
    },
    { cardText, columnTestId },
  );
}

test('tasks: create from the New menu, subtask, refused completion, timer across a reload, entry', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@demo.test');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.goto('/tasks');

  await page.getByTestId('new-menu').click();
  await page.getByTestId('new-task').click();
  await expect(page.getByTestId('task-create')).toBeVisible();
  await page.getByTestId('task-create-submit').click();
  await expect(page.getByTestId('task-create').getByText('This field is required').first()).toBeVisible();
  await chooseOption(page, 'task-project', 'Bella', 'Bella Vista social');
  await page.getByTestId('task-title').fill(PARENT);
  await expect(page.getByTestId('task-start-date')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await screenshot(page, 'task-create');
  await page.getByTestId('task-create-submit').click();
  await expect(page.getByTestId('task-drawer-heading')).toHaveText('Task');
  await expect(page).toHaveURL(/task_uuid=[0-9a-f-]{36}/);
  parentPath = new URL(page.url()).pathname + new URL(page.url()).search;
  // An existing task saves each change by itself: the freelancer becomes responsible.
  await chooseOption(page, 'task-responsibles', 'Sam', 'Sam Taylor');
  await expect(page.getByTestId('task-save-state')).toHaveText('Saved');

  await page.getByTestId('task-add-subtask').click();
  await expect(page.getByTestId('task-create')).toBeVisible();
  await page.getByTestId('task-title').fill(CHILD);
  await page.getByTestId('task-create-submit').click();
  await expect(page.getByTestId('task-drawer-heading')).toHaveText(`Subtask of ${PARENT}`);
  await page.getByTestId('task-parent-link').click();
  await expect(page.getByTestId('task-subtasks-count')).toHaveText('1');
  await expect(page.getByTestId('subtask-title')).toHaveText(CHILD);

  // The server refuses, so the choice does not stay: pick it once, then read the refusal.
  await page.getByTestId('task-status').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Completed' }).click();
  await expect(page.getByText('You must complete all subtasks before complete this one.')).toBeVisible();
  await expect(page.getByTestId('task-status')).toContainText('Todo');
  await screenshot(page, 'task-drawer-subtasks');

  await page.getByTestId('task-timer-start').click();
  await expect(page.getByTestId('task-timer-clock')).toHaveAttribute('data-status', 'running');
  await page.waitForTimeout(2_000);
  await page.reload();
  await expect(page.getByTestId('task-timer-clock')).toHaveAttribute('data-status', 'running');
  await expect(page.getByTestId('task-timer-clock')).not.toHaveText('00:00:00');
  await expect(page.getByTestId('header-running-clock')).toBeVisible();
  await page.getByTestId('task-timer-pause').click();
  await expect(page.getByTestId('task-timer-clock')).toHaveAttribute('data-status', 'paused');

  await page.getByTestId('task-timer-add-entry').click();
  await page.getByTestId('time-entry-time').fill('');
  await page.getByTestId('time-entry-save').click();
  await expect(page.getByText('Time should be bigger than 00:00')).toBeVisible();
  await page.getByTestId('time-entry-time').pressSequentially('125');
  await expect(page.getByTestId('time-entry-time')).toHaveValue('01:25');
  await page.getByTestId('time-entry-description').fill('Drafted the brief');
  await page.getByTestId('time-entry-save').click();
  await expect(page.getByText('Time entry added')).toBeVisible();
  await page.getByTestId('task-tab-timelogs').click();
  await expect(page.getByTestId('task-timelogs-count')).toHaveText('1 timelogs found');
  await expect(page.getByTestId('timelog-tracked')).toHaveText('01:25');
  await screenshot(page, 'task-timelogs');

  // The header: this week's hours and the timer, still listed (paused), linking to its task.
  await page.getByTestId('task-drawer').locator('.ant-drawer-close').click();
  await expect(page.getByTestId('weekly-hours')).toBeVisible();
  await page.getByTestId('active-timers').click();
  await expect(page.getByTestId('active-timers-panel')).toBeVisible();
  await screenshot(page, 'active-timers');
});

test('kanban: a card moved to another column stays there after a reload', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@demo.test');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.goto('/tasks?view=kanban');
  await page.getByTestId('tasks-search').locator('input').fill(stamp);
  const card = page.getByTestId('kanban-card').filter({ hasText: CHILD });
  await expect(
    page.getByTestId('kanban-column-todo').getByTestId('kanban-card').filter({ hasText: CHILD }),
  ).toBeVisible();
  await expect(card).toBeVisible();
  await dragCardToColumn(page, CHILD, 'kanban-column-pending');
  await expect(
    page.getByTestId('kanban-column-pending').getByTestId('kanban-card').filter({ hasText: CHILD }),
  ).toBeVisible();
  await screenshot(page, 'tasks-kanban');
  await page.waitForTimeout(1_000);
  await page.reload();
  await page.getByTestId('tasks-search').locator('input').fill(stamp);
  await expect(
    page.getByTestId('kanban-column-pending').getByTestId('kanban-card').filter({ hasText: CHILD }),
  ).toBeVisible();
  await page.getByTestId('tasks-tab-chart').click();
  await expect(page.getByTestId('timeline-bar')).toHaveCount(2);
  await screenshot(page, 'tasks-timeline');
});

test('freelancer: time logs show no edit or delete', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'freelancer@demo.test');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.goto(parentPath);
  await expect(page.getByTestId('task-drawer-heading')).toHaveText('Task');
  await page.getByTestId('task-timer-add-entry').click();
  await page.getByTestId('time-entry-time').pressSequentially('30');
  await page.getByTestId('time-entry-description').fill('Storyboard');
  await expect(page.getByTestId('time-entry-user')).toHaveCount(0);
  await page.getByTestId('time-entry-save').click();
  await expect(page.getByText('Time entry added')).toBeVisible();
  await page.getByTestId('task-tab-timelogs').click();
  await expect(page.getByTestId('timelog-row').filter({ hasText: 'Storyboard' })).toBeVisible();
  await expect(page.getByTestId('task-timelogs-count')).toHaveText(/^\d+ timelogs found$/);
  await expect(page.getByTestId('timelog-edit')).toHaveCount(0);
  await expect(page.getByTestId('timelog-delete')).toHaveCount(0);
  await screenshot(page, 'task-timelogs-freelancer');
});
