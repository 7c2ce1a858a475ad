/**
 * Things the API client notices that the whole app must react to. The client stays free of React: it emits, and
 * components in the shell (ApiEventsBridge) listen.
 */
export type ApiEvent =
  | 'unauthorized' // 401: the token was cleared
  | 'maintenance' // 503
  | 'version-mismatch'; // 400 invalid_api_version

type Listener = () => void;

export interface ApiEvents {
  on(event: ApiEvent, listener: Listener): () => void;
  emit(event: ApiEvent): void;
}

export function createApiEvents(): ApiEvents {
  const listeners = new Map<ApiEvent, Set<Listener>>();
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => {
        set.delete(listener);
      };
    },
    emit(event) {
      for (const listener of listeners.get(event) ?? []) {
        listener();
      }
    },
  };
}
