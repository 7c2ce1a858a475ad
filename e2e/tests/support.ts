import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

export const DEMO_PASSWORD = 'portal-demo-2026';
export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

/** Where the web app keeps the session token (apps/web/src/api/token.ts). */
const TOKEN_KEY = 'portal.auth_token';

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

export async function expectSignedInShell(page: Page): Promise<void> {
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

/**
 * The port the app's embedded PostgreSQL listens on: it picks a free one (EMBEDDED_PG_PORT=0), and PostgreSQL
 * records it on the fourth line of postmaster.pid.
 */
function embeddedPgPort(): string {
  if (process.env.E2E_PG_PORT && process.env.E2E_PG_PORT !== '0') {
    return process.env.E2E_PG_PORT;
  }
  const pidFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data-e2e/postgres/postmaster.pid');
  const port = readFileSync(pidFile, 'utf8').split('\n')[3]?.trim();
  if (!port) {
    throw new Error(`no port in ${pidFile}`);
  }
  return port;
}

/**
 * The app's database login: the embedded PostgreSQL's passwords are random, kept in DATA_DIR's credentials file
 * (apps/api/src/db/credentials.ts), readable by this account only.
 */
function appDatabaseLogin(): string {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data-e2e/postgres-credentials.json');
  const { app } = JSON.parse(readFileSync(file, 'utf8')) as { app?: { user: string; password: string } };
  if (!app) {
    throw new Error(`no app login in ${file}`);
  }
  return `${app.user}:${encodeURIComponent(app.password)}`;
}

/** The app's database (the run's embedded PostgreSQL), for a second app instance on it (second-instance.ts). */
export function appDatabaseUrl(): string {
  return `postgres://${appDatabaseLogin()}@127.0.0.1:${embeddedPgPort()}/agency_portal`;
}

/** The server's MAIL_PICKUP_DIR (playwright.config.ts): every message as delivered, one JSON file each. */
const MAIL_PICKUP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data-e2e/mail-pickup');

/**
 * Reads the text of the newest e-mail delivered to an address. The e-mail log (mail_outbox) keeps secret links
 * redacted, so links are read from the delivery, as the recipient would.
 */
export async function latestMailTo(address: string): Promise<string> {
  const names = existsSync(MAIL_PICKUP) ? readdirSync(MAIL_PICKUP).sort().reverse() : [];
  for (const name of names) {
    const mail = JSON.parse(readFileSync(path.join(MAIL_PICKUP, name), 'utf8')) as { to: string; text: string };
    if (mail.to.toLowerCase() === address.toLowerCase()) {
      return mail.text;
    }
  }
  throw new Error(`no e-mail to ${address}`);
}

/**
 * Opens a header menu (New, the profile menu) and chooses an item. Retried as a whole: the shell's lazy widgets
 * (timers, bell, push prompt) can re-render the header while the menu animates open, and a click then lands on nothing.
 */
export async function chooseHeaderMenuItem(page: Page, menu: string, item: string): Promise<void> {
  await expect(async () => {
    if (!(await page.getByTestId(item).isVisible())) {
      await page.getByTestId(menu).click();
    }
    await page.getByTestId(item).click({ timeout: 2_000 });
    await expect(page.getByTestId(item)).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

export async function chooseNewMenuItem(page: Page, item: string): Promise<void> {
  await chooseHeaderMenuItem(page, 'new-menu', item);
}

/**
 * A person signed in in a browser context of their own (own storage and socket), at a desktop (1366) or phone (390)
 * width, on the dashboard. The sign-in goes through POST /api/login, as the form's does, and the token is put where
 * the app keeps it: the form has specs of its own (auth, a11y, mfa, sso, passkeys), and loading it, typing and
 * waiting for it before every other test cost a second or more each. An account that answers with a second-factor
 * challenge instead of a token signs in through the form. The Web Push prompt is answered No thanks beforehand (it
 * sits over the bottom right corner); its rules have unit tests.
 */
export async function signedInPage(
  browser: Browser,
  email: string,
  width = 1366,
  password = DEMO_PASSWORD,
  contextOptions: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width > 500 ? 900 : 844 },
    acceptDownloads: true,
    ...contextOptions,
  });
  const page = await context.newPage();
  // Any address of the app's origin opens its storage; the health check is the lightest. The sign-in runs in the
  // page, so the server sees this browser (its user agent names the session), as it does for the form.
  await page.goto('/api/health');
  const token = await page.evaluate(
    async ({ key, credentials }) => {
      window.localStorage.setItem('push-prompt-dismissed', '1');
      const answer = await fetch('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...credentials, cookie_login: false }),
      });
      const body = answer.ok ? ((await answer.json()) as { data?: { auth_token?: string } }) : null;
      const value = body?.data?.auth_token ?? null;
      if (value) {
        window.localStorage.setItem(key, value);
      }
      return value;
    },
    { key: TOKEN_KEY, credentials: { email, password } },
  );
  if (token) {
    await page.goto('/');
  } else {
    await page.goto('/login');
    await signIn(page, email, password);
  }
  await expect(page.getByTestId('sidebar').or(page.getByTestId('menu-toggle')).first()).toBeVisible();
  return page;
}

/**
 * Opens a screen from the menu by its entry's key: the phone's drawer (every group open) below 500 px, else the
 * sidebar, unfolding `group` until the entry shows (the remembered sidebar state may fold it as it arrives).
 */
export async function openFromMenu(page: Page, width: number, key: string, group?: string): Promise<void> {
  if (width < 500) {
    await page.getByTestId('menu-toggle').click();
    const drawer = page.getByTestId('nav-drawer');
    await expect(drawer.getByTestId('nav-dashboard')).toBeVisible();
    await drawer.getByTestId(`nav-${key}`).click();
    return;
  }
  const sidebar = page.getByTestId('sidebar');
  const entry = sidebar.getByTestId(`nav-${key}`);
  if (group) {
    await expect(async () => {
      if (!(await entry.isVisible())) {
        await sidebar.getByTestId(`nav-${group}`).click();
      }
      await expect(entry).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }
  await entry.click();
}

/** The page fits its width once lazy widgets and tables have settled: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/**
 * Today in the agency's time zone (the e2e server runs with the default AGENCY_TIME_ZONE): the date the server's own
 * defaults (report ranges, budget periods) count as today. A test that logs time "today" uses it, so near midnight
 * UTC its log does not fall on the server's tomorrow and outside another test's default range.
 */
export function agencyToday(timeZone = 'America/New_York'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

/**
 * Picks an option of an antd Select by its test id (typing `typed` into its search first when given) and checks the
 * choice holds; retried as a whole, as a dropdown can still be animating open or re-rendering.
 */
export async function chooseOption(page: Page, testId: string, typed: string, optionText: string) {
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

/** The demo admin's token, for specs that prepare their data through the API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', { data: { email: 'admin@demo.test', password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.auth_token as string;
}

/**
 * A staff person of their own ("Tester …": no demo first name, so pickers other specs type into stay as the demo
 * has them), in a role of their own (`label` plus a stamp names it), with a password chosen
 * through the welcome link as a new colleague would: for specs that change an account's sign-in, which the demo
 * accounts other specs share must not see.
 */
export async function newStaff(
  request: APIRequestContext,
  admin: string,
  who: { label: string; email: string; password: string; permissions?: string[] },
) {
  const headers = { authorization: `Bearer ${admin}` };
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const role = await request.post('/api/roles', {
    headers,
    data: { name: `${who.label} ${stamp}`, permissions: who.permissions ?? ['DASHBOARD_READ', 'TASKS_READ'] },
  });
  expect(role.ok(), await role.text()).toBe(true);
  const roleUuid = (await role.json()).data.uuid as string;
  const email = `${who.email}.${stamp}@agency.test`;
  const contact = await request.post('/api/contacts', {
    headers,
    data: { name: `Tester ${who.label}`, email, type: 'regular_user', roles: [roleUuid] },
  });
  expect(contact.ok(), await contact.text()).toBe(true);
  const link = new URL((await latestMailTo(email)).match(/https?:\/\/\S+\/reset\?\S+/)?.[0] ?? '');
  const password = who.password;
  const reset = await request.post('/api/reset-password', {
    data: { token: link.searchParams.get('token'), email, password, password_confirmation: password },
  });
  expect(reset.ok(), await reset.text()).toBe(true);
  const body = (await contact.json()).data as { uuid: string; user: { uuid: string } };
  return { email, roleUuid, contactUuid: body.uuid, userUuid: body.user.uuid };
}

/** A pointer drag with the small first step that drag libraries (FullCalendar, dnd-kit) wait for before they start. */
export async function dragTo(page: Page, from: Locator, to: Locator) {
  const source = await from.boundingBox();
  const target = await to.boundingBox();
  if (!source || !target) {
    throw new Error('nothing to drag');
  }
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 5, source.y + source.height / 2 + 5, { steps: 5 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 20 });
  await page.mouse.up();
}
