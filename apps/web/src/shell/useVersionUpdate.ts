import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { configQuery } from '../auth/queries';
import { onVersionEvent, useLivePollInterval } from '../live/liveStatus';
import { isUpdateAvailable } from './versionCheck';

const POLL_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Whether a new deployment is live (the "version-update event", doc 1 §2 and §4): version.update on the live
 * version channel, compared with the build the page first saw; /api/config is polled every five minutes only while
 * the live channel is down.
 */
export function useVersionUpdate(): boolean {
  const { data } = useQuery({
    ...configQuery,
    refetchInterval: useLivePollInterval(POLL_INTERVAL_MS),
    refetchIntervalInBackground: true,
  });
  const firstBuildHash = useRef<string | null>(null);
  if (data && firstBuildHash.current === null) {
    firstBuildHash.current = data.build_hash;
  }
  const [announced, setAnnounced] = useState(false);
  useEffect(
    () =>
      onVersionEvent((event) => {
        if (isUpdateAvailable(event, { version: __APP_VERSION__, buildHash: firstBuildHash.current })) {
          setAnnounced(true);
        }
      }),
    [],
  );
  return (
    announced ||
    (data ? isUpdateAvailable(data, { version: __APP_VERSION__, buildHash: firstBuildHash.current }) : false)
  );
}
