import { LIVE_CHANNELS, type LiveModelChange, type LiveVersionEvent } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api';
import { useCurrentUser } from '../auth/queries';
import { invalidateForBudget, invalidateForModelChange, invalidateForUserEvent, resyncAll } from './invalidation';
import { emitVersionEvent, setLiveConnected } from './liveStatus';

/**
 * The live channel (doc 1 §7): one socket per tab, opened once the user is signed in, on the app's own origin at
 * /socket.io with the bearer token in the handshake. Events invalidate the queries they make stale (live/
 * invalidation.ts); after a reconnect everything live is refetched, since events were missed meanwhile. The
 * socket.io client is loaded only here, after sign-in, so it is not part of the login page's download.
 */
export function LiveBridge() {
  const queryClient = useQueryClient();
  const me = useCurrentUser().data;
  const userUuid = me?.uuid;
  // Client contacts receive nothing but the public version channel (the server refuses the others anyway).
  const staff = me ? me.contact.type !== 'contact' : false;

  useEffect(() => {
    const token = api.tokens.get();
    if (!userUuid || !token) {
      return;
    }
    let closed = false;
    let close = () => {};
    void import('socket.io-client').then(({ io }) => {
      if (closed) {
        return;
      }
      const socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
      let connectedBefore = false;
      socket.on('connect', () => {
        setLiveConnected(true);
        const channels = staff
          ? [LIVE_CHANNELS.modelChanges, LIVE_CHANNELS.users(userUuid), LIVE_CHANNELS.version]
          : [LIVE_CHANNELS.version];
        for (const channel of channels) {
          socket.emit('subscribe', { channel });
        }
        if (connectedBefore) {
          resyncAll(queryClient);
        }
        connectedBefore = true;
      });
      socket.on('disconnect', () => setLiveConnected(false));
      socket.on('connect_error', () => setLiveConnected(false));
      socket.on('model.changes', (event: LiveModelChange) => invalidateForModelChange(queryClient, event));
      socket.on('task.move', (event: LiveModelChange) => invalidateForModelChange(queryClient, event));
      socket.on('notification', () => invalidateForUserEvent(queryClient, 'notification'));
      socket.on('mention.change', () => invalidateForUserEvent(queryClient, 'mention.change'));
      socket.on('budget', () => invalidateForBudget(queryClient));
      socket.on('version.update', (event: LiveVersionEvent) => emitVersionEvent(event));
      close = () => {
        socket.close();
        setLiveConnected(false);
      };
    });
    return () => {
      closed = true;
      close();
    };
  }, [queryClient, userUuid, staff]);

  return null;
}
