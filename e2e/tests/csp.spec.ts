import { expect, test } from '@playwright/test';
import { collectCspViolations } from './csp';
import { expectSignedInShell, signIn } from './support';

test('the app runs under its strict Content-Security-Policy without a single violation', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await collectCspViolations(page);
  const response = await page.goto('/login');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  // The built index.html carries no inline script (the policy has no hash or nonce for one).
  expect(await page.locator('script:not([src])').count()).toBe(0);

  await signIn(page, 'admin@demo.test');
  await expectSignedInShell(page);
  for (const path of ['/', '/tasks', '/requests', '/projects', '/timelog-report', '/users', '/inbox']) {
    await page.goto(path);
    await expect(page.getByTestId('page-title')).toBeVisible();
  }
  // The task drawer holds the rich-text editor (Quill and its inline styles) and antd's runtime styles.
  // task_uuid=create opens the create drawer from any screen (doc 2 §2).
  await page.goto('/tasks?task_uuid=create');
  await expect(page.getByTestId('task-create')).toBeVisible();
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Bella Vista social' });
  await expect(async () => {
    if (!(await option.first().isVisible())) {
      await page.getByTestId('task-project').click();
      await page.getByTestId('task-project').locator('input').fill('Bella');
    }
    await option.first().click({ timeout: 2_000 });
    // The choice must hold: retried as a whole if the drawer's form was still settling when it was made.
    await expect(page.getByTestId('task-project')).toContainText('Bella Vista social', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId('task-title').fill(`CSP check ${Date.now().toString(36)}`);
  await page.getByTestId('task-create-submit').click();
  await expect(page.getByTestId('task-drawer-heading')).toHaveText('Task');
  await expect(page.locator('.ql-editor').first()).toBeVisible();
  await page.locator('.ql-editor').first().click();
  await page.keyboard.type('Styled text');
  await page.keyboard.press('Control+B');
  await page.keyboard.type(' bold');

  // Nothing so far was refused: the app itself needs no exception to the policy.
  expect(violations).toEqual([]);

  // And the policy is enforced: an injected inline script does not run, and is reported.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.appendChild(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.some((v) => v.startsWith('script-src'))).toBe(true);
});
