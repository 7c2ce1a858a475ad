import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { DEMO_PASSWORD, expectNoSidewaysScroll, screenshot, signIn } from './support';

/**
 * The main screens on a 390×844 phone: nothing scrolls sideways (tables scroll inside their card, filters wrap),
 * the header keeps its menu button on screen and the task drawer's title is never covered.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function expectInsideViewport(page: Page, testId: string): Promise<void> {
  const box = await page.getByTestId(testId).boundingBox();
  expect(box, testId).not.toBeNull();
  if (box) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
}

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@demo.test');
  await expect(page.getByTestId('menu-toggle')).toBeVisible();
});

test('the header fits: menu button, hours, timers and bell on screen; search opens full width', async ({ page }) => {
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  for (const id of ['logo', 'search-toggle', 'notification-bell', 'active-timers', 'profile-menu', 'menu-toggle']) {
    await expectInsideViewport(page, id);
  }
  await expectNoSidewaysScroll(page);

  await page.getByTestId('search-toggle').click();
  const search = page.getByTestId('global-search');
  await expect(search).toBeFocused();
  const box = await page.getByTestId('search-overlay').boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(380);
  await screenshot(page, 'phone-search');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-overlay')).toHaveCount(0);
  await expect(page.getByTestId('search-toggle')).toBeVisible();
});

test('the dashboard fits the phone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('dashboard-tasks')).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'phone-dashboard');
});

test('the tasks list and the task drawer fit the phone; the drawer title is not covered', async ({ page }) => {
  await page.goto('/tasks');
  await expect(page.getByTestId('task-row-title').first()).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'phone-tasks');

  await page.getByTestId('task-row-title').first().click();
  const heading = page.getByTestId('task-drawer-heading');
  await expect(heading).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The element painted at the middle of the heading is the heading itself, not a header widget above it.
  const covered = await heading.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + Math.min(rect.width / 2, 20), rect.top + rect.height / 2);
    return !(top && (element === top || element.contains(top)));
  });
  expect(covered).toBe(false);
  await screenshot(page, 'phone-task-drawer');
});

test('the requests list and a request detail fit the phone', async ({ page }) => {
  await page.goto('/requests');
  const subject = page.getByTestId('request-row-subject').first();
  await expect(subject).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'phone-requests');

  await subject.click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}/);
  await expect(page.getByTestId('page-title')).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'phone-request-detail');
});

test('on a phone a request opens on its Overview: the brief and its answers can be read', async ({ page }) => {
  await page.goto('/requests');
  await page.getByTestId('request-row-subject').first().click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}/);
  // The facts header stays above the tabs; the Overview tab is there and open, holding the questionnaire.
  await expect(page.getByTestId('request-facts')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  const brief = page.getByTestId('request-form');
  await expect(brief).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('request-form-type')).toBeVisible();
  await expect(brief.getByTestId('request-answers')).toBeVisible();
  await expectInsideViewport(page, 'request-form');
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'phone-request-overview');
  await expectNoSeriousViolations(page, 'request overview at 390 px');
});

test('every request type’s form fits the phone (long option labels wrap inside the form)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const login = await request.post('/api/login', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD, cookie_login: false },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.auth_token}` };
  const types = (await (await request.get('/api/request-types', { headers })).json()).data as {
    id: number;
    disabled?: boolean;
  }[];
  const open = types.filter((type) => !type.disabled);
  expect(open.length).toBeGreaterThan(10);
  for (const type of open) {
    await page.goto(`/requests/new?type=${type.id}`);
    await expect(page.getByTestId('request-form')).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});
