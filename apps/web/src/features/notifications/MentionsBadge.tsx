import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
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
  return <Badge count={count.data} size="small" style={{ marginLeft: 8 }} data-testid="nav-mentions-badge" />;
}
