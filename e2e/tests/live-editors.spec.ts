import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, screenshot, signIn } from './support';

const stamp = Date.now().toString(36);
// Two browsers on a shared 2-core machine: screens may take a while to open.
test.setTimeout(150_000);
const OPEN = { timeout: 30_000 };
/** The 'Illustration Design' service of the seeded catalogue: one required question besides the brief. */
const ILLUSTRATION_DESIGN = 9;

async function apiSignIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD, cookie_login: false } });
  expect(res.ok()).toBeTruthy();
  const { data } = await res.json();
  return { headers: { authorization: `Bearer ${data.auth_token}` } };
}

async function personPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, email);
  await expect(page.getByTestId('sidebar')).toBeVisible(OPEN);
  return page;
}

/** What sticks out past the viewport's right edge: nothing when the page has no sideways scroll. */
function overflowing(page: Page, scope: string) {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) {
      return ['(missing)'];
    }
    const pageScrolls = selector === 'html' && document.documentElement.scrollWidth > window.innerWidth;
    const out = [root, ...Array.from(root.querySelectorAll('*'))].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 1,
    );
    return pageScrolls || (selector !== 'html' && out.length)
      ? out.slice(-5).map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
      : [];
  }, scope);
}

/**
 * 1366 and 390 px without sideways scroll: the whole page, or — where the screen around it is another part's (the
 * request form's option buttons overflow a phone on their own) — the shared editor itself.
 */
async function expectNoSidewaysScroll(page: Page, scope = 'html') {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await expect.poll(() => overflowing(page, scope), { timeout: 5_000 }).toEqual([]);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Two people type into one shared editor; both end with the same text and see the other's named cursor. */
async function typeTogether(one: Page, two: Page, testId: string) {
  const editorOne = one.getByTestId(testId).locator('.ql-editor');
  const editorTwo = two.getByTestId(testId).locator('.ql-editor');
  await editorOne.click();
  await one.keyboard.press('Control+End');
  await one.keyboard.type(' Words from the admin.');
  await expect(editorTwo).toContainText('Words from the admin.');
  await editorTwo.click();
  await two.keyboard.press('Control+End');
  await two.keyboard.type(' And the manager.');
  for (const editor of [editorOne, editorTwo]) {
    await expect(editor).toContainText('Words from the admin. And the manager.');
  }
  await expect(one.getByTestId(testId).locator('.ql-cursor-name')).toHaveText(['Jamie Rivera']);
  await expect(two.getByTestId(testId).locator('.ql-cursor-name')).toHaveText(['Alex Morgan']);
}

test('live: two people type in one request brief, see the same text and cursors; it is stored as the brief', async ({
  browser,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin@demo.test');
  const brief = { ops: [{ insert: 'Mascot sketches.\n' }] };
  const created = await request.post('/api/requests', {
    headers: admin.headers,
    data: {
      status: 'draft',
      request_type_id: ILLUSTRATION_DESIGN,
      subject: `Shared brief ${stamp}`,
      answers: { illustration_count: 3, project_brief: brief },
      description_delta: brief,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const uuid = (await created.json()).data.uuid as string;

  const one = await personPage(browser, 'admin@demo.test');
  const two = await personPage(browser, 'manager@demo.test');
  for (const page of [one, two]) {
    await page.goto(`/requests/${uuid}`);
    await expect(page.getByTestId('editor-project_brief').locator('.ql-editor')).toContainText(
      'Mascot sketches.',
      OPEN,
    );
  }
  await typeTogether(one, two, 'editor-project_brief');
  await expect(one.getByTestId('editor-project_brief-status')).toHaveText('Saved', { timeout: 15_000 });
  await screenshot(two, 'live-request-brief');

  // The API reads the shared text as the request's brief: its delta and the form's answer.
  await expect
    .poll(async () => {
      const res = await request.get(`/api/requests/${uuid}`, { headers: admin.headers });
      const { data } = await res.json();
      return JSON.stringify([data.description_delta, data.answers.project_brief]);
    })
    .toContain('Mascot sketches. Words from the admin. And the manager.');
  await expectNoSidewaysScroll(one, '[data-testid="editor-project_brief-collab"]');
  await expectNoSidewaysScroll(two, '[data-testid="editor-project_brief-collab"]');
  await one.context().close();
  await two.context().close();
});

test('live: two people type in one client’s notes, see the same text and cursors; the API reads them', async ({
  browser,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin@demo.test');
  const created = await request.post('/api/customers', {
    headers: admin.headers,
    data: { business_name: `Shared notes ${stamp}` },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const uuid = (await created.json()).data.uuid as string;

  const one = await personPage(browser, 'admin@demo.test');
  const two = await personPage(browser, 'manager@demo.test');
  for (const page of [one, two]) {
    // The client modal opens over any screen; the dashboard's is one that fits a phone.
    await page.goto(`/?client_uuid=${uuid}`);
    await page.getByTestId('client-tab-notes').click(OPEN);
    await expect(page.getByTestId('client-notes').locator('.ql-editor')).toBeVisible(OPEN);
  }
  await typeTogether(one, two, 'client-notes');
  await expect(two.getByTestId('client-notes-status')).toHaveText('Saved', { timeout: 15_000 });
  await screenshot(one, 'live-client-notes');

  await expect
    .poll(async () => {
      const res = await request.get(`/api/customers/${uuid}`, { headers: admin.headers });
      return (await res.json()).data.notes as string | null;
    })
    .toContain('Words from the admin. And the manager.');
  await expectNoSidewaysScroll(one);
  await expectNoSidewaysScroll(two);
  await one.context().close();
  await two.context().close();
});
