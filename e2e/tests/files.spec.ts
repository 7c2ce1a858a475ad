import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSidewaysScroll, screenshot, signedInPage } from './support';
import { readZipEntries } from './zip-reader';

/**
 * Files (issue 8), as people use them: attach an image and a PDF to a task's Assets (progress, thumbnails), open the
 * image in the file viewer and zoom, cancel an upload, paste an image into the task description, answer a
 * questionnaire's upload question and submit, and a freelancer cannot download a file of a plan they are not on.
 * Screens are checked at 1366 and 390 px.
 */
test.describe.configure({ mode: 'serial' });
const stamp = Date.now().toString(36);

// A 2x2 PNG and a minimal PDF, made here so the spec needs no fixture files.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWN4Z2z8ztiYAUIBACgqBVHYYCS4AAAAAElFTkSuQmCC',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The local driver's signed PUT (and GET) of a file's bytes. */
const UPLOAD_PUT = /\/api\/uploads\/[0-9a-f-]{36}\/content\?/;

type Api = { headers: Record<string, string>; uuid: string };

async function apiSignIn(request: APIRequestContext, email: string): Promise<Api> {
  const res = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD, cookie_login: false } });
  expect(res.ok()).toBeTruthy();
  const { data } = await res.json();
  return { uuid: data.uuid as string, headers: { authorization: `Bearer ${data.auth_token}` } };
}

/** The browser's upload flow through the API: pre-signed URL, PUT of the bytes. */
async function apiUpload(request: APIRequestContext, who: Api, name: string, body: Buffer): Promise<string> {
  const presigned = await request.post('/api/create-pre-signed-url', {
    headers: who.headers,
    data: { extension: name.split('.').pop(), size: body.length, name, type: 'attachment' },
  });
  expect(presigned.ok(), await presigned.text()).toBeTruthy();
  const target = await presigned.json();
  const put = await request.put(target.url, { headers: target.headers, data: body });
  expect(put.ok(), await put.text()).toBeTruthy();
  return target.uuid as string;
}

let taskUuid = '';
let imageUuid = '';

test('task Assets: attach an image and a PDF with progress and thumbnails, cancel an upload', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiSignIn(request, 'admin@demo.test');
  const plans = await (await request.get('/api/projects/lite?page[size]=999', { headers: admin.headers })).json();
  const plan = plans.data.find((p: { title: string }) => p.title === 'Bella Vista social') ?? plans.data[0];
  const created = await request.post('/api/tasks', {
    headers: admin.headers,
    data: { title: `Files ${stamp}`, project_id: plan.uuid },
  });
  taskUuid = (await created.json()).data.uuid;

  const page = await signedInPage(browser, 'admin@demo.test');
  await page.goto(`/tasks?task_uuid=${taskUuid}`);
  const assets = page.getByTestId('task-assets');
  // The first visit loads the tasks page and the drawer's chunks: give a loaded machine time.
  await expect(page.getByTestId('task-drawer-heading')).toBeVisible({ timeout: 30_000 });
  await expect(assets.getByTestId('task-assets-count')).toHaveText('0');
  await expect(assets.getByTestId('task-assets-empty')).toHaveText('No files');

  // Hold the bytes of the PUTs a moment, so progress is seen before the server confirms.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(UPLOAD_PUT, async (route) => {
    if (route.request().method() === 'PUT') {
      await held;
    }
    await route.continue();
  });
  await assets.getByTestId('task-assets-upload').click();
  const dialog = page.getByRole('dialog', { name: 'Upload files' });
  await expect(dialog.getByTestId('upload-list-empty')).toHaveText('No files');
  await dialog.locator('input[type=file]').setInputFiles([
    { name: `moodboard-${stamp}.png`, mimeType: 'image/png', buffer: PNG },
    { name: 'a-very-long-brief-name-for-the-spring-campaign-2026.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  const items = dialog.getByTestId('upload-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toHaveAttribute('data-status', 'uploading');
  await expect(dialog.getByText('a-very-long-brief-name-for-the-spri…')).toBeVisible();
  await screenshot(page, 'upload-dialog-progress');
  release();
  await expect(items.nth(0)).toHaveAttribute('data-status', 'done');
  await expect(items.nth(1)).toHaveAttribute('data-status', 'done');
  await dialog.getByTestId('upload-dialog-ok').click();
  await expect(dialog).toBeHidden();
  await expect(assets.getByTestId('task-assets-count')).toHaveText('2');
  const thumbnail = assets.getByTestId('asset-thumbnail');
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await screenshot(page, 'task-assets');

  // Cancel: a running upload asks first, then disappears without any error.
  let hold: () => void = () => undefined;
  const stuck = new Promise<void>((resolve) => {
    hold = resolve;
  });
  await page.unroute(UPLOAD_PUT);
  await page.route(UPLOAD_PUT, async (route) => {
    if (route.request().method() === 'PUT') {
      await stuck;
    }
    await route.continue().catch(() => undefined);
  });
  await assets.getByTestId('task-assets-upload').click();
  await dialog
    .locator('input[type=file]')
    .setInputFiles([{ name: 'cancel-me.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(dialog.getByTestId('upload-item')).toHaveAttribute('data-status', 'uploading');
  await dialog.getByTestId('upload-dialog-cancel').click();
  await expect(page.getByText('Do you want to cancel the upload?')).toBeVisible();
  await page.getByTestId('upload-cancel-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('file upload failed')).toHaveCount(0);
  hold();
  await expect(assets.getByTestId('task-assets-count')).toHaveText('2');

  const task = await (await request.get(`/api/tasks/${taskUuid}`, { headers: admin.headers })).json();
  imageUuid = task.data.uploads.find((u: { extension: string }) => u.extension === 'png').uuid;
  await page.context().close();
});

test('mass download: two files chosen in Assets arrive as one zip through the bell; 390 px fits', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await apiSignIn(request, 'admin@demo.test');
  const page = await signedInPage(browser, 'admin@demo.test');
  await page.goto(`/tasks?task_uuid=${taskUuid}`);
  const assets = page.getByTestId('task-assets');
  await expect(assets.getByTestId('asset-card')).toHaveCount(2, { timeout: 30_000 });
  const selected = assets.getByTestId('task-assets-download-selected');
  await expect(selected).toBeDisabled();
  await assets.getByLabel(`Select moodboard-${stamp}.png`).check();
  await expect(selected).toHaveText(/Download selected \(1\)/);
  await assets.getByLabel('Select a-very-long-brief-name-for-the-spring-campaign-2026.pdf').check();
  await expect(selected).toHaveText(/Download selected \(2\)/);
  await expect(assets.getByTestId('task-assets-select-all')).toBeChecked();
  await screenshot(page, 'task-assets-selected');

  const before = await (await request.get('/api/notifications', { headers: admin.headers })).json();
  const known = new Set(before.data.map((n: { id: string }) => n.id));
  await selected.click({ timeout: 15_000 });
  await expect(page.getByText('Zipping files')).toBeVisible();
  await expect(
    page.getByText('We are zipping the files; you will be notified when the download is ready.'),
  ).toBeVisible();

  // The job zips in the background; the bell brings the zip.
  let zipUuid = '';
  await expect
    .poll(
      async () => {
        const list = await (await request.get('/api/notifications', { headers: admin.headers })).json();
        const ready = list.data.find((n: { id: string; type: string }) => n.type === 'files_ready' && !known.has(n.id));
        zipUuid = ready?.data.resource_id ?? '';
        return zipUuid;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  await page.keyboard.press('Escape');
  await page.goto('/tasks');
  await page.getByTestId('notification-bell').click();
  await page
    .getByTestId('notification-panel')
    .getByTestId('notification-item')
    .filter({ hasText: 'Your files are ready to download' })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/file-viewer/${zipUuid}$`));
  // The zip's page says it is ready (no "cannot be previewed" warning), with one Download button.
  await expect(page.getByTestId('file-viewer-zip-ready')).toContainText('Your files are ready to download');
  await expect(page.getByTestId('file-viewer-unsupported')).toHaveCount(0);
  await expect(page.getByTestId('file-viewer-download')).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('file-viewer-zip-ready').getByTestId('file-viewer-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const entries = readZipEntries(await readFile(await download.path()));
  expect(Object.keys(entries).sort()).toEqual([
    'a-very-long-brief-name-for-the-spring-campaign-2026.pdf',
    `moodboard-${stamp}.png`,
  ]);
  expect(entries[`moodboard-${stamp}.png`]?.equals(PNG)).toBe(true);
  expect(entries['a-very-long-brief-name-for-the-spring-campaign-2026.pdf']?.equals(PDF)).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/tasks?task_uuid=${taskUuid}`);
  await expect(page.getByTestId('task-assets-selection')).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'task-assets-selection-390');
  await page.context().close();
});

test('file viewer: the image opens in a new tab and zooms up to 4x; 390 px fits', async ({ browser }) => {
  const page = await signedInPage(browser, 'admin@demo.test');
  await page.goto(`/tasks?task_uuid=${taskUuid}`);
  const [viewer] = await Promise.all([
    page.context().waitForEvent('page'),
    // The image by its link: the Assets list holds other files too, in no order this test relies on.
    page.getByTestId('task-assets').locator(`a.asset-thumb[href$="${imageUuid}"]`).click(),
  ]);
  await expect(viewer).toHaveURL(new RegExp(`/file-viewer/${imageUuid}$`));
  const image = viewer.getByTestId('file-viewer-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await expect(viewer.getByTestId('zoom-level')).toHaveText('100%');
  await viewer.getByTestId('zoom-in').click();
  await expect(viewer.getByTestId('zoom-level')).toHaveText('125%');
  for (let i = 0; i < 8; i += 1) {
    if (await viewer.getByTestId('zoom-in').isEnabled()) {
      await viewer.getByTestId('zoom-in').click();
    }
  }
  await expect(viewer.getByTestId('zoom-level')).toHaveText('400%');
  await expect(viewer.getByTestId('zoom-in')).toBeDisabled();
  await expect(viewer.getByTestId('file-viewer-download')).toHaveCount(1);
  await expect(viewer.getByTestId('file-viewer-download')).toBeVisible();
  await screenshot(viewer, 'file-viewer-zoomed');
  await viewer.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(viewer);
  await screenshot(viewer, 'file-viewer-390');
  await page.context().close();
});

test('editor: a pasted image is uploaded and saved into the task description', async ({ browser }) => {
  const page = await signedInPage(browser, 'admin@demo.test');
  await page.goto(`/tasks?task_uuid=${taskUuid}`);
  const editor = page.getByTestId('task-description-editor').locator('.ql-editor');
  await editor.click();
  await page.keyboard.type('Reference:');
  await editor.evaluate((element, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, PNG.toString('base64'));
  const pasted = editor.locator('img[src^="/api/uploads/"]');
  await expect(pasted).toBeVisible();
  await expect.poll(() => pasted.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await expect(page.getByTestId('task-description-status')).toHaveText('Saved', { timeout: 15_000 });
  // A PDF is refused by the editor.
  await editor.evaluate((element) => {
    const data = new DataTransfer();
    data.items.add(new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }));
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(page.getByText('You could only upload images.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByTestId('task-description-editor').locator('.ql-editor img[src^="/api/uploads/"]'),
  ).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('task-assets')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'task-assets-390');
  await page.context().close();
});

test('request: answer an upload question and submit', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const admin = await apiSignIn(request, 'admin@demo.test');
  const plans = await (await request.get('/api/projects/lite?page[size]=999', { headers: admin.headers })).json();
  // Requests are made on active retainer plans.
  const plan = plans.data.find((p: { title: string }) => p.title === 'Harbor Dental retainer');
  const people = await (
    await request.get(`/api/projects/${plan.uuid}/users?page[size]=50`, { headers: admin.headers })
  ).json();
  const draft = await request.post('/api/requests', {
    headers: admin.headers,
    data: {
      status: 'draft',
      subject: `Newsletter ${stamp}`,
      request_type_id: 8,
      project_id: plan.uuid,
      requester_id: people.data[0].uuid,
      answers: {
        project_brief: { ops: [{ insert: 'Spring newsletter\n' }] },
        email_type: 'newsletter',
        key_message: 'Ten percent off everything until Sunday',
      },
    },
  });
  expect(draft.ok(), await draft.text()).toBeTruthy();
  const uuid = (await draft.json()).data.uuid;

  const page = await signedInPage(browser, 'admin@demo.test');
  await page.goto(`/requests/${uuid}`);
  const question = page.getByTestId('upload-references');
  await expect(question).toBeVisible();
  await question
    .locator('input[type=file]')
    .setInputFiles([{ name: `reference-${stamp}.png`, mimeType: 'image/png', buffer: PNG }]);
  await expect(page.getByTestId('upload-references-files').getByTestId('asset-card')).toHaveCount(1);
  await screenshot(page, 'request-upload-question');
  // The alert-submit may point at optional questions once; the second Submit sends.
  await expect(async () => {
    // The push prompt stays (bottom right) until answered and can cover the form's Submit: answer it first.
    const noThanks = page.getByTestId('push-prompt-no');
    if (await noThanks.isVisible()) {
      await noThanks.click();
    }
    // Once sent, the form turns read-only and Submit goes: a retry only checks the stored status.
    const submit = page.getByTestId('request-submit');
    if (await submit.isVisible()) {
      await submit.click({ timeout: 5_000 });
    }
    await expect
      .poll(
        async () => (await (await request.get(`/api/requests/${uuid}`, { headers: admin.headers })).json()).data.status,
        { timeout: 5_000 },
      )
      .not.toBe('draft');
  }).toPass({ timeout: 30_000 });
  const stored = await (await request.get(`/api/requests/${uuid}?with=uploads`, { headers: admin.headers })).json();
  expect(stored.data.answers.references).toHaveLength(1);
  expect(stored.data.uploads.map((u: { uuid: string }) => u.uuid)).toContain(stored.data.answers.references[0]);
  await page.context().close();
});

test('a freelancer cannot download a file of a plan they are not on', async ({ browser, request }) => {
  const admin = await apiSignIn(request, 'admin@demo.test');
  const freelancer = await apiSignIn(request, 'freelancer@demo.test');
  // The demo freelancer is on the active retainers only, not on the social media plan.
  const all = await (await request.get('/api/projects/lite?page[size]=999', { headers: admin.headers })).json();
  const hidden = all.data.find((p: { title: string }) => p.title === 'Bella Vista social');
  const file = await apiUpload(request, admin, `contract-${stamp}.pdf`, PDF);
  const task = await request.post('/api/tasks', {
    headers: admin.headers,
    data: { title: `Private ${stamp}`, project_id: hidden.uuid, uploads: [file] },
  });
  expect(task.ok(), await task.text()).toBeTruthy();
  const taskUuid = (await task.json()).data.uuid;
  expect((await request.get(`/api/tasks/${taskUuid}`, { headers: freelancer.headers })).status()).toBe(404);

  expect((await request.get(`/api/uploads/${file}/download`, { headers: freelancer.headers })).status()).toBe(404);
  expect((await request.get(`/api/uploads/${file}/download`, { headers: admin.headers })).status()).toBe(200);
  const page = await signedInPage(browser, 'freelancer@demo.test', 390);
  await page.goto(`/file-viewer/${file}`);
  await expect(page.getByTestId('file-viewer-no-access')).toBeVisible();
  await expectNoSidewaysScroll(page);
  const direct = await page.request.get(`/api/uploads/${file}`, { maxRedirects: 0 });
  expect(direct.status()).toBe(404);
  await page.context().close();
});
