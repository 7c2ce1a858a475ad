import { lazyPage } from './lazyPage';
import type { PageProps } from './pageProps';
import type { PageKey } from './routeTable';

/** One lazily loaded chunk per page, so /login loads only what it needs. */
export const PAGES: Record<PageKey, ReturnType<typeof lazyPage<PageProps>>> = {
  login: lazyPage(() => import('../pages/LoginPage').then((m) => m.LoginPage)),
  register: lazyPage(() => import('../pages/RegisterPage').then((m) => m.RegisterPage)),
  forgotPassword: lazyPage(() => import('../pages/ForgotPasswordPage').then((m) => m.ForgotPasswordPage)),
  reset: lazyPage(() => import('../pages/ResetPasswordPage').then((m) => m.ResetPasswordPage)),
  verifyEmail: lazyPage(() => import('../pages/VerifyEmailPage').then((m) => m.VerifyEmailPage)),
  signInLink: lazyPage(() => import('../pages/SignInLinkPage').then((m) => m.SignInLinkPage)),
  ssoSignIn: lazyPage(() => import('../pages/SsoSignInPage').then((m) => m.SsoSignInPage)),
  terms: lazyPage(() => import('../pages/TermsPage').then((m) => m.TermsPage)),
  privacy: lazyPage(() => import('../pages/PrivacyPage').then((m) => m.PrivacyPage)),
  fileViewer: lazyPage(() => import('../pages/FileViewerPage').then((m) => m.FileViewerPage)),
  title: lazyPage(() => import('../pages/TitlePage').then((m) => m.TitlePage)),
  dashboard: lazyPage(() => import('../features/dashboard/DashboardPage').then((m) => m.DashboardPage)),
  clients: lazyPage(() => import('../features/clients/ClientsPage').then((m) => m.ClientsPage)),
  customers: lazyPage(() => import('../features/clients/CustomersPage').then((m) => m.CustomersPage)),
  people: lazyPage(() => import('../features/users/PeoplePage').then((m) => m.PeoplePage)),
  plans: lazyPage(() => import('../features/plans/PlansPage').then((m) => m.PlansPage)),
  plan: lazyPage(() => import('../features/plans/PlanPage').then((m) => m.PlanPage)),
  inbox: lazyPage(() => import('../features/comments/MentionsInboxPage').then((m) => m.MentionsInboxPage)),
  commentTemplates: lazyPage(() =>
    import('../features/comments/CommentTemplatesPage').then((m) => m.CommentTemplatesPage),
  ),
  requests: lazyPage(() => import('../features/requests/list/RequestsPage').then((m) => m.RequestsPage)),
  request: lazyPage(() => import('../features/requests/detail/RequestDetailPage').then((m) => m.RequestDetailPage)),
  requestNew: lazyPage(() => import('../features/requests/form/RequestFormPage').then((m) => m.NewRequestPage)),
  requestDuplicate: lazyPage(() =>
    import('../features/requests/form/RequestFormPage').then((m) => m.DuplicateRequestPage),
  ),
  users: lazyPage(() => import('../features/users/UsersPage').then((m) => m.UsersPage)),
  contact: lazyPage(() => import('../features/users/ContactPage').then((m) => m.ContactPage)),
  roles: lazyPage(() => import('../features/admin/RolesPage').then((m) => m.RolesPage)),
  groups: lazyPage(() => import('../features/admin/GroupsPage').then((m) => m.GroupsPage)),
  productTypes: lazyPage(() => import('../features/admin/ProductTypesPage').then((m) => m.ProductTypesPage)),
  services: lazyPage(() => import('../features/services/ServicesPage').then((m) => m.ServicesPage)),
  tasks: lazyPage(() => import('../features/tasks/TasksPage').then((m) => m.TasksPage)),
  personalTasks: lazyPage(() => import('../features/tasks/TasksPage').then((m) => m.PersonalTasksPage)),
  emailLogs: lazyPage(() => import('../features/logs/EmailLogsPage').then((m) => m.EmailLogsPage)),
  activityLog: lazyPage(() => import('../features/logs/ActivityLogPage').then((m) => m.ActivityLogPage)),
  assistant: lazyPage(() => import('../features/assistant/AssistantPage').then((m) => m.AssistantPage)),
  timelogReport: lazyPage(() => import('../features/reports/TimelogReportPage').then((m) => m.TimelogReportPage)),
  projectTimeReport: lazyPage(() =>
    import('../features/reports/ProjectTimeReportPage').then((m) => m.ProjectTimeReportPage),
  ),
  reports: lazyPage(() => import('../features/reports/UserPerformancePage').then((m) => m.ReportsOverviewPage)),
  userPerformance: lazyPage(() => import('../features/reports/UserPerformancePage').then((m) => m.UserPerformancePage)),
  forms: lazyPage(() => import('../features/forms/FormsPage').then((m) => m.FormsPage)),
  formBuilder: lazyPage(() => import('../features/forms/FormBuilderPage').then((m) => m.FormBuilderPage)),
  publicForm: lazyPage(() => import('../features/forms/PublicFormPage').then((m) => m.PublicFormPage)),
  formSubmissions: lazyPage(() => import('../features/forms/SubmissionsPage').then((m) => m.SubmissionsPage)),
  formSubmit: lazyPage(() => import('../features/forms/SubmitPage').then((m) => m.SubmitPage)),
  orders: lazyPage(() => import('../features/orders/OrdersPage').then((m) => m.OrdersPage)),
  content: lazyPage(() => import('../features/content').then((m) => m.ContentPage)),
  publicApproval: lazyPage(() => import('../features/content').then((m) => m.PublicApprovalPage)),
  posts: lazyPage(() => import('../features/posts/PostsPage').then((m) => m.PostsPage)),
  postEditor: lazyPage(() => import('../features/posts/PostEditorPage').then((m) => m.PostEditorPage)),
  advertising: lazyPage(() => import('../features/advertising/AdvertisingPage').then((m) => m.AdvertisingPage)),
  analytics: lazyPage(() => import('../features/advertising/AnalyticsPage').then((m) => m.AnalyticsPage)),
  adMonthReport: lazyPage(() => import('../features/advertising/MonthReportPage').then((m) => m.MonthReportPage)),
  discounts: lazyPage(() => import('../features/discounts/DiscountsPage').then((m) => m.DiscountsPage)),
  webhooks: lazyPage(() => import('../features/webhooks').then((m) => m.WebhooksPage)),
  integrations: lazyPage(() => import('../features/integrations').then((m) => m.IntegrationsPage)),
  googleIntegration: lazyPage(() => import('../features/integrations').then((m) => m.GoogleSettingsPage)),
  googleOauth: lazyPage(() => import('../features/integrations').then((m) => m.GoogleOAuthPage)),
  administration: lazyPage(() => import('../features/administration').then((m) => m.AdministrationPage)),
  calendar: lazyPage(() => import('../features/calendar').then((m) => m.CalendarPage)),
  onboardingBoard: lazyPage(() => import('../features/onboarding/BoardPage').then((m) => m.BoardPage)),
  onboardingSubmissions: lazyPage(() =>
    import('../features/onboarding/SubmissionsPage').then((m) => m.OnboardingSubmissionsPage),
  ),
  onboardingProcess: lazyPage(() => import('../features/onboarding/ProcessPage').then((m) => m.ProcessPage)),
  onboardingRequirements: lazyPage(() =>
    import('../features/onboarding/RequirementsPage').then((m) => m.RequirementsPage),
  ),
  onboardingWelcome: lazyPage(() => import('../features/onboarding/WelcomePage').then((m) => m.WelcomePage)),
  onboardingInformation: lazyPage(() =>
    import('../features/onboarding/InformationPage').then((m) => m.InformationPage),
  ),
  publicOnboarding: lazyPage(() =>
    import('../features/onboarding/PublicOnboardingPage').then((m) => m.PublicOnboardingPage),
  ),
};

export const AppLayout = lazyPage(() => import('../layout/AppLayout').then((m) => m.AppLayout));
export const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage').then((m) => m.NotFoundPage));
export const ForbiddenPage = lazyPage(() => import('../pages/ForbiddenPage').then((m) => m.ForbiddenPage));
export const MaintenancePage = lazyPage(() => import('../pages/MaintenancePage').then((m) => m.MaintenancePage));
export const ClientNoticePage = lazyPage(() => import('../pages/ClientNoticePage').then((m) => m.ClientNoticePage));
export const EnrolmentRequiredPage = lazyPage(() => import('../features/mfa').then((m) => m.EnrolmentRequiredPage));
