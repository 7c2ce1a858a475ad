import { useSyncExternalStore } from 'react';

/**
 * The little client-only state the shell needs (server data stays in TanStack Query): whether the API said it is
 * under maintenance, and whether the "An update is available" modal is open.
 */
export interface UiState {
  maintenance: boolean;
  versionModalOpen: boolean;
}

const INITIAL: UiState = { maintenance: false, versionModalOpen: false };

let state: UiState = INITIAL;
const listeners = new Set<() => void>();

export function getUiState(): UiState {
  return state;
}

export function setUiState(patch: Partial<UiState>): void {
  const next = { ...state, ...patch };
  if (next.maintenance === state.maintenance && next.versionModalOpen === state.versionModalOpen) {
    return;
  }
  state = next;
  for (const listener of listeners) {
    listener();
  }
}

export function resetUiState(): void {
  setUiState(INITIAL);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useUiState<T>(select: (s: UiState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state));
}
