import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A global modal driven by a query parameter (doc 1 §2: client_uuid=<uuid>|create, and plan, invite, user=create):
 * its value, a setter that keeps the rest of the address, and close, which drops the parameter.
 */
export function useModalParam(name: string) {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const set = useCallback(
    (next: string | null, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next === null) {
            copy.delete(name);
          } else {
            copy.set(name, next);
          }
          return copy;
        },
        { replace: options.replace },
      );
    },
    [name, setParams],
  );
  const close = useCallback(() => set(null), [set]);
  return { value, set, close };
}
