import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { LiveBridge } from '../live/LiveBridge';
import { AppRoutes } from '../routes/AppRoutes';
import { ApiEventsBridge } from '../shell/ApiEventsBridge';
import { ErrorBoundary } from '../shell/ErrorBoundary';
import { FeedbackBridge } from '../shell/FeedbackBridge';
import { ShellNotices } from '../shell/ShellNotices';
import { AppTheme } from './AppTheme';
import { createQueryClient } from './queryClient';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    // The query client wraps the theme: the person's colour scheme comes with the signed-in user.
    <QueryClientProvider client={queryClient}>
      <AppTheme>
        <ErrorBoundary>
          <BrowserRouter>
            <FeedbackBridge />
            <ApiEventsBridge />
            <LiveBridge />
            <ShellNotices />
            <AppRoutes />
          </BrowserRouter>
        </ErrorBoundary>
      </AppTheme>
    </QueryClientProvider>
  );
}
