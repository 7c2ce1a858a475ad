import { describe, expect, it } from 'vitest';
import { admin, buildUser, clientContact, freelancer, manager } from '../test/users';
import { decideAccess, findRoute, isAllowedDuringMaintenance, pageTitle } from './access';
import { ROUTES } from './routeTable';

function route(pathname: string) {
  const found = findRoute(pathname);
  if (!found) {
    throw new Error(`no route for ${pathname}`);
  }
  return found;
}

const SPEC_SIGNED_IN_PATHS = [
  '/',
  '/roles',
  '/users',
  '/logs',
  '/groups',
  '/onboarding',
  '/onboarding/submissions',
  '/onboarding/requirements',
  '/onboarding/process',
  '/onboarding/orders',
  '/onboarding/welcome',
  '/onboarding/information',
  '/clients',
  '/customers',
  '/people',
  '/content',
  '/forms',
  '/submit',
  '/forms/submissions',
  '/requests',
  '/requests/6d3c1a52-3b1e-4c1a-9a43-0d51e1d5b001/duplicate',
  '/requests/6d3c1a52-3b1e-4c1a-9a43-0d51e1d5b001/tasks',
  '/product-types',
  '/projects',
  '/projects/42/requests',
  '/advertising',
  '/analytics',
  '/analytics/report',
  '/discounts',
  '/inbox',
  '/tasks',
  '/personal-tasks',
  '/services',
  '/integrations',
  '/integrations/google',
  '/timelog-report',
  '/cms',
  '/administration',
  '/report',
  '/report/user-performance',
  '/project-time-report',
  '/activity-log',
  '/google/oauth',
  '/calendar',
  '/comment-templates',
  '/assistant',
];

describe('route table', () => {
  it('declares every signed-in path of the spec', () => {
    for (const path of SPEC_SIGNED_IN_PATHS) {
      expect(route(path).access, path).toBe('signed-in');
    }
  });

  it('declares each path once, each with a label', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const r of ROUTES) {
      expect(r.label.length, r.path).toBeGreaterThan(0);
    }
  });

  it('redirects the status report to the dashboard', () => {
    expect(route('/status-report')).toMatchObject({ access: 'redirect', redirectTo: '/' });
  });

  it('opens a form share link to anyone and keeps the forms screens to staff with FORMS_READ', () => {
    expect(decideAccess(route('/f/abc_DEF-123'), null)).toBe('allow');
    expect(decideAccess(route('/f/abc_DEF-123'), clientContact)).toBe('allow');
    expect(route('/forms/submissions').page).toBe('formSubmissions');
    expect(route('/forms/6d3c1a52-3b1e-4c1a-9a43-0d51e1d5b001').page).toBe('formBuilder');
    for (const path of ['/forms', '/forms/submissions', '/submit', '/forms/6d3c1a52-3b1e-4c1a-9a43-0d51e1d5b001']) {
      expect(decideAccess(route(path), admin), path).toBe('allow');
      expect(decideAccess(route(path), freelancer), path).toBe('forbidden');
      expect(decideAccess(route(path), buildUser('regular_user', ['CUSTOMERS_READ'])), path).toBe('forbidden');
    }
    expect(decideAccess(route('/submit'), buildUser('regular_user', ['FORMS_READ']))).toBe('forbidden');
  });

  it('finds no route for an unknown path (404)', () => {
    expect(findRoute('/no-such-page')).toBeUndefined();
    expect(findRoute('/requests/a/b/c')).toBeUndefined();
  });
});

describe('route access rules', () => {
  it('sends signed-out visitors of signed-in routes and the file viewer to sign-in', () => {
    expect(decideAccess(route('/tasks'), null)).toBe('sign-in');
    expect(decideAccess(route('/'), null)).toBe('sign-in');
    expect(decideAccess(route('/file-viewer/abc'), null)).toBe('sign-in');
  });

  it('opens /login, /register and /forgot-password only when signed out', () => {
    for (const path of ['/login', '/register', '/forgot-password']) {
      expect(decideAccess(route(path), null)).toBe('allow');
      expect(decideAccess(route(path), admin)).toBe('leave');
    }
  });

  it('opens /terms, /privacy and /reset to anyone', () => {
    for (const path of ['/terms', '/privacy', '/reset']) {
      expect(decideAccess(route(path), null)).toBe('allow');
      expect(decideAccess(route(path), freelancer)).toBe('allow');
      expect(decideAccess(route(path), clientContact)).toBe('allow');
    }
  });

  it('lets super users open every signed-in route', () => {
    for (const path of SPEC_SIGNED_IN_PATHS) {
      expect(decideAccess(route(path), admin), path).toBe('allow');
    }
  });

  it('lets staff open every signed-in route but Groups, which needs a super user', () => {
    for (const path of SPEC_SIGNED_IN_PATHS.filter((p) => p !== '/groups')) {
      expect(decideAccess(route(path), manager), path).toBe('allow');
    }
    expect(decideAccess(route('/groups'), manager)).toBe('forbidden');
  });

  it('lets freelancers open the routes that are not type-restricted', () => {
    for (const path of ['/', '/tasks', '/requests', '/inbox', '/assistant', '/people', '/timelog-report']) {
      expect(decideAccess(route(path), freelancer), path).toBe('allow');
    }
    expect(decideAccess(route('/file-viewer/abc'), freelancer)).toBe('allow');
  });

  it('shows freelancers the permission page on staff-only routes', () => {
    for (const path of ['/projects', '/users', '/groups', '/clients', '/report/user-performance', '/roles', '/cms']) {
      expect(decideAccess(route(path), freelancer), path).toBe('forbidden');
    }
    expect(decideAccess(route('/requests/x/duplicate'), freelancer)).toBe('forbidden');
  });

  it('shows the permission page on a screen whose permissions the user lacks, whatever their type', () => {
    const clerk = buildUser('regular_user', ['TASKS_READ']);
    expect(decideAccess(route('/tasks'), clerk)).toBe('allow');
    for (const path of ['/', '/requests', '/projects', '/clients', '/roles', '/services', '/project-time-report']) {
      expect(decideAccess(route(path), clerk), path).toBe('forbidden');
    }
    // Services reads the catalogue through the request types: it needs both permissions.
    expect(decideAccess(route('/services'), buildUser('regular_user', ['SERVICES_READ']))).toBe('forbidden');
    expect(decideAccess(route('/services'), buildUser('regular_user', ['SERVICES_READ', 'REQUEST_READ']))).toBe(
      'allow',
    );
    expect(decideAccess(route('/people'), buildUser('freelancer', ['TASKS_READ']))).toBe('forbidden');
    // Screens without a listed permission keep only the type rule (one's own profile, the assistant).
    expect(decideAccess(route('/users/abc'), buildUser('freelancer', []))).toBe('allow');
    expect(decideAccess(route('/assistant'), buildUser('freelancer', []))).toBe('allow');
  });

  it('shows client contacts only the client-dashboard notice, on every signed-in route', () => {
    for (const path of SPEC_SIGNED_IN_PATHS) {
      expect(decideAccess(route(path), clientContact), path).toBe('client-notice');
    }
    expect(decideAccess(route('/file-viewer/abc'), clientContact)).toBe('client-notice');
  });

  it('keeps only /login, /terms, /privacy and /reset usable during maintenance', () => {
    expect(['/login', '/terms', '/privacy', '/reset'].every(isAllowedDuringMaintenance)).toBe(true);
    expect(['/', '/register', '/tasks', '/forgot-password'].some(isAllowedDuringMaintenance)).toBe(false);
  });
});

describe('page title', () => {
  it('is the product name and the route label, with a Dev prefix in development', () => {
    expect(pageTitle('Agency Portal', 'Tasks', false)).toBe('Agency Portal - Tasks');
    expect(pageTitle('Agency Portal', 'Tasks', true)).toBe('Dev Agency Portal - Tasks');
  });
});
