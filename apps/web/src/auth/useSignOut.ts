import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api';
import { resetUiState } from '../state/uiStore';
import { signOutOnServer } from './api';
import { USER_QUERY_KEY } from './queries';

const PUSH_FORGET_WAIT_MS = 3_000;

/**
 * Logout: tell the server, then drop the token and everything cached for this user (all server data lives in the
 * query cache), reset local state and go to /login. A failing logout call still signs out locally.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      // While the token still signs calls: the server forgets this browser's push subscription (doc 1 §7), so the
      // next person signing in here gets none of this user's pushes. Loaded on demand to keep the entry small.
      // Bounded: a service worker that never answers must not keep the person signed in.
      const { forgetPushRegistration } = await import('../features/notifications/pushSubscription');
      await Promise.race([
        forgetPushRegistration(),
        new Promise((resolve) => setTimeout(resolve, PUSH_FORGET_WAIT_MS)),
      ]);
    } catch {
      // Push is a convenience; logout goes on.
    }
    try {
      await signOutOnServer();
    } catch {
      // The token is dropped either way; an expired session has nothing to end on the server.
    }
    api.tokens.clear();
    await queryClient.cancelQueries();
    queryClient.clear();
    queryClient.setQueryData(USER_QUERY_KEY, null);
    resetUiState();
    void navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
