import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Below 768 px the sidebar gives way to a drawer (doc 1 §2). */
export function useIsNarrow(): boolean {
  return useMediaQuery('(max-width: 767.98px)');
}
