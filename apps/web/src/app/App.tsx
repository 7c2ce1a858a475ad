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
/** antd's blue-7: white text on it and it on white reach WCAG AA contrast (4.5:1); the default blue-6 does not. */
const THEME = { token: { colorPrimary: '#0958d9', colorLink: '#0958d9', borderRadius: 6, fontFamily: FONT_FAMILY } };

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
