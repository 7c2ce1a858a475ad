import { useSyncExternalStore } from 'react';
import { waitUntilIdle } from './uploadRules';

/**
 * How many uploads are running in this tab, across every useUploads. Forms that must not be sent while files are
 * still uploading (doc 2 §5: 'Wait for all uploads to finish') read it; the tab is one person's one task at a time,
 * so a tab-wide count is the honest answer to "are my files done?".
 */
let running = 0;
const listeners = new Set<() => void>();

export function changeRunningUploads(delta: number): void {
  running = Math.max(0, running + delta);
  for (const listener of listeners) {
    listener();
  }
}

export function uploadsRunning(): boolean {
  return running > 0;
}

export function waitForRunningUploads(): Promise<void> {
  return waitUntilIdle(uploadsRunning);
}

export function useUploadsRunning(): boolean {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, uploadsRunning);
}
