import { GOOGLE_MESSAGES } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../api/errors';
import { finishGoogle, GOOGLE_KEY } from './api';
import type { GoogleNotice } from './GoogleSettingsPage';

/**
 * /google/oauth, where Google sends the person back: the code and state go to the server, which finishes the
 * exchange; then on to /integrations/google with the outcome. Google's own refusal (error=access_denied) never
 * reaches the server.
 */
export function GoogleOAuthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The code is single use: a second run of the effect (StrictMode) must not post it again.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) {
      return;
    }
    sent.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const done = (googleNotice: GoogleNotice) => {
      void navigate('/integrations/google', { replace: true, state: { googleNotice } });
    };
    if (!code || !state) {
      done({ type: 'error', message: params.get('error') ? GOOGLE_MESSAGES.denied : GOOGLE_MESSAGES.exchangeFailed });
      return;
    }
    void finishGoogle({ code, state })
      .then((next) => {
        queryClient.setQueryData(GOOGLE_KEY, next);
        done({ type: 'success', message: GOOGLE_MESSAGES.connected });
      })
      .catch((error: unknown) =>
        done({ type: 'error', message: describeError(error) || GOOGLE_MESSAGES.exchangeFailed }),
      );
  }, [params, navigate, queryClient]);
  return <Spin tip="Connecting Google Calendar…" fullscreen={false} />;
}
