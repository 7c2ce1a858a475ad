import { useSearchParams } from 'react-router';
import { TASK_PARAMS } from './useTaskParam';

/** Opens the drawer on another task (or the creator), dropping the creator's parameters. */
export function useOpenTask() {
  const [, setParams] = useSearchParams();
  return (uuid: string, extra: Record<string, string> = {}, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of TASK_PARAMS) {
          next.delete(name);
        }
        next.set('task_uuid', uuid);
        for (const [key, value] of Object.entries(extra)) {
          next.set(key, value);
        }
        return next;
      },
      { replace },
    );
}
