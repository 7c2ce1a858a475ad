import { useQuery } from '@tanstack/react-query';
import { CountBadge } from '../../../components/CountBadge/CountBadge';
import { useLivePollInterval } from '../../../live/liveStatus';
import { countNewRequests, REQUESTS_KEY } from './api';

/**
 * The sidebar's Requests count (doc 1 §2, §7): new requests of retainer and hosting plans, from meta.total of a
 * one-row page, refreshed every minute and when the window regains focus.
 */
export function RequestsBadge() {
  const poll = useLivePollInterval(60_000);
  const count = useQuery({
    queryKey: [...REQUESTS_KEY, 'new-count'],
    queryFn: ({ signal }) => countNewRequests(signal),
    refetchInterval: poll,
    refetchOnWindowFocus: true,
    meta: { silentError: true },
  });
  if (!count.data) {
    return null;
  }
  return <CountBadge count={count.data} testId="nav-requests-badge" />;
}
