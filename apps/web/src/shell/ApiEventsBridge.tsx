import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../api';
import { USER_QUERY_KEY } from '../auth/queries';
import { ROUTES } from '../routes/routeTable';
import { setUiState } from '../state/uiStore';

const PUBLIC_PATHS = new Set(
  ROUTES.filter((r) => r.access === 'public-only' || r.access === 'open').map((r) => r.path),
);

/**
 * Turns what the API client noticed into app behaviour (doc 1 §8): 401 → signed out and sent to /login with the
 * location remembered; 503 → the maintenance page; invalid_api_version → the update modal.
 */
export function ApiEventsBridge() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;

  useEffect(() => {
    const offUnauthorized = api.events.on('unauthorized', () => {
      queryClient.setQueryData(USER_QUERY_KEY, null);
      const current = locationRef.current;
      if (!PUBLIC_PATHS.has(current.pathname)) {
        void navigate('/login', { replace: true, state: { from: current } });
      }
    });
    const offMaintenance = api.events.on('maintenance', () => setUiState({ maintenance: true }));
    const offVersion = api.events.on('version-mismatch', () => setUiState({ versionModalOpen: true }));
    return () => {
      offUnauthorized();
      offMaintenance();
      offVersion();
    };
  }, [queryClient, navigate]);

  return null;
}
