import { LIVE_CHANNELS, type LiveModelChange, type LiveVersionEvent } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api';
import { useCurrentUser } from '../auth/queries';
import { invalidateForBudget, invalidateForModelChange, invalidateForUserEvent, resyncAll } from './invalidation';
import { joinPrivateChannel, setChannelSocket } from './liveChannels';
import { emitVersionEvent, setLiveConnected } from './liveStatus';

/**
 * The live channel (doc 1 §7): one socket per tab, opened once the user is signed in, on the app's own origin at
 * /socket.io with the bearer token in the handshake. Events invalidate the queries they make stale (live/
 * invalidation.ts); after a reconnect everything live is refetched, since events were missed meanwhile. Private
 * channels are authorised through POST broadcasting/auth (live/liveChannels.ts), which screens use for their own
 * channels too (the plan page's `project.{uuid}`); the public version channel is joined directly. The socket.io
 * client is loaded only here, after sign-in, so it is not part of the login page's download.
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
        socket.emit('subscribe', { channel: LIVE_CHANNELS.version });
        if (staff) {
          for (const channel of [LIVE_CHANNELS.modelChanges, LIVE_CHANNELS.users(userUuid)]) {
            void joinPrivateChannel(socket, channel);
          }
          // The screens' own channels; a reconnect gives the socket a new id, so each is authorised again.
          setChannelSocket(socket);
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
        setChannelSocket(null);
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
