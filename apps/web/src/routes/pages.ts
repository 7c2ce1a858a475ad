import { lazyPage } from './lazyPage';
import type { PageKey } from './routeTable';

export interface PageProps {
  label: string;
}

/** One lazily loaded chunk per page, so /login loads only what it needs. */
export const PAGES: Record<PageKey, ReturnType<typeof lazyPage<PageProps>>> = {
  login: lazyPage(() => import('../pages/LoginPage').then((m) => m.LoginPage)),
  register: lazyPage(() => import('../pages/RegisterPage').then((m) => m.RegisterPage)),
  forgotPassword: lazyPage(() => import('../pages/ForgotPasswordPage').then((m) => m.ForgotPasswordPage)),
  reset: lazyPage(() => import('../pages/ResetPasswordPage').then((m) => m.ResetPasswordPage)),
  terms: lazyPage(() => import('../pages/TermsPage').then((m) => m.TermsPage)),
  privacy: lazyPage(() => import('../pages/PrivacyPage').then((m) => m.PrivacyPage)),
  fileViewer: lazyPage(() => import('../pages/FileViewerPage').then((m) => m.FileViewerPage)),
  title: lazyPage(() => import('../pages/TitlePage').then((m) => m.TitlePage)),
};

export const AppLayout = lazyPage(() => import('../layout/AppLayout').then((m) => m.AppLayout));
export const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage').then((m) => m.NotFoundPage));
export const ForbiddenPage = lazyPage(() => import('../pages/ForbiddenPage').then((m) => m.ForbiddenPage));
export const MaintenancePage = lazyPage(() => import('../pages/MaintenancePage').then((m) => m.MaintenancePage));
export const ClientNoticePage = lazyPage(() => import('../pages/ClientNoticePage').then((m) => m.ClientNoticePage));
