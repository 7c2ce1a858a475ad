import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('a task that cannot be loaded shows the server message in the drawer (doc 2 §8)', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@demo.test');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const answer = page.waitForResponse((res) => res.url().includes('/api/tasks/00000000-0000-4000-8000-000000000000'));
  await page.goto('/tasks?task_uuid=00000000-0000-4000-8000-000000000000');
  const message = ((await (await answer).json()) as { message: string }).message;
  expect(message.length).toBeGreaterThan(0);
  await expect(page.getByTestId('task-load-error')).toContainText(message);
});

test("a task that cannot be reached at all shows 'Something went wrong. Please reload the page.'", async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@demo.test');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.route('**/api/tasks/00000000-0000-4000-8000-000000000001*', (route) => route.abort('failed'));
  await page.goto('/tasks?task_uuid=00000000-0000-4000-8000-000000000001');
  // The query retries a failed connection a few times (with back-off) before it gives up and shows the warning.
  await expect(page.getByTestId('task-load-error')).toContainText('Something went wrong. Please reload the page.', {
    timeout: 30_000,
  });
});
