import type { SignedInUser, ThemeChoice } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useLayoutEffect, useState } from 'react';
import { USER_QUERY_KEY, useCurrentUser } from '../auth/queries';
import { updateContact } from '../features/users/api';
import { useMediaQuery } from '../layout/useMediaQuery';
import { FullPageSpinner } from '../pages/FullPageSpinner';
import { rememberChoice, rememberedChoice, resolveScheme } from './colorScheme';
import { MotionContext, SchemeContext } from './schemeContext';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * The person's colour scheme: their saved choice (GET user), or this browser's copy of it before the user has loaded,
 * or the device's setting. <html> carries it (data-theme, color-scheme for native controls and scrollbars), so the
 * app's own CSS follows, the sign-in page's plain elements included. antd's theme is applied further down, by
 * WithAntd, only where antd is used: the sign-in page does not download antd (issue 24).
 */
export function AppTheme({ children }: { children: ReactNode }) {
  const user = useCurrentUser().data;
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [remembered] = useState(() => rememberedChoice(storage()));
  const choice = user?.preferences.theme;
  const scheme = resolveScheme(choice, systemDark, remembered);

  useLayoutEffect(() => {
    if (choice) {
      rememberChoice(storage(), choice);
    }
  }, [choice]);
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = scheme;
    root.style.colorScheme = scheme;
  }, [scheme]);

  return (
    <SchemeContext.Provider value={scheme}>
      <MotionContext.Provider value={reducedMotion}>{children}</MotionContext.Provider>
    </SchemeContext.Provider>
  );
}

const AntdTheme = lazy(() => import('./AntdTheme').then((m) => ({ default: m.AntdTheme })));

/**
 * antd's theme around what uses antd: every screen but the sign-in page. Loaded with the first such screen (in the
 * first-screen file for /, apps/web/vite.config.ts); the spinner shows meanwhile.
 */
export function WithAntd({ children, fallback = <FullPageSpinner /> }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <AntdTheme>{children}</AntdTheme>
    </Suspense>
  );
}

/** Saves the person's scheme on the server (their own contact's preferences); the screen changes at once. */
export function useChooseTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactUuid, theme }: { contactUuid: string; theme: ThemeChoice }) =>
      updateContact(contactUuid, { preferences: { theme } }),
    onMutate: ({ theme }) => {
      rememberChoice(storage(), theme);
      const previous = queryClient.getQueryData<SignedInUser | null>(USER_QUERY_KEY);
      if (previous) {
        queryClient.setQueryData<SignedInUser>(USER_QUERY_KEY, {
          ...previous,
          preferences: { ...previous.preferences, theme },
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) {
        queryClient.setQueryData(USER_QUERY_KEY, context.previous);
        rememberChoice(storage(), context.previous.preferences.theme);
      }
    },
  });
}
