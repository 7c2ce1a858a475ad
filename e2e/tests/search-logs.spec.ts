import { expect, type Page, test } from '@playwright/test';
import type { FakeChatServer } from '../../apps/api/test/fake-chat-completions';
import { startFakeAi } from './fake-ai';
import { expectNoSidewaysScroll, expectSignedInShell, screenshot, signIn } from './support';

/**
 * Issue 13 part B: global search (partial, misspelt terms; keyboard; '/'), the e-mail and activity logs, and
 * the writing assistant against a local chat-completions server (tests/fake-ai.ts, the app's AI_BASE_URL).
 */

let ai: FakeChatServer;
test.beforeAll(async () => {
  ai = await startFakeAi();
});
test.afterAll(async () => {
  await ai?.close();
});

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signIn(page, 'admin@demo.test');
  await expectSignedInShell(page);
  // Let the header's lazy widgets settle and answer the push prompt, so nothing re-renders over the dropdown.
  await expect(page.getByText('Week', { exact: true })).toBeVisible({ timeout: 20_000 });
  const noThanks = page.getByRole('button', { name: 'No thanks' });
  await noThanks.click({ timeout: 5_000 }).catch(() => undefined);
}

/** Types a term into the header search and opens a result of a group; retried while the header settles. */
async function searchAndOpen(page: Page, term: string, group: string, name: RegExp): Promise<string> {
  let href = '';
  await expect(async () => {
    await searchBox(page).fill(term);
    const option = page.getByTestId(`search-group-${group}`).getByRole('option', { name });
    href = (await option.getAttribute('href', { timeout: 3_000 })) ?? '';
    await option.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  return href;
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search' });

test('search finds a client, a task and a request by partial, misspelt terms and opens each', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAsAdmin(page);

  // '/' focuses the search from outside text fields (Ctrl+K is the command palette's, navigation.spec.ts).
  await page.locator('body').click();
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();

  // A client, missing a letter: the client modal opens.
  await page.keyboard.type('harbr');
  await expect(page.getByTestId('search-group-clients')).toContainText('Harbor Dental Clinic');
  await screenshot(page, 'search-dropdown');
  await searchAndOpen(page, 'harbr', 'clients', /Harbor Dental Clinic/);
  await expect(page).toHaveURL(/client_uuid=/);
  const clientModal = page.getByRole('dialog').filter({ hasText: 'Client details' });
  await expect(clientModal).toBeVisible();
  await clientModal.getByRole('button', { name: 'Close' }).first().click();
  await expect(clientModal).toBeHidden();

  // A task, two words, the first misspelt and the second a prefix: the task drawer opens.
  const taskLink = await searchAndOpen(page, 'landng pag', 'tasks', /Campaign landing page copy/);
  expect(taskLink).toMatch(/^\/tasks\?task_uuid=[0-9a-f-]{36}$/);
  await expect(page).toHaveURL(new RegExp(`task_uuid=${taskLink.split('=')[1]}`));
  await expect(page.getByTestId('task-drawer')).toBeVisible();
  await expect(page.getByTestId('task-drawer')).toContainText('Harbor Dental retainer');
  await page.getByTestId('task-drawer').getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByTestId('task-drawer')).toBeHidden();

  // A request, by keyboard only: arrows move through the results, Enter opens the highlighted one.
  await page.keyboard.press('/');
  await searchBox(page).fill('whitenig');
  const request = page.getByTestId('search-group-requests').getByRole('option', { name: /Whitening package/ });
  await expect(request).toBeVisible();
  const options = page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
  const index = (await options.allTextContents()).findIndex((text) => text.includes('Whitening package'));
  for (let i = 0; i <= index; i += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(request).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('request-detail-page')).toContainText('Whitening package launch campaign');

  // Escape closes the dropdown; an unknown term says so.
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill('zzqxv');
  await expect(page.getByTestId('global-search-results')).toContainText('No results');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('global-search-results')).toBeHidden();
});

test('the e-mail log lists, filters and opens messages; the activity log shows sign-ins and filters', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAsAdmin(page);

  await page.goto('/logs');
  const table = page.getByTestId('email-logs-table');
  await expect(table.getByTestId('email-log-open').first()).toBeVisible({ timeout: 30_000 });
  // The demo workspace sends its pending invites at start.
  await page.getByPlaceholder('Search recipient or subject').fill('invites you');
  await expect(table.getByTestId('email-log-open').first()).toContainText(/invites you/i);
  await table.getByTestId('email-log-open').first().click();
  const modal = page.getByRole('dialog', { name: /invites you to Agency Portal/ });
  await expect(modal).toBeVisible();
  // The HTML is shown in a frame that may not run scripts; the text version is one click away.
  const frame = modal.getByTestId('email-log-html');
  if (await frame.count()) {
    await expect(frame).toHaveAttribute('sandbox', '');
    await modal.getByText('Text', { exact: true }).click();
  }
  await expect(modal.getByTestId('email-log-text')).toContainText('Agency Portal');
  await screenshot(page, 'email-log-message');
  await page.keyboard.press('Escape');

  await page.goto('/activity-log');
  const trail = page.getByTestId('activity-log-table');
  await page.getByTestId('activity-type-filter').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Sign-in' }).click();
  await page.keyboard.press('Escape');
  await expect(trail.getByRole('row', { name: /Signed in/ }).first()).toBeVisible();
  await screenshot(page, 'activity-log');
});

test('enhance a task description and accept the suggestion', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAsAdmin(page);
  await searchAndOpen(page, 'budget sign', 'tasks', /Campaign budget sign-off/);
  const editor = page.getByTestId('task-description-editor').locator('.ql-editor');
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('we needs the budget aproved by friday');

  await page.getByTestId('task-description').getByTestId('enhance-open').click();
  const panel = page.getByTestId('enhance-panel');
  await expect(panel).toContainText('the whole text');
  await panel.getByTestId('enhance-run').click();
  await expect(panel.getByTestId('enhance-suggestion')).toContainText(
    'Polished: we needs the budget aproved by friday',
  );
  // Nothing is written until the suggestion is accepted.
  await expect(editor).toHaveText('we needs the budget aproved by friday');
  await panel.getByTestId('enhance-accept').click();
  await expect(panel).toBeHidden();
  await expect(editor).toHaveText('Polished: we needs the budget aproved by friday');
  await expect(page.getByTestId('task-description-status')).toHaveText(/saved/i, { timeout: 15_000 });
  expect(ai.calls.at(-1)?.messages.at(-1)?.content).toBe('we needs the budget aproved by friday');
});

test('the assistant screen improves a selection; logs and assistant fit a 390 px phone', async ({ page }) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/assistant');
  const text = page.getByTestId('assistant-text');
  await text.fill('First line stays.\nfix this line pls');
  // Select the second line as a person would: to the end, then Shift+Home.
  await text.press('Control+End');
  await text.press('Shift+Home');
  await expect(page.getByTestId('enhance-panel')).toContainText('the selection');
  await page.getByTestId('enhance-action').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Fix grammar' }).click();
  await page.getByTestId('enhance-run').click();
  await expect(page.getByTestId('enhance-suggestion')).toContainText('Polished: fix this line pls');
  await page.getByTestId('enhance-accept').click();
  await expect(text).toHaveValue('First line stays.\nPolished: fix this line pls');
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'assistant-phone');

  for (const path of ['/logs', '/activity-log']) {
    await page.goto(path);
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  await screenshot(page, 'activity-log-phone');
});
