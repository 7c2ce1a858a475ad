import { describe, expect, it } from 'vitest';
import { createAbility } from '../auth/ability';
import { decideAccess } from '../routes/access';
import { ROUTES, type RouteDef } from '../routes/routeTable';
import { admin, buildUser, freelancer, manager } from '../test/users';
import { NEW_MENU, SIDEBAR, visibleNavigation, visibleNavKeys, visibleNewMenu, visibleScreens } from './navigation';

const WORK = ['work', 'dashboard', 'mentions', 'tasks', 'personal-tasks', 'requests', 'calendar', 'assistant'];
const CLIENTS = ['client-work', 'clients', 'customers', 'plans', 'contacts', 'onboarding', 'orders', 'forms'];
/** The marketing desk (issue 22). */
const MARKETING = ['marketing', 'content', 'posts', 'advertising', 'analytics'];
const REPORTS = ['reports', 'reports-overview', 'timelog', 'project-time', 'users-report'];
const ADMIN_WITHOUT_GROUPS = [
  'admin',
  'users',
  'roles',
  'services',
  'product-types',
  'comment-templates',
  'discounts',
  'integrations',
  'administration',
  'webhooks',
  'email-logs',
  'activity-log',
];

describe('sidebar visibility', () => {
  it('shows an admin (super user) every built screen, grouped, Groups included', () => {
    expect(visibleNavKeys(createAbility(admin))).toEqual([
      ...WORK,
      ...CLIENTS,
      ...MARKETING,
      ...REPORTS,
      'admin',
      'users',
      'roles',
      'groups',
      'services',
      'product-types',
      'comment-templates',
      'discounts',
      'integrations',
      'administration',
      'webhooks',
      'email-logs',
      'activity-log',
    ]);
  });

  it('lists the screens that were reachable only by their address', () => {
    const paths = visibleScreens(createAbility(admin)).map((entry) => entry.path);
    for (const path of [
      '/clients',
      '/customers',
      '/people',
      '/personal-tasks',
      '/services',
      '/product-types',
      '/comment-templates',
      '/roles',
      '/project-time-report',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('keeps the spec entries with their labels and badges, in the spec order', () => {
    const screens = visibleScreens(createAbility(admin));
    const spec = ['Dashboard', 'Mentions', 'Tasks', 'Plans', 'Timelog', 'Requests', 'Users', 'Users report', 'Groups'];
    const labels = screens.map((entry) => entry.label).filter((label) => spec.includes(label));
    expect(new Set(labels)).toEqual(new Set(spec));
    const byLabel = (label: string) => screens.find((entry) => entry.label === label);
    expect(byLabel('Mentions')?.badge).toBe('mentions');
    expect(byLabel('Requests')?.badge).toBe('requests');
    const order = (labels: string[]) => labels.map((label) => screens.indexOf(byLabel(label) as never));
    const sorted = (numbers: number[]) => [...numbers].sort((a, b) => a - b);
    for (const run of [
      ['Dashboard', 'Mentions', 'Tasks', 'Requests'],
      ['Users', 'Groups'],
    ]) {
      expect(order(run)).toEqual(sorted(order(run)));
    }
  });

  it('hides Groups from a manager who is not a super user, even with GROUPS_READ', () => {
    expect(visibleNavKeys(createAbility(manager))).toEqual([
      ...WORK,
      ...CLIENTS,
      ...MARKETING,
      ...REPORTS,
      ...ADMIN_WITHOUT_GROUPS,
    ]);
  });

  it('gives a freelancer only the screens open to every user type, under their permissions', () => {
    expect(visibleNavKeys(createAbility(freelancer))).toEqual([
      'work',
      'dashboard',
      'mentions',
      'tasks',
      'requests',
      'calendar',
      'assistant',
      'client-work',
      'contacts',
      'reports',
      'timelog',
    ]);
  });

  it('shows each entry only with its permission', () => {
    const user = buildUser('regular_user', ['TASKS_READ', 'CONTACTS_READ']);
    expect(visibleNavKeys(createAbility(user))).toEqual([
      'work',
      'tasks',
      'personal-tasks',
      'calendar',
      'assistant',
      'client-work',
      'contacts',
      'admin',
      'users',
      'integrations',
    ]);
  });

  it('shows Services only with both SERVICES_READ and REQUEST_READ, as its screen needs', () => {
    const keys = (permissions: Parameters<typeof buildUser>[1]) =>
      visibleNavKeys(createAbility(buildUser('regular_user', permissions)));
    expect(keys(['SERVICES_READ'])).not.toContain('services');
    expect(keys(['SERVICES_READ', 'REQUEST_READ'])).toContain('services');
  });

  it('lists Orders for staff with CHARGES_READ and CUSTOMERS_READ; freelancers never', () => {
    const keys = (type: 'regular_user' | 'freelancer', permissions: Parameters<typeof buildUser>[1]) =>
      visibleNavKeys(createAbility(buildUser(type, permissions)));
    expect(keys('regular_user', ['CHARGES_READ', 'CUSTOMERS_READ'])).toContain('orders');
    expect(keys('regular_user', ['CHARGES_READ'])).not.toContain('orders');
    expect(keys('freelancer', ['CHARGES_READ', 'CUSTOMERS_READ'])).not.toContain('orders');
  });

  it('lists Forms for staff with FORMS_READ only; freelancers never, whatever their permissions', () => {
    const keys = (type: 'regular_user' | 'freelancer', permissions: Parameters<typeof buildUser>[1]) =>
      visibleNavKeys(createAbility(buildUser(type, permissions)));
    expect(keys('regular_user', ['FORMS_READ'])).toEqual(['work', 'assistant', 'client-work', 'forms']);
    expect(keys('regular_user', ['CUSTOMERS_READ'])).not.toContain('forms');
    expect(keys('freelancer', ['FORMS_READ', 'FORMS_CREATE'])).not.toContain('forms');
  });

  it('lists Onboarding for staff with ONBOARDING_READ only; freelancers never, whatever their permissions', () => {
    const keys = (type: 'regular_user' | 'freelancer', permissions: Parameters<typeof buildUser>[1]) =>
      visibleNavKeys(createAbility(buildUser(type, permissions)));
    expect(keys('regular_user', ['ONBOARDING_READ'])).toEqual(['work', 'assistant', 'client-work', 'onboarding']);
    expect(keys('regular_user', ['ONBOARDING_UPDATE'])).not.toContain('onboarding');
    expect(keys('freelancer', ['ONBOARDING_READ', 'ONBOARDING_UPDATE'])).not.toContain('onboarding');
  });

  it('lists the e-mail log under EMAIL_LOG_READ and the activity log under LOGS_READ, for regular users only', () => {
    expect(visibleNavKeys(createAbility(buildUser('regular_user', ['EMAIL_LOG_READ'])))).toEqual([
      'work',
      'assistant',
      'admin',
      'email-logs',
    ]);
    expect(visibleNavKeys(createAbility(buildUser('regular_user', ['LOGS_READ'])))).toEqual([
      'work',
      'assistant',
      'admin',
      'activity-log',
    ]);
    expect(visibleNavKeys(createAbility(buildUser('freelancer', ['EMAIL_LOG_READ', 'LOGS_READ'])))).toEqual([
      'work',
      'assistant',
    ]);
  });

  it('drops a group when none of its entries is allowed', () => {
    const user = buildUser('regular_user', ['DASHBOARD_READ']);
    expect(visibleNavKeys(createAbility(user))).toEqual(['work', 'dashboard', 'assistant']);
  });

  it('offers exactly the built screens the route gate would open, for every user', () => {
    const users = [admin, manager, freelancer, buildUser('regular_user', ['TASKS_READ', 'SERVICES_READ'])];
    for (const user of users) {
      const shown = new Set(visibleScreens(createAbility(user)).map((entry) => entry.path));
      for (const group of SIDEBAR) {
        for (const entry of group.entries) {
          const route = ROUTES.find((r) => r.path === entry.path) as RouteDef;
          const allowed = decideAccess(route, user) === 'allow' && route.page !== 'title';
          expect(shown.has(entry.path), `${user.contact.type} ${entry.path}`).toBe(allowed);
        }
      }
    }
  });

  it('names only routes of the route table, each once', () => {
    const paths = SIDEBAR.flatMap((group) => group.entries.map((entry) => entry.path));
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) {
      expect(ROUTES.find((route) => route.path === path)?.access, path).toBe('signed-in');
    }
    const keys = SIDEBAR.flatMap((group) => [group.key, ...group.entries.map((entry) => entry.key)]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('leaves title-only screens out until their route gets a page, then lists them with no other change', () => {
    // Every spec screen has its page now; a route without one (as /analytics was) is made here.
    const titleOnly = ROUTES.map((route) =>
      route.path === '/analytics' ? { ...route, page: 'title' as const } : route,
    );
    const keysOf = (routes: typeof ROUTES) =>
      visibleNavigation(createAbility(admin), SIDEBAR, routes).flatMap((group) => [
        group.key,
        ...group.entries.map((entry) => entry.key),
      ]);
    expect(keysOf(titleOnly)).not.toContain('analytics');
    const keys = keysOf(ROUTES);
    expect(keys.slice(keys.indexOf('marketing'))).toContain('analytics');
  });
});

describe('New menu', () => {
  it('offers only the items whose screens exist', () => {
    expect(visibleNewMenu(createAbility(admin)).map((e) => e.key)).toEqual([
      'new-task',
      'new-plan',
      'new-client',
      'new-user',
      'new-invite',
      'new-request',
    ]);
    expect(visibleNewMenu(createAbility(freelancer)).map((e) => e.key)).toEqual(['new-task']);
  });

  it('applies permission and type rules to built items', () => {
    const built = NEW_MENU.map((entry) => ({ ...entry, built: true }));
    expect(visibleNewMenu(createAbility(admin), built).map((e) => e.key)).toEqual([
      'new-task',
      'new-plan',
      'new-client',
      'new-user',
      'new-invite',
      'new-request',
    ]);
    expect(visibleNewMenu(createAbility(freelancer), built).map((e) => e.key)).toEqual(['new-task']);
  });
});

describe('the assistant entry and the AI provider', () => {
  const keys = (user: Parameters<typeof createAbility>[0], aiEnabled: boolean) =>
    visibleScreens(createAbility(user), { aiEnabled }).map((entry) => entry.key);

  it('is hidden from everyone but super users where no AI provider is configured', () => {
    expect(keys(manager, false)).not.toContain('assistant');
    expect(keys(freelancer, false)).not.toContain('assistant');
    // The super user sees how to set it up.
    expect(keys(admin, false)).toContain('assistant');
  });

  it('is shown to whoever may open it once a provider is configured', () => {
    expect(keys(manager, true)).toContain('assistant');
    expect(keys(freelancer, true)).toContain('assistant');
  });
});
