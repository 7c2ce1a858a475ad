import type { Permission } from '@portal/domain';

/**
 * Every route of the app (doc 1 §2, doc 2 §2) with its label, access class and user-type rule. Data only, so the
 * access rules can be tested without rendering anything; pages.tsx maps `page` to a lazily loaded component.
 */

/**
 * - public-only: only when signed out (/login, /register, /forgot-password); a signed-in user is sent back.
 * - open: anyone, no layout (/terms, /privacy, /reset, /verify-email, /sign-in-link).
 * - signed-in-bare: needs sign-in, no layout (/file-viewer/:uuid).
 * - signed-in: needs sign-in, inside the layout.
 * - redirect: sends on to `redirectTo`.
 */
export type AccessClass = 'public-only' | 'open' | 'signed-in-bare' | 'signed-in' | 'redirect';

/**
 * 'regular_user': staff only (freelancers see the permission page). 'super_user': staff whose e-mail the server lists
 * as super user (Groups, doc 1 §6). 'any': every app user type.
 */
export type TypeRule = 'regular_user' | 'super_user' | 'any';

export type PageKey =
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'reset'
  | 'verifyEmail'
  | 'signInLink'
  | 'ssoSignIn'
  | 'terms'
  | 'privacy'
  | 'fileViewer'
  | 'title'
  | 'dashboard'
  | 'clients'
  | 'customers'
  | 'people'
  | 'plans'
  | 'plan'
  | 'inbox'
  | 'commentTemplates'
  | 'requests'
  | 'request'
  | 'requestNew'
  | 'requestDuplicate'
  | 'users'
  | 'contact'
  | 'roles'
  | 'groups'
  | 'productTypes'
  | 'services'
  | 'tasks'
  | 'personalTasks'
  | 'emailLogs'
  | 'activityLog'
  | 'assistant'
  | 'timelogReport'
  | 'projectTimeReport'
  | 'reports'
  | 'userPerformance'
  | 'webhooks'
  | 'integrations'
  | 'googleIntegration'
  | 'googleOauth'
  | 'administration'
  | 'calendar'
  | 'forms'
  | 'formBuilder'
  | 'publicForm'
  | 'formSubmissions'
  | 'formSubmit'
  | 'orders'
  | 'posts'
  | 'postEditor'
  | 'advertising'
  | 'analytics'
  | 'adMonthReport'
  | 'discounts'
  | 'onboardingBoard'
  | 'onboardingSubmissions'
  | 'onboardingProcess'
  | 'onboardingRequirements'
  | 'onboardingWelcome'
  | 'onboardingInformation'
  | 'publicOnboarding'
  | 'content'
  | 'publicApproval';

export interface RouteDef {
  path: string;
  label: string;
  access: AccessClass;
  types: TypeRule;
  page?: PageKey;
  redirectTo?: string;
  /**
   * Every permission the screen needs (the server refuses its data without them): without one the route shows the
   * permission page, and the sidebar and command palette leave the screen out (`mayOpen`, routes/access.ts).
   */
  permissions?: readonly Permission[];
}

function publicOnly(path: string, label: string, page: PageKey): RouteDef {
  return { path, label, access: 'public-only', types: 'any', page };
}

function open(path: string, label: string, page: PageKey): RouteDef {
  return { path, label, access: 'open', types: 'any', page };
}

/** A signed-in screen; one whose content arrives with a later issue shows its title for now. */
function screen(
  path: string,
  label: string,
  types: TypeRule = 'regular_user',
  page: PageKey = 'title',
  permissions?: readonly Permission[],
): RouteDef {
  return { path, label, access: 'signed-in', types, page, ...(permissions ? { permissions } : {}) };
}

/** The plan page's tabs other than its Overview (features/plans/PlanPage.tsx reads the tab from the address). */
export const PLAN_TAB_PATHS: [string, string][] = [
  ['tasks', 'Plan tasks'],
  ['requests', 'Plan requests'],
  ['files', 'Plan files'],
  ['comments', 'Plan comments'],
  ['history', 'Plan history'],
];

/** The onboarding screens (issue 20): every one reads the onboardings' data, so each needs ONBOARDING_READ. */
const onboarding = (sub: string, label: string, page: PageKey) =>
  screen(`/onboarding${sub}`, label, 'regular_user', page, ['ONBOARDING_READ']);

export const ROUTES: readonly RouteDef[] = [
  publicOnly('/login', 'Login', 'login'),
  publicOnly('/register', 'Register', 'register'),
  publicOnly('/forgot-password', 'Forgot password', 'forgotPassword'),

  open('/terms', 'Terms of Service', 'terms'),
  open('/privacy', 'Privacy Policy', 'privacy'),
  open('/reset', 'Reset password', 'reset'),
  open('/verify-email', 'Verify e-mail', 'verifyEmail'),
  open('/sign-in-link', 'Sign-in link', 'signInLink'),
  // Where single sign-on's callback hands the browser back with a one-time code (modules/auth/sso).
  open('/sign-in/sso', 'Single sign-on', 'ssoSignIn'),
  // A form's share link (issue 20): answered without an account, like /terms outside the signed-in layout.
  open('/f/:token', 'Form', 'publicForm'),
  // A client's onboarding link from their invite (issue 20): no account, outside the layout like a form link.
  open('/o/:token', 'Onboarding', 'publicOnboarding'),
  // A client's content approval link (issue 22): no account, outside the layout like a form link.
  open('/approve/:token', 'Approve content', 'publicApproval'),

  { path: '/file-viewer/:uuid', label: 'File viewer', access: 'signed-in-bare', types: 'any', page: 'fileViewer' },
  { path: '/status-report', label: 'Status report', access: 'redirect', types: 'any', redirectTo: '/' },

  // Not type-restricted (doc 1 §2): dashboard, tasks, requests, inbox, assistant, contacts, time-log report.
  screen('/', 'Dashboard', 'any', 'dashboard', ['DASHBOARD_READ']),
  screen('/tasks', 'Tasks', 'any', 'tasks', ['TASKS_READ']),
  screen('/requests', 'Requests', 'any', 'requests', ['REQUEST_READ']),
  // Before '/requests/:uuid', which would otherwise take 'new' for a uuid. Staff only (doc 1 §2: New request).
  screen('/requests/new', 'New request', 'regular_user', 'requestNew'),
  screen('/requests/:uuid', 'Request', 'any', 'request', ['REQUEST_READ']),
  screen('/requests/:uuid/tasks', 'Request tasks', 'any', 'request', ['REQUEST_READ']),
  screen('/inbox', 'Mentions', 'any', 'inbox', ['COMMENTS_READ']),
  screen('/assistant', 'Assistant', 'any', 'assistant'),
  screen('/people', 'Contacts', 'any', 'people', ['CONTACTS_READ']),
  // The profile link leads here for every user type (a contact's edit page of one's own uuid).
  screen('/users/:uuid', 'Profile', 'any', 'contact'),
  screen('/timelog-report', 'Timelog', 'any', 'timelogReport', ['TIMELOG_READ']),

  // Staff only.
  // Freelancers cannot duplicate requests (doc 2 §1).
  screen('/requests/:uuid/duplicate', 'Duplicate request', 'regular_user', 'requestDuplicate'),
  screen('/personal-tasks', 'Personal tasks', 'regular_user', 'personalTasks', ['TASKS_READ']),
  screen('/roles', 'Roles', 'regular_user', 'roles', ['ROLES_READ']),
  screen('/users', 'Users', 'regular_user', 'users', ['CONTACTS_READ']),
  screen('/logs', 'Logs', 'regular_user', 'emailLogs', ['EMAIL_LOG_READ']),
  screen('/groups', 'Groups', 'super_user', 'groups', ['GROUPS_READ']),
  onboarding('', 'Onboarding', 'onboardingBoard'),
  onboarding('/submissions', 'Onboarding submissions', 'onboardingSubmissions'),
  onboarding('/requirements', 'Onboarding requirements', 'onboardingRequirements'),
  onboarding('/process', 'Onboarding process', 'onboardingProcess'),
  // Client orders (issue 20): the charge permissions; the client picker and filter read the clients list.
  screen('/onboarding/orders', 'Onboarding orders', 'regular_user', 'orders', ['CHARGES_READ', 'CUSTOMERS_READ']),
  onboarding('/welcome', 'Onboarding welcome', 'onboardingWelcome'),
  onboarding('/information', 'Onboarding information', 'onboardingInformation'),
  screen('/clients', 'Clients', 'regular_user', 'clients', ['CUSTOMERS_READ']),
  screen('/customers', 'Customers', 'regular_user', 'customers', ['CUSTOMERS_READ']),
  // Content plans (issue 22): the post family, for freelancers too (their plans only; the picker reads content-plans).
  screen('/content', 'Content', 'any', 'content', ['POSTS_READ']),
  screen('/forms', 'Forms', 'regular_user', 'forms', ['FORMS_READ']),
  screen('/submit', 'Submit', 'regular_user', 'formSubmit', ['FORMS_READ', 'FORMS_CREATE']),
  screen('/forms/submissions', 'Form submissions', 'regular_user', 'formSubmissions', ['FORMS_READ']),
  // After '/forms/submissions', which would otherwise be taken for a form's uuid.
  screen('/forms/:uuid', 'Form', 'regular_user', 'formBuilder', ['FORMS_READ']),
  screen('/product-types', 'Product types', 'regular_user', 'productTypes', ['PRODUCT_TYPES_READ']),
  screen('/projects', 'Plans', 'regular_user', 'plans', ['PROJECTS_READ']),
  // A plan's page: its comments (private notes, call and e-mail logs, summaries for those allowed).
  screen('/projects/:uuid', 'Plan', 'regular_user', 'plan', ['PROJECTS_READ']),
  // The plan page's tabs, each with its own address; /projects/{id}/requests is the one old links used.
  ...PLAN_TAB_PATHS.map(([sub, label]) =>
    screen(`/projects/:uuid/${sub}`, label, 'regular_user', 'plan', ['PROJECTS_READ']),
  ),
  // Ad campaigns and their analytics (issue 22): the spec's product family; freelancers see their plans' campaigns.
  screen('/advertising', 'Advertising', 'any', 'advertising', ['PRODUCTS_READ']),
  screen('/analytics', 'Analytics', 'any', 'analytics', ['PRODUCTS_READ']),
  // A client's printable month (reached from /analytics' "Month report").
  screen('/analytics/report', 'Month report', 'any', 'adMonthReport', ['PRODUCTS_READ']),
  // Discount codes (issue 22): the product permissions; the drawer's service picker reads the catalogue.
  screen('/discounts', 'Discounts', 'regular_user', 'discounts', ['PRODUCTS_READ', 'REQUEST_READ']),
  // The catalogue is read through the request types, so it needs both.
  screen('/services', 'Services', 'regular_user', 'services', ['SERVICES_READ', 'REQUEST_READ']),
  // Integrations (issue 21): everyone who reads tasks may connect their own Google Calendar; the environment's
  // services on the same screen are shown only to INTEGRATIONS_READ.
  // Staff only (the Admin menu); everyone who reads tasks reaches their own Google settings from the calendar.
  screen('/integrations', 'Integrations', 'regular_user', 'integrations', ['TASKS_READ']),
  screen('/integrations/google', 'Google integration', 'any', 'googleIntegration', ['TASKS_READ']),
  // The blog (issue 22): the posts list and one post's editor.
  screen('/cms', 'CMS', 'regular_user', 'posts', ['POSTS_READ']),
  screen('/cms/:uuid', 'Post', 'regular_user', 'postEditor', ['POSTS_READ']),
  // Billing and invoice settings, hourly rates (issue 21).
  screen('/administration', 'Administration', 'regular_user', 'administration', ['CHARGES_READ']),
  // Webhooks (issue 23): an admin setting, under Administration.
  screen('/administration/webhooks', 'Webhooks', 'regular_user', 'webhooks', ['WEBHOOKS_MANAGE']),
  screen('/report', 'Reports', 'regular_user', 'reports', ['PROJECTS_READ']),
  screen('/report/user-performance', 'Users report', 'regular_user', 'userPerformance', ['PROJECTS_READ']),
  screen('/project-time-report', 'Project time report', 'regular_user', 'projectTimeReport', ['PROJECTS_READ']),
  screen('/activity-log', 'Activity log', 'regular_user', 'activityLog', ['LOGS_READ']),
  screen('/google/oauth', 'Google authorization', 'any', 'googleOauth', ['TASKS_READ']),
  // The calendar (issue 21): staff and freelancers, each seeing what their task and request lists show.
  screen('/calendar', 'Calendar', 'any', 'calendar', ['TASKS_READ']),
  screen('/comment-templates', 'Comment templates', 'regular_user', 'commentTemplates', ['COMMENT_TEMPLATES_READ']),
];

/** Routes that stay usable while the API answers 503 (maintenance). */
/** Screens built without antd, so their first download does not carry it (issue 24): the sign-in page. */
export const PLAIN_PATHS: readonly string[] = ['/login'];

export const MAINTENANCE_ALLOWED_PATHS: readonly string[] = ['/login', '/terms', '/privacy', '/reset'];

export const NOT_FOUND_LABEL = 'Page not found';
