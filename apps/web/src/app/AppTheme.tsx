import type { SignedInUser, ThemeChoice } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { createContext, type ReactNode, useContext, useLayoutEffect, useState } from 'react';
import { USER_QUERY_KEY, useCurrentUser } from '../auth/queries';
import { updateContact } from '../features/users/api';
import { useMediaQuery } from '../layout/useMediaQuery';
import { type ColorScheme, CSS_VAR_KEY, rememberChoice, rememberedChoice, resolveScheme, themeConfig } from './theme';

const SchemeContext = createContext<ColorScheme>('light');

/** The scheme being painted, for what antd's tokens do not reach (chart SVG fills). */
export function useColorScheme(): ColorScheme {
  return useContext(SchemeContext);
}

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * antd's ConfigProvider with the person's colour scheme: their saved choice (GET user), or this browser's copy of
 * it before the user has loaded, or the device's setting. <html> carries the scheme too (data-theme, color-scheme
 * for native controls and scrollbars) and antd's CSS-variable class, so the app's own CSS follows. A device that asks
 * for reduced motion gets antd without its animations.
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
    root.classList.add(CSS_VAR_KEY);
  }, [scheme]);

  return (
    <SchemeContext.Provider value={scheme}>
      <ConfigProvider theme={themeConfig(scheme, reducedMotion)}>{children}</ConfigProvider>
    </SchemeContext.Provider>
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
