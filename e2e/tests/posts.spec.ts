import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { adminToken, expectNoSidewaysScroll, newStaff, openFromMenu, screenshot, signedInPage } from './support';

/**
 * Issue 22, the blog: a writer (a staff person of their own with the POSTS_* family) opens Posts from the menu,
 * writes a post in the collaborative editor, publishes it, and the public API (no account) answers its title and
 * the body as HTML; then the same screens on a phone. At 1366 and 390 px, with axe and no sideways scrolling.
 */

const PASSWORD = 'posts-e2e-writer-2026';
const TITLE = `Our e2e launch notes ${Date.now()}`;
/** A 1×1 PNG for the cover: it goes through the pre-signed upload flow like any file. */
const COVER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
let writer = '';

test.beforeAll(async ({ request }) => {
  const admin = await adminToken(request);
  writer = (
    await newStaff(request, admin, {
      label: 'Writer',
      email: 'writer',
      password: PASSWORD,
      permissions: ['DASHBOARD_READ', 'POSTS_READ', 'POSTS_CREATE', 'POSTS_UPDATE'],
    })
  ).email;
  // A colleague the writer credits as the author (any active staff member may be one).
  await newStaff(request, admin, { label: 'Guest Author', email: 'guest.author', password: PASSWORD });
});

async function checkScreen(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, name);
  await screenshot(page, name);
}

test('a writer publishes a post and the public API serves it as HTML (1366 px), then reads it on a phone (390 px)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, writer, 1366, PASSWORD);
  await openFromMenu(page, 1366, 'posts', 'marketing');
  await expect(page).toHaveURL(/\/cms$/);
  await expect(page.getByTestId('page-title')).toHaveText('Posts');
  await checkScreen(page, 'posts-list-1366');

  await page.getByTestId('post-new').click();
  await expect(page).toHaveURL(/\/cms\/[0-9a-f-]{36}$/);
  await page.getByTestId('post-title').fill(TITLE);
  // The slug follows the title until it is edited.
  await expect(page.getByTestId('post-slug')).toHaveValue(/^our-e2e-launch-notes-\d+$/);
  await page.getByTestId('post-excerpt').fill('What we learned & what comes next.');
  const body = page.getByTestId('post-body').locator('.ql-editor');
  await body.click();
  await body.pressSequentially('Spring is <here> for everyone.');
  await expect(page.getByTestId('post-body-status')).toHaveText('Saved', { timeout: 20_000 });
  await page
    .getByTestId('post-cover-input')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: COVER_PNG });
  await expect(page.getByTestId('post-cover-preview')).toBeVisible();
  await page.getByTestId('post-author').click();
  await page.keyboard.type('Tester Guest Author');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Tester Guest Author' })
    .click();
  await page.getByTestId('post-seo-title').fill('Launch notes');
  await expect(page.getByTestId('post-seo-preview')).toContainText('Launch notes');
  await page.getByTestId('post-save').click();
  await expect(page.getByText('Post saved.')).toBeVisible();
  await page.getByTestId('post-publish').click();
  await expect(page.getByTestId('post-status')).toHaveText('Published');
  await expect(page.getByTestId('post-view-public')).toBeVisible();
  await checkScreen(page, 'post-editor-1366');

  const slug = await page.getByTestId('post-slug').inputValue();
  const res = await page.request.get(`/api/public/posts/${slug}`, { headers: { authorization: '' } });
  expect(res.status()).toBe(200);
  const post = (await res.json()).data as {
    title: string;
    html: string;
    excerpt: string;
    author: string;
    cover_url: string;
  };
  expect(post.title).toBe(TITLE);
  expect(post.author).toBe('Tester Guest Author');
  // The cover's public address works without an account (this request sends no cookie or token).
  const cover = await page.context().request.get(new URL(post.cover_url).pathname, {
    headers: { authorization: '', cookie: '' },
  });
  expect(cover.status()).toBe(200);
  expect(cover.headers()['content-type']).toBe('image/png');
  expect(post.html).toBe('<p>Spring is &#60;here&#62; for everyone.</p>');
  const etag = res.headers().etag ?? '';
  const again = await page.request.get(`/api/public/posts/${slug}`, { headers: { 'if-none-match': etag } });
  expect(again.status()).toBe(304);

  await page.getByTestId('post-revisions').click();
  await expect(page.getByTestId('post-revisions-drawer').getByTestId('post-revision').first()).toBeVisible();
  await checkScreen(page, 'post-revisions-1366');
  await page.context().close();

  const phone = await signedInPage(browser, writer, 390, PASSWORD);
  await openFromMenu(phone, 390, 'posts');
  await expect(phone).toHaveURL(/\/cms$/);
  const row = phone.getByTestId('posts-table').locator('tbody tr.ant-table-row', { hasText: TITLE });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Tester Guest Author');
  await checkScreen(phone, 'posts-list-390');
  await row.getByTestId('post-open').click();
  await expect(phone.getByTestId('post-title')).toHaveValue(TITLE);
  await expect(phone.getByTestId('post-body').locator('.ql-editor')).toContainText('Spring is <here> for everyone.');
  await checkScreen(phone, 'post-editor-390');
  await phone.context().close();
});
