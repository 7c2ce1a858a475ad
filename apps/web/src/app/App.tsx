import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { LiveBridge } from '../live/LiveBridge';
import { AppRoutes } from '../routes/AppRoutes';
import { ApiEventsBridge } from '../shell/ApiEventsBridge';
import { ErrorBoundary } from '../shell/ErrorBoundary';
import { FeedbackBridge } from '../shell/FeedbackBridge';
import { ShellNotices } from '../shell/ShellNotices';
import { createQueryClient } from './queryClient';

/** Inter ships with the app (main.tsx), so antd measures text the same on every machine. */
export const FONT_FAMILY =
  "'Inter Variable', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
/**
 * Colours that reach WCAG AA contrast (4.5:1 for text) where antd's defaults do not, set once here so every screen
 * follows (e2e/tests/a11y.spec.ts holds the app to it):
 * - primary and links: blue-7; white on it and it on white pass, the default blue-6 does not;
 * - secondary/description text and placeholders: the defaults (45 % and 25 % black) read 3.4:1 and 1.9:1 on white;
 * - an avatar's initials are white on the placeholder colour, so the avatar gets a darker grey of its own;
 * - coloured tags print their text in the palette's 7th shade on its 1st, under 4.5:1 for the warm and green hues,
 *   so those text shades move to the palette's 8th/9th; status tags (success, warning, error) likewise;
 * - errors (text, danger buttons, overdue dates) in red-7.
 */
const TAG_TEXT_SHADES = Object.fromEntries(
  Object.entries({
    volcano: '#ad2102',
    orange: '#ad4e00',
    gold: '#874d00',
    yellow: '#876800',
    lime: '#3f6600',
    green: '#237804',
    cyan: '#006d75',
    // Both spellings: antd emits `orange7` and `orange-7` as the same CSS variable, the later one winning.
  }).flatMap(([hue, shade]) => [
    [`${hue}7`, shade],
    [`${hue}-7`, shade],
  ]),
);
const THEME = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    borderRadius: 6,
    fontFamily: FONT_FAMILY,
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    // Red-7: error text, danger buttons and overdue dates; the default red-5 reads 3.3:1 on white.
    colorError: '#cf1322',
    ...TAG_TEXT_SHADES,
  },
  components: {
    Avatar: { colorTextPlaceholder: '#5a6470' },
    Tag: { colorSuccess: '#237804', colorWarning: '#ad4e00', colorError: '#cf1322' },
  },
};

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider theme={THEME}>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <FeedbackBridge />
            <ApiEventsBridge />
            <LiveBridge />
            <ShellNotices />
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </ErrorBoundary>
    </ConfigProvider>
  );
}
