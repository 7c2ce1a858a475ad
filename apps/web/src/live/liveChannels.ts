import { useEffect } from 'react';
import { api } from '../api';

/** The part of a socket.io client socket the channels need (so this module does not load socket.io-client). */
export interface ChannelSocket {
  readonly id?: string;
  readonly connected: boolean;
  emit(event: 'subscribe' | 'unsubscribe', body: object): unknown;
}

let current: ChannelSocket | null = null;
/** Private channels a screen wants (with how many screens want each), joined again on every (re)connect. */
const wanted = new Map<string, number>();

/**
 * Joins a private channel as doc 1 §7 says: POST broadcasting/auth signs `<socket_id>:<channel_name>` for this
 * session, and the socket presents that authorisation when it subscribes (the server checks it and the join rule
 * again). A refusal leaves the channel unjoined: the screen still works, it only stops moving by itself.
 */
export async function joinPrivateChannel(socket: ChannelSocket, channel: string): Promise<boolean> {
  if (!socket.id) {
    return false;
  }
  try {
    const { auth } = await api.post<{ auth: string }>('/broadcasting/auth', {
      socket_id: socket.id,
      channel_name: channel,
    });
    socket.emit('subscribe', { channel, auth });
    return true;
  } catch {
    return false;
  }
}

/** The bridge's socket once connected (and after each reconnect, with its new id); null when it closes. */
export function setChannelSocket(socket: ChannelSocket | null): void {
  current = socket;
  if (socket?.connected) {
    for (const channel of wanted.keys()) {
      void joinPrivateChannel(socket, channel);
    }
  }
}

/** Keeps the tab on a private channel (a plan's `project.{uuid}`) while the calling screen is shown. */
export function useLiveChannel(channel: string | null): void {
  useEffect(() => {
    if (!channel) {
      return;
    }
    wanted.set(channel, (wanted.get(channel) ?? 0) + 1);
    if (wanted.get(channel) === 1 && current?.connected) {
      void joinPrivateChannel(current, channel);
    }
    return () => {
      const left = (wanted.get(channel) ?? 1) - 1;
      if (left > 0) {
        wanted.set(channel, left);
        return;
      }
      wanted.delete(channel);
      current?.emit('unsubscribe', { channel });
    };
  }, [channel]);
}
