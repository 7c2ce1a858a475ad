/**
 * Module boundaries (docs/ARCHITECTURE.md, "Module boundaries"), checked by `npm run check` (`npm run deps`).
 *
 * A module is a folder: `apps/api/src/modules/<m>/`, a top-level folder of `apps/api/src` (collab, events, live,
 * seed…), or a web feature `apps/web/src/features/<f>/`. Other code uses a module only through its public surface:
 * its `index.ts`, or the files listed for it below. The lists are the surface as it stands; a new module starts
 * with an `index.ts` and no list. Growing a list is a reviewed change to this file, which is the point: a reach
 * into another module's internals shows up here instead of passing unnoticed.
 *
 * Shared by design, so not modules in this sense: the API's `db/`, `http/`, `outbound/`, `types/` and top-level files
 * (`app.ts`, `main.ts`, `jobs.ts`, `context.ts`, `config.ts`: the composition root that wires every module), the
 * web app's `components/`, `features/common/` and the app shell folders.
 */

const { existsSync } = require('node:fs');
const { resolve } = require('node:path');

/** Test code: tests, the harness and the helpers/fixtures files tests import. */
const TEST = '(\\.test\\.tsx?$|(^|/)test/|(^|/)e2e/|test-helpers\\.ts$|-fixtures\\.ts$)';

/** What other API modules may import from each module, besides its index.ts (paths inside the module folder). */
const API_SURFACE = {
  collab: ['collab-server.ts', 'request-brief-merge.ts'],
  events: ['domain-events.ts', 'event-kinds.ts', 'list-cache-relay.ts'],
  // rate-limiter.ts: the one RateLimiter; a module that needs its per-instance memory mode builds one (public posts).
  'modules/auth': ['client-address.ts', 'password-reset.ts', 'passwords.ts', 'rate-limiter.ts', 'tokens.ts'],
  // Webhooks read an event's object as its owner, through each module's own visibility check and presenter.
  // The content module copies a client's approval comment into an item's thread and deletes the thread with the item,
  // inside its own transaction (commentable-lifecycle.ts).
  'modules/comments': ['comment-access.ts', 'comment-list.query.ts', 'commentable-lifecycle.ts', 'latest-comments.ts'],
  'modules/contacts': ['contact-commands.ts', 'contact-queries.ts', 'may-manage.ts', 'references.ts'],
  // Comments on content items read the item by its own visibility rule.
  'modules/content': ['content-access.ts'],
  'modules/credits': ['credit-commands.ts', 'credit-periods.ts'],
  'modules/customers': ['customer-list.query.ts', 'customers.service.ts'],
  // The demo seed makes its forms through the module's own create and publish.
  // The onboarding module makes each client's information-form link through the forms module's own rules.
  'modules/forms': ['form-commands.ts', 'share-links.ts'],
  'modules/history': ['activity-log.ts'],
  // invite-hooks.ts: the onboarding module starts a client's onboarding inside the invite's transaction.
  'modules/invites': ['invite-commands.ts', 'invite-hooks.ts', 'invite-mail.ts'],
  'modules/mail': ['html.ts', 'mailer.ts'],
  // The session lookup and the signed-in user read the enrolment rule's SQL without the module's routes (a cycle).
  'modules/mfa': ['required-roles.ts'],
  'modules/notifications': ['bulk-digest.ts', 'deliver.ts', 'notification-queries.ts', 'notify.ts', 'vapid.ts'],
  'modules/people': ['linked-people.ts', 'people-page.query.ts'],
  'modules/plans': ['personal-plan.ts', 'plan-access.ts', 'plan-list.query.ts', 'plan-people.ts'],
  'modules/reports': ['timelog-category.ts'],
  'modules/requests': [
    'bulk-edit-requests.ts',
    'create-request.ts',
    'delete-draft.ts',
    'request-access.ts',
    'request-completion.ts',
    'request-count.ts',
    // The billing module refuses a request for a client overdue beyond the agency's limit (a guard it registers).
    'request-create-guards.ts',
    'request-detail.ts',
    'request-events.ts',
    'request-list.query.ts',
    'request-people.ts',
    'request-refs.ts',
    'request-relations.ts',
    'request-temperature.ts',
    'request-time-spent.ts',
    // The demo orders seed prices the catalogue through its own create and update.
    'request-types.ts',
    'update-request.ts',
  ],
  'modules/tables': ['export-stream.ts', 'requests.table.ts', 'tasks.table.ts'],
  'modules/tasks': [
    'bulk-edit-tasks.ts',
    'calendar.ts',
    'recurrence.ts',
    'task-access.ts',
    'task-count.ts',
    'task-detail.ts',
    'task-events.ts',
    'task-history.ts',
    'task-list.query.ts',
    'task-people.ts',
    'task-rules.ts',
    'task-tags.ts',
    'update-task.ts',
  ],
  'modules/time-logs': ['save-time-log.ts', 'time-log-events.ts', 'time-log-list.query.ts', 'time-logs.presenter.ts'],
  'modules/uploads': [
    'attach-uploads.ts',
    'create-upload.ts',
    'holder-access.ts',
    'upload-access.ts',
    // The onboarding page's welcome-kit files: short-lived signed URLs, since the page has no session.
    'serve-upload.ts',
    'upload-events.ts',
    'upload-presenter.ts',
    // The public cover route (posts) serves an image with the type its extension has, as every file route does.
    'upload-rules.ts',
  ],
  'modules/users': ['signed-in-user.ts'],
};

/** What other parts of the web app may import from each feature, besides its index.ts. */
const WEB_SURFACE = {
  advertising: ['AdvertisingPage.tsx', 'AnalyticsPage.tsx', 'MonthReportPage.tsx'],
  admin: ['GroupsPage.tsx', 'ProductTypesPage.tsx', 'RolesPage.tsx', 'api.ts'],
  assistant: ['AssistantPage.tsx'],
  clients: ['ClientModal.tsx', 'ClientsPage.tsx', 'CustomersPage.tsx', 'api.ts'],
  comments: ['CommentTargetRedirect.tsx', 'CommentTemplatesPage.tsx', 'CommentsPanel.tsx', 'MentionsInboxPage.tsx'],
  dashboard: ['DashboardPage.tsx', 'WeekBars.tsx'],
  discounts: ['DiscountsPage.tsx'],
  // api.ts: the onboarding information screen lists the chosen form's answers.
  forms: [
    'FormBuilderPage.tsx',
    'FormsPage.tsx',
    'PublicFormPage.tsx',
    'SubmissionsPage.tsx',
    'SubmitPage.tsx',
    'api.ts',
  ],
  help: ['KeyboardShortcutsModal.tsx', 'WhatsNewModal.tsx'],
  invites: ['InviteModal.tsx', 'api.ts'],
  logs: ['ActivityLogPage.tsx', 'EmailLogsPage.tsx'],
  notifications: [
    'MentionsBadge.tsx',
    'NotificationBell.tsx',
    'SmsPrompt.tsx',
    'api.ts',
    'pushSubscription.ts',
    'smsPromptRule.ts',
  ],
  orders: ['OrdersPage.tsx'],
  onboarding: [
    'BoardPage.tsx',
    'InformationPage.tsx',
    'ProcessPage.tsx',
    'PublicOnboardingPage.tsx',
    'RequirementsPage.tsx',
    'SubmissionsPage.tsx',
    'WelcomePage.tsx',
  ],
  people: ['PersonName.tsx'],
  posts: ['PostEditorPage.tsx', 'PostsPage.tsx'],
  // planPaths.ts is pure (addresses, no React): pure modules import it directly, since the index's PlanLink would pull
  // the signed-in API client into them (and into their unit tests, which have no window).
  plans: ['CreatePlanModal.tsx', 'PlanPage.tsx', 'PlansPage.tsx', 'api.ts', 'budget/BudgetPanel.tsx', 'planPaths.ts'],
  reports: ['ProjectTimeReportPage.tsx', 'TimelogReportPage.tsx', 'UserPerformancePage.tsx'],
  requests: [
    'detail/RequestDetailPage.tsx',
    'dialogs/TaskRequestCard.tsx',
    'form/CatalogueIcon.tsx',
    'form/QuestionRendererForm.tsx',
    'form/RequestFormPage.tsx',
    'form/answerText.ts',
    'form/api.ts',
    'form/requestForm.css',
    'list/RequestList.tsx',
    'list/RequestsBadge.tsx',
    'list/RequestsPage.tsx',
    'list/api.ts',
    'list/requestRows.ts',
  ],
  services: ['ServicesPage.tsx'],
  tasks: [
    'TaskActivity.tsx',
    'TaskDrawer.tsx',
    'TasksPage.tsx',
    'api.ts',
    'refToken.ts',
    'relationRules.ts',
    'taskRules.ts',
    'tasks.css',
    'useDrawerWidth.ts',
    'useOpenTask.ts',
    'useTaskParam.ts',
  ],
  timelogs: [
    'ActiveTimers.tsx',
    'StopTimer.tsx',
    'TaskTimelogs.tsx',
    'TimeEntryModal.tsx',
    'TimeTracker.tsx',
    'TimerClock.tsx',
    'WeeklyHours.tsx',
    'api.ts',
    'confirmClosedTask.ts',
    'timeEntry.ts',
    'useTimers.ts',
  ],
  uploads: [
    'AssetsSection.tsx',
    'FileDrop.tsx',
    'FileViewer.tsx',
    'MassDownloadButton.tsx',
    'UploadDialog.tsx',
    'UploadList.tsx',
    'UploadedFiles.tsx',
    'activity.ts',
    'api.ts',
    'fileCookie.ts',
    'uploadRules.ts',
    'useUploads.ts',
  ],
  users: [
    'ContactPage.tsx',
    'PeoplePage.tsx',
    'SmsOptInModal.tsx',
    'UserCreateModal.tsx',
    'UsersPage.tsx',
    'api.ts',
    'preferences.ts',
  ],
};

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The lists as path patterns; a listed file that no longer exists fails the check, so the lists stay true. */
const surface = (root, lists) =>
  Object.entries(lists).flatMap(([module, files]) =>
    files.map((file) => {
      const path = `${root}${module}/${file}`;
      if (!existsSync(resolve(__dirname, path))) {
        throw new Error(`.dependency-cruiser.cjs lists ${path} as public, but there is no such file`);
      }
      return `^${escapeRegExp(path)}$`;
    }),
  );

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle. Break it at its cause: move the shared type or helper down to where both sides can import ' +
        'it, invert the dependency with a registry or an event, or move the scheduling into the module that owns it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-imports-no-app',
      severity: 'error',
      comment: 'packages/domain is what both apps share; it cannot depend on either of them.',
      from: { path: '^packages/domain/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-imports-no-api',
      severity: 'error',
      comment: 'The web app talks to the API over HTTP only; shared contracts live in packages/domain.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'api-imports-no-web',
      severity: 'error',
      comment: 'The API never imports the web app; shared contracts live in packages/domain.',
      from: { path: '^apps/api/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'api-module-internals',
      severity: 'error',
      comment:
        "Reaches into another API module's internals. Import its index.ts (or a file listed for it in API_SURFACE " +
        'in .dependency-cruiser.cjs); when the module reacts to your write, emit an event and let it listen.',
      from: { path: '^apps/api/src/(modules/[^/]+|[^/]+)/', pathNot: TEST },
      to: {
        path: '^apps/api/src/(modules/[^/]+|backup|collab|events|live|seed)/',
        pathNot: ['^apps/api/src/$1/', '/index\\.ts$', ...surface('apps/api/src/', API_SURFACE)],
      },
    },
    {
      name: 'web-feature-internals',
      severity: 'error',
      comment:
        "Reaches into another web feature's internals. Import its index.ts (or a file listed for it in WEB_SURFACE " +
        'in .dependency-cruiser.cjs); a piece several features share belongs in components/.',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TEST },
      to: {
        path: '^apps/web/src/features/(?!common/)[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '/index\\.tsx?$', ...surface('apps/web/src/features/', WEB_SURFACE)],
      },
    },
    {
      name: 'web-feature-internals',
      severity: 'error',
      comment:
        "The app shell reaches into a feature's internals. Import the feature's index.ts (or a file listed for it " +
        'in WEB_SURFACE in .dependency-cruiser.cjs).',
      from: { path: '^apps/web/src/', pathNot: [TEST, '^apps/web/src/features/[^/]+/'] },
      to: {
        path: '^apps/web/src/features/(?!common/)[^/]+/',
        pathNot: ['/index\\.tsx?$', ...surface('apps/web/src/features/', WEB_SURFACE)],
      },
    },
    {
      name: 'src-imports-no-tests',
      severity: 'error',
      comment: 'Application code never imports tests, the test harness, test helpers or fixtures.',
      from: { path: '^(apps/[^/]+/src|packages/domain/src)/', pathNot: TEST },
      to: { path: TEST },
    },
    {
      name: 'src-imports-no-seed',
      severity: 'error',
      comment:
        'Seeds are run by their commands (seed/*-cli.ts) and by main.ts (reference data and the first embedded ' +
        'start); no other application code imports them.',
      from: { path: '^apps/api/src/', pathNot: [TEST, '^apps/api/src/seed/', '^apps/api/src/main\\.ts$'] },
      to: { path: '^apps/api/src/seed/' },
    },
    {
      name: 'src-imports-no-scripts',
      severity: 'error',
      comment: 'scripts/ are tools run from the command line; application code never imports them.',
      from: { path: '^(apps/[^/]+/src|packages/domain/src)/' },
      to: { path: '^scripts/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test-results|artifacts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'],
    },
  },
};
