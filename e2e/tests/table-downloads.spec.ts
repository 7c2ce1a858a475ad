import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSidewaysScroll, screenshot, signedInPage } from './support';
import { readZipEntries } from './zip-reader';

/**
 * What leaves a table as a file (issues 8 and 10): the files of the ticked tasks and requests as one zip through
 * the bell, the Users screen's export (POST users/bulk-operations/export) and the timelog report's export with
 * every report filter. Screens at 1366 and 390 px without sideways scroll.
 */
const stamp = Date.now().toString(36);
const PDF = (label: string) =>
  Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

type Api = { headers: Record<string, string> };

async function apiSignIn(request: APIRequestContext, email: string): Promise<Api> {
  const res = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD, cookie_login: false } });
  expect(res.ok()).toBeTruthy();
  return { headers: { authorization: `Bearer ${(await res.json()).data.auth_token}` } };
}

async function getJson<T>(request: APIRequestContext, url: string, who: Api): Promise<T> {
  const res = await request.get(url, { headers: who.headers });
  expect(res.ok(), `${url} → ${res.status()}`).toBe(true);
  return (await res.json()) as T;
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

/** A task of the plan holding one PDF named after it. */
async function taskWithFile(request: APIRequestContext, who: Api, planUuid: string, title: string) {
  const upload = await apiUpload(request, who, `${title}.pdf`, PDF(title));
  const res = await request.post('/api/tasks', {
    headers: who.headers,
    data: { title, project_id: planUuid, uploads: [upload] },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** The zip of the requester's next files_ready notification (one not in `known`), read through its download link. */
async function nextZip(request: APIRequestContext, who: Api, known: Set<string>): Promise<Record<string, Buffer>> {
  let zipUuid = '';
  await expect
    .poll(
      async () => {
        const list = await getJson<{ data: { id: string; type: string; data: { resource_id: string } }[] }>(
          request,
          '/api/notifications',
          who,
        );
        zipUuid = list.data.find((n) => n.type === 'files_ready' && !known.has(n.id))?.data.resource_id ?? '';
        return zipUuid;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const link = await request.get(`/api/uploads/${zipUuid}/download`, { headers: who.headers });
  expect(link.ok(), await link.text()).toBeTruthy();
  // GET uploads/{uuid}/download answers a short-lived URL of the bytes.
  const bytes = await request.get((await link.json()).data);
  expect(bytes.ok()).toBeTruthy();
  return readZipEntries(await bytes.body());
}

async function notificationIds(request: APIRequestContext, who: Api): Promise<Set<string>> {
  const list = await getJson<{ data: { id: string }[] }>(request, '/api/notifications', who);
  return new Set(list.data.map((n) => n.id));
}

/** Reads an export's CSV back: BOM, ';'-separated, quoted fields, CRLF lines (the header first). */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0), 'UTF-8 byte order mark').toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 1; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i += 1;
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length) {
    rows.push([...row, field]);
  }
  return rows;
}

/** Export → CSV from a table's Export menu, read back. */
async function exportCsv(page: Page, testId: string): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  await page.getByTestId(`${testId}-csv`).click();
  const file = await download;
  // Named after the table and the day (tasks-2026-11-27.csv), never a bare data.csv.
  expect(file.suggestedFilename()).toMatch(/^[a-z-]+-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('Exported successfully.')).toBeVisible();
  return parseCsv(await readFile((await file.path()) as string, 'utf8'));
}

test('tasks table: the files of exactly the two ticked tasks arrive as one zip through the bell', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiSignIn(request, 'admin@demo.test');
  const plans = await getJson<{ data: { uuid: string; title: string }[] }>(
    request,
    '/api/projects/lite?page[size]=999',
    admin,
  );
  const plan = plans.data.find((p) => p.title === 'Bella Vista social') ?? plans.data[0];
  const titles = ['alpha', 'beta', 'gamma'].map((word) => `Zip ${word} ${stamp}`);
  for (const title of titles) {
    await taskWithFile(request, admin, plan?.uuid ?? '', title);
  }

  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  await page.goto(`/tasks?view=table&search=${stamp}`);
  const table = page.getByTestId('tasks-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3, { timeout: 30_000 });
  await table.getByLabel(`Select ${titles[0]}`).check();
  await table.getByLabel(`Select ${titles[2]}`).check();
  await expect(page.getByTestId('tasks-bulk-count')).toHaveText('2 selected');
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'tasks-ticked-download');

  const before = await getJson<{ data: { id: string }[] }>(request, '/api/notifications', admin);
  const known = new Set(before.data.map((n) => n.id));
  await page.getByTestId('tasks-mass-download').click();
  await expect(page.getByText('Zipping files')).toBeVisible();
  await expect(
    page.getByText('We are zipping the files; you will be notified when the download is ready.'),
  ).toBeVisible();

  let zipUuid = '';
  await expect
    .poll(
      async () => {
        const list = await getJson<{ data: { id: string; type: string; data: { resource_id: string } }[] }>(
          request,
          '/api/notifications',
          admin,
        );
        zipUuid = list.data.find((n) => n.type === 'files_ready' && !known.has(n.id))?.data.resource_id ?? '';
        return zipUuid;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  await page.getByTestId('notification-bell').click();
  await page
    .getByTestId('notification-panel')
    .getByTestId('notification-item')
    .filter({ hasText: 'Your files are ready to download' })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/file-viewer/${zipUuid}$`));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('file-viewer-zip-ready').getByTestId('file-viewer-download').click(),
  ]);
  const entries = readZipEntries(await readFile((await download.path()) as string));
  expect(Object.keys(entries).sort()).toEqual([`${titles[0]}.pdf`, `${titles[2]}.pdf`]);
  expect(entries[`${titles[0]}.pdf`]?.equals(PDF(titles[0] ?? ''))).toBe(true);

  // "Select all 3": the files of every task the list holds (the list's filters and search, resolved on the server).
  await page.goto(`/tasks?view=table&search=${stamp}`);
  await table.getByLabel(`Select ${titles[1]}`).check({ timeout: 30_000 });
  await page.getByTestId('tasks-bulk-all').click();
  await expect(page.getByTestId('tasks-bulk-count')).toHaveText('3 selected');
  const seen = await notificationIds(request, admin);
  await page.getByTestId('tasks-mass-download').click();
  await expect(page.getByText('Zipping files')).toBeVisible();
  expect(Object.keys(await nextZip(request, admin, seen)).sort()).toEqual(titles.map((t) => `${t}.pdf`).sort());

  // A phone: the ticked row's bar with Download files fits.
  const phone = await signedInPage(browser, 'admin@demo.test', 390);
  await phone.goto(`/tasks?view=table&search=${stamp}`);
  await phone.getByTestId('tasks-table').getByLabel(`Select ${titles[1]}`).check({ timeout: 30_000 });
  await expect(phone.getByTestId('tasks-mass-download')).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await screenshot(phone, 'tasks-ticked-download-390');
});

test('requests table: the files of the ticked requests arrive as one zip', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await apiSignIn(request, 'admin@demo.test');
  const plans = await getJson<{ data: { uuid: string; title: string }[] }>(
    request,
    '/api/projects/lite?page[size]=999',
    admin,
  );
  const plan = plans.data.find((p) => p.title === 'Harbor Dental retainer') ?? plans.data[0];
  const subjects = ['one', 'two', 'three'].map((word) => `Brief ${word} ${stamp}`);
  for (const subject of subjects) {
    const upload = await apiUpload(request, admin, `${subject}.pdf`, PDF(subject));
    const res = await request.post('/api/requests', {
      headers: admin.headers,
      data: { status: 'draft', subject, project_id: plan?.uuid, uploads: [upload] },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }

  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  // Drafts, whatever their temperature or plan type (an emptied key is every value).
  await page.goto(`/requests?status=draft&temperature=&project_type=&search=${stamp}`);
  const table = page.getByTestId('requests-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3, { timeout: 30_000 });
  await table.getByLabel(`Select ${subjects[1]}`).check();
  await table.getByLabel(`Select ${subjects[2]}`).check();

  const known = await notificationIds(request, admin);
  await page.getByTestId('requests-mass-download').click();
  await expect(page.getByText('Zipping files')).toBeVisible();
  const entries = await nextZip(request, admin, known);
  expect(Object.keys(entries).sort()).toEqual([`${subjects[2]}.pdf`, `${subjects[1]}.pdf`].sort());
  await expectNoSidewaysScroll(page);

  const phone = await signedInPage(browser, 'admin@demo.test', 390);
  await phone.goto(`/requests?status=draft&temperature=&project_type=&search=${stamp}`);
  await phone.getByTestId('requests-table').getByLabel(`Select ${subjects[0]}`).check({ timeout: 30_000 });
  await expect(phone.getByTestId('requests-mass-download')).toBeVisible();
  await expectNoSidewaysScroll(phone);
});

test("users screen: the export holds the screen's filtered people (POST users/bulk-operations/export)", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await apiSignIn(request, 'admin@demo.test');
  const listed = await getJson<{ data: { name: string }[]; meta: { total: number } }>(
    request,
    '/api/contacts?filters[type][]=freelancer&filters[status][]=active&page[size]=200&sort[by]=name',
    admin,
  );
  expect(listed.meta.total, 'the demo workspace has active freelancers').toBeGreaterThan(0);

  const page = await signedInPage(browser, 'admin@demo.test', 1366);
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/users/bulk-operations/export'));
  await page.goto('/users?type=freelancer&status=active');
  await expect(page.getByTestId('users-table').locator('tbody tr.ant-table-row')).toHaveCount(
    Math.min(listed.meta.total, 50),
    { timeout: 30_000 },
  );
  const [header, ...rows] = await exportCsv(page, 'users-export');
  expect((await posted).postDataJSON()).toMatchObject({
    filters: { _all: true, type: ['freelancer'], status: ['active'] },
    format: 'csv',
  });
  expect(header?.slice(0, 6)).toEqual(['Name', 'E-mail', 'Type', 'Clients', 'Roles', 'Status']);
  expect(rows.map((r) => r[0])).toEqual(listed.data.map((c) => c.name));
  expect(new Set(rows.map((r) => `${r[2]} ${r[5]}`))).toEqual(new Set(['Freelancer Active']));
  await expectNoSidewaysScroll(page);

  // The bulk bar exports the ticked people only.
  const ticked = listed.data.slice(0, 2).map((c) => c.name);
  for (const name of ticked) {
    await page.getByTestId('users-table').getByLabel(`Select ${name}`, { exact: true }).check();
  }
  const [, ...tickedRows] = await exportCsv(page, 'users-bulk-export');
  expect(tickedRows.map((r) => r[0])).toEqual(ticked);

  const phone = await signedInPage(browser, 'admin@demo.test', 390);
  await phone.goto('/users?type=freelancer&status=active');
  await expect(phone.getByTestId('users-export')).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(phone);
});

interface TimeLogReport {
  meta: { total: number };
}

test('timelog report: filtered by category, the export holds only the matching logs', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await apiSignIn(request, 'admin@demo.test');
  const all = await getJson<TimeLogReport>(request, '/api/reports/time-logs', admin);
  // The category that narrows the demo's logs without emptying them.
  const categories = [
    ['billable', 'Billable'],
    ['non-billable', 'Non-billable'],
    ['sgm-non-billable', 'SGM non-billable'],
  ] as const;
  let chosen: { value: string; label: string; total: number } | null = null;
  for (const [value, label] of categories) {
    const report = await getJson<TimeLogReport>(request, `/api/reports/time-logs?category[]=${value}`, admin);
    if (report.meta.total > 0 && report.meta.total < all.meta.total) {
      chosen = { value, label, total: report.meta.total };
      break;
    }
  }
  expect(chosen, 'the demo week has logs of more than one category').not.toBeNull();
  const category = chosen as NonNullable<typeof chosen>;

  // A browser whose calendar is a day ahead of the agency's (UTC+14 against New York) for most of the day: the page's
  // default range is the server's last 30 days, so it counts what the API's default counts at any hour.
  const page = await signedInPage(browser, 'admin@demo.test', 1366, DEMO_PASSWORD, {
    timezoneId: 'Pacific/Kiritimati',
  });
  await page.goto('/timelog-report');
  await expect(page.getByTestId('report-total-logs')).toContainText(String(all.meta.total), { timeout: 30_000 });
  await page.getByTestId('timelog-report-category').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: category.label })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`category=${category.value}(&|$)`));
  await expect(page.getByTestId('report-total-logs')).toContainText(String(category.total));

  const [header, ...rows] = await exportCsv(page, 'timelog-report-export');
  const column = header?.indexOf('Category') ?? -1;
  expect(column).toBeGreaterThanOrEqual(0);
  expect(rows).toHaveLength(category.total);
  expect(new Set(rows.map((r) => r[column]))).toEqual(new Set([category.label]));
  await expectNoSidewaysScroll(page);

  const phone = await signedInPage(browser, 'admin@demo.test', 390);
  await phone.goto(`/timelog-report?category=${category.value}`);
  await expect(phone.getByTestId('timelog-report-export')).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(phone);
});
