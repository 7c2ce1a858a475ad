import { expect, test } from '@playwright/test';
import { chooseHeaderMenuItem, expectSignedInShell, screenshot, signIn } from './support';

const ALL_ENTRIES = ['dashboard', 'mentions', 'tasks', 'plans', 'timelog', 'requests', 'admin'];
const ADMIN_CHILDREN = ['users', 'users-report', 'groups'];

/** Opens the Admin submenu unless it is open already (it opens itself on an admin route). */
async function openAdminSubmenu(page: import('@playwright/test').Page) {
  if (!(await page.getByTestId('nav-users').isVisible())) {
    await page.getByTestId('sidebar').getByText('Admin', { exact: true }).click();
  }
  await expect(page.getByTestId('nav-users')).toBeVisible();
}

test('the admin signs in and sees every sidebar entry, Groups included', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'admin@demo.test');
  await expectSignedInShell(page);
  for (const key of ALL_ENTRIES) {
    await expect(page.getByTestId(`nav-${key}`)).toBeVisible();
  }
  await openAdminSubmenu(page);
  for (const key of ADMIN_CHILDREN) {
    await expect(page.getByTestId(`nav-${key}`)).toBeVisible();
  }
  await expect(page).toHaveTitle(/Agency Portal/);
  await screenshot(page, 'admin-shell');

  await page.getByTestId('nav-groups').click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByTestId('page-title')).toHaveText('Groups');
});

test('the manager signs in and sees the staff menu without Groups', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'manager@demo.test');
  await expectSignedInShell(page);
  await expect(page.getByTestId('nav-plans')).toBeVisible();
  await openAdminSubmenu(page);
  await expect(page.getByTestId('nav-users')).toBeVisible();
  await expect(page.getByTestId('nav-groups')).toHaveCount(0);
  await screenshot(page, 'manager-shell');

  // Typing the address of the super-user screen does not open it either.
  await page.goto('/groups');
  await expect(page.getByTestId('forbidden-page')).toBeVisible();
});

test('the freelancer signs in and sees no Plans and no Admin', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'freelancer@demo.test');
  await expectSignedInShell(page);
  await expect(page.getByTestId('nav-tasks')).toBeVisible();
  await expect(page.getByTestId('nav-requests')).toBeVisible();
  await expect(page.getByTestId('nav-plans')).toHaveCount(0);
  await expect(page.getByTestId('nav-admin')).toHaveCount(0);
  await expect(page.getByTestId('sidebar').getByText('Admin', { exact: true })).toHaveCount(0);
  await screenshot(page, 'freelancer-shell');

  await page.goto('/projects');
  await expect(page.getByTestId('forbidden-page')).toContainText(
    "Sorry, you don't have permission to access this page",
  );
  await expectSignedInShell(page);
  await screenshot(page, 'freelancer-forbidden');
});

test('the client contact sees only the notice with the dashboard link and Logout', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'client@demo.test');
  await expect(page.getByTestId('client-notice')).toBeVisible();
  await expect(page.getByTestId('client-dashboard-link')).toHaveAttribute('href', /^https?:\/\//);
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await screenshot(page, 'client-notice');
  await page.getByTestId('client-logout').click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown address shows the 404 page with Back Home', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByTestId('not-found-page')).toContainText('Sorry, the page you visited does not exist.');
  await screenshot(page, 'not-found');
  await page.getByRole('button', { name: 'Back Home' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a deep link opened while signed out returns there after sign-in', async ({ page }) => {
  await page.goto('/timelog-report?from=deep-link');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'manager@demo.test');
  await expect(page).toHaveURL(/\/timelog-report\?from=deep-link$/);
  await expect(page.getByTestId('page-title')).toBeVisible();
  await screenshot(page, 'deep-link-after-sign-in');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu is a right drawer that shows the version label', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'admin@demo.test');
    await expect(page.getByTestId('menu-toggle')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await page.getByTestId('menu-toggle').click();
    const drawer = page.getByTestId('nav-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('nav-tasks')).toBeVisible();
    await expect(page.getByTestId('version-label')).toHaveText(/^[0-9a-f]{6}$/);
    await screenshot(page, 'phone-drawer');
  });
});

test('signing out returns to the login page and protects the app again', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'manager@demo.test');
  await expectSignedInShell(page);
  await chooseHeaderMenuItem(page, 'profile-menu', 'profile-logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'manager@demo.test', 'not-the-password');
  await expect(page.getByTestId('login-error')).toContainText('These credentials do not match our records.');
  await expect(page).toHaveURL(/\/login$/);
});
