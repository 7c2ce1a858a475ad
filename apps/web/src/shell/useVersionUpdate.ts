import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { configQuery } from '../auth/queries';
import { isUpdateAvailable } from './versionCheck';

const POLL_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Whether a new deployment is live (the "version-update event", doc 1 §2 and §4). For now it polls /api/config every
 * five minutes; when the live channel lands, only this hook changes.
 */
export function useVersionUpdate(): boolean {
  const { data } = useQuery({
    ...configQuery,
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
  });
  const firstBuildHash = useRef<string | null>(null);
  if (data && firstBuildHash.current === null) {
    firstBuildHash.current = data.build_hash;
  }
  return data ? isUpdateAvailable(data, { version: __APP_VERSION__, buildHash: firstBuildHash.current }) : false;
}
