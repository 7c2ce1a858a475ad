import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../../auth/queries';
import { browserStorage, readPersonalList, writePersonalList } from '../personalStore';
import {
  detailQueryKey,
  isRecentItem,
  openedItem,
  RECENT_LIST,
  type RecentItem,
  recentPath,
  withRecent,
} from './recent';

export function readRecent(personUuid: string): RecentItem[] {
  return readPersonalList(browserStorage(), RECENT_LIST, personUuid, isRecentItem);
}

/**
 * Remembers the task, request or plan the address shows, once its screen has loaded it: the title comes from that
 * screen's own detail query, so nothing is fetched for this and an item the person may not read is never listed.
 */
export function useRecentTracker(): void {
  const { pathname, search } = useLocation();
  const personUuid = useCurrentUser().data?.uuid;
  const queryClient = useQueryClient();
  const opened = openedItem(pathname, search);
  const kind = opened?.kind;
  const id = opened?.id;

  useEffect(() => {
    if (!kind || !id || !personUuid) {
      return;
    }
    const key = detailQueryKey({ kind, id });
    const hashed = hashKey(key);
    const remember = () => {
      const data = queryClient.getQueryData<{ uuid?: unknown; title?: unknown }>(key);
      if (typeof data?.uuid !== 'string' || typeof data.title !== 'string') {
        return;
      }
      const item: RecentItem = { kind, uuid: data.uuid, title: data.title, path: recentPath(kind, data.uuid) };
      const list = readRecent(personUuid);
      const first = list[0];
      if (first && first.kind === item.kind && first.uuid === item.uuid && first.title === item.title) {
        return;
      }
      writePersonalList(browserStorage(), RECENT_LIST, personUuid, withRecent(list, item));
    };
    remember();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryHash === hashed) {
        remember();
      }
    });
  }, [kind, id, personUuid, queryClient]);
}
