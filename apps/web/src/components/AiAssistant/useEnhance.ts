import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../api/errors';
import { type EnhanceRequest, streamEnhance } from './enhanceStream';

export type EnhanceState =
  | { status: 'idle' }
  | { status: 'streaming'; text: string }
  | { status: 'done'; text: string }
  | { status: 'error'; message: string; text: string };

/** One suggestion at a time: start streams it, cancel (or unmount) stops it, reset forgets it. */
export function useEnhance() {
  const [state, setState] = useState<EnhanceState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  const start = useCallback(
    async (request: EnhanceRequest) => {
      cancel();
      const controller = new AbortController();
      running.current = controller;
      setState({ status: 'streaming', text: '' });
      let latest = '';
      try {
        const text = await streamEnhance(
          request,
          (soFar) => {
            latest = soFar;
            setState({ status: 'streaming', text: soFar });
          },
          controller.signal,
        );
        setState({ status: 'done', text: text.trim() });
      } catch (error) {
        if (isAbortError(error)) {
          setState({ status: 'idle' });
          return;
        }
        setState({ status: 'error', message: (error as Error).message, text: latest });
      } finally {
        if (running.current === controller) {
          running.current = null;
        }
      }
    },
    [cancel],
  );

  const reset = useCallback(() => {
    cancel();
    setState({ status: 'idle' });
  }, [cancel]);

  return { state, start, cancel, reset };
}
