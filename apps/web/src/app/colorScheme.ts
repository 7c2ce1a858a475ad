import type { ThemeChoice } from '@portal/domain';

/*
 * The colour scheme without antd: the sign-in page paints before antd has loaded (issue 24 keeps antd out of its
 * first download), so choosing the scheme and remembering it live here, and theme.ts builds antd's themes on top.
 */

export type ColorScheme = 'light' | 'dark';

/** Inter ships with the app (main.tsx), so antd measures text the same on every machine. */
export const FONT_FAMILY =
  "'Inter Variable', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * The scheme to paint: the person's choice, or the device's when they chose 'system' (or have not chosen yet).
 * `remembered` is this browser's copy of the last choice, used before the signed-in user has loaded (the sign-in
 * page, the first paint) so a dark-mode person does not see a white flash.
 */
export function resolveScheme(
  choice: ThemeChoice | null | undefined,
  systemPrefersDark: boolean,
  remembered?: ThemeChoice | null,
): ColorScheme {
  const effective = choice ?? remembered ?? 'system';
  if (effective === 'system') {
    return systemPrefersDark ? 'dark' : 'light';
  }
  return effective;
}

const THEME_STORAGE_KEY = 'theme-choice';
const isChoice = (value: unknown): value is ThemeChoice => value === 'system' || value === 'light' || value === 'dark';

export function rememberedChoice(storage: Pick<Storage, 'getItem'> | undefined): ThemeChoice | null {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return isChoice(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberChoice(storage: Pick<Storage, 'setItem'> | undefined, choice: ThemeChoice): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Private mode or a full storage: the server copy still applies once the user has loaded.
  }
}

/**
 * The CSS-variable key: AppTheme puts this class on <html>, so the app's own CSS can use antd's variables
 * (`var(--ant-color-bg-container)`) anywhere, not only inside antd components, and follows the scheme.
 */
export const CSS_VAR_KEY = 'css-var-root';
