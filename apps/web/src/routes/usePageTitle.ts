import { useEffect } from 'react';
import { DEFAULT_APP_NAME, useConfig } from '../auth/queries';
import { pageTitle } from './access';

/** Sets document.title to "<app name> - <label>", prefixed 'Dev' when running the development build. */
export function usePageTitle(label: string): void {
  const appName = useConfig()?.app_name ?? DEFAULT_APP_NAME;
  useEffect(() => {
    document.title = pageTitle(appName, label, import.meta.env.DEV);
  }, [appName, label]);
}
