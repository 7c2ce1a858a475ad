import { useQuery } from '@tanstack/react-query';
import { CountBadge } from '../../components/CountBadge/CountBadge';
import { useLivePollInterval } from '../../live/liveStatus';
import { countUnreadMentions, MENTIONS_COUNT_KEY } from './api';

/** The sidebar's Mentions count (doc 1 §2, §7): unread notifications that mention the user (inbox_unread). */
export function MentionsBadge() {
  const poll = useLivePollInterval(60_000);
  const count = useQuery({
    queryKey: MENTIONS_COUNT_KEY,
    queryFn: ({ signal }) => countUnreadMentions(signal),
    refetchInterval: poll,
    refetchOnWindowFocus: true,
    meta: { silentError: true },
  });
  if (!count.data) {
    return null;
  }
  return <CountBadge count={count.data} testId="nav-mentions-badge" />;
}
