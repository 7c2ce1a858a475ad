import { useSyncExternalStore } from 'react';

/** Whether the live channel is connected; views poll slowly only while it is not. */
let connected = false;
const listeners = new Set<() => void>();

export function setLiveConnected(value: boolean) {
  if (connected !== value) {
    connected = value;
    for (const listener of listeners) {
      listener();
    }
  }
}

export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connected,
  );
}

/** A query's refetchInterval: none while live events keep it fresh, `ms` while the live channel is down. */
export function useLivePollInterval(ms: number): number | false {
  return useLiveConnected() ? false : ms;
}

type VersionListener = (event: { version: string; build_hash: string }) => void;
const versionListeners = new Set<VersionListener>();

/** version.update from the live channel (LiveBridge) to whoever shows the update banner. */
export function onVersionEvent(listener: VersionListener): () => void {
  versionListeners.add(listener);
  return () => versionListeners.delete(listener);
}

export function emitVersionEvent(event: { version: string; build_hash: string }) {
  for (const listener of versionListeners) {
    listener(event);
  }
}
