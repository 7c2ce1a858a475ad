import { useEffect, useRef } from 'react';

/** Whether the key press is typed into something (where '/' is a character, not a shortcut). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) {
    return false;
  }
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Ctrl+K / Cmd+K anywhere, or '/' outside a text field, calls `onTrigger` (focus the global search). */
export function useSearchShortcut(onTrigger: () => void) {
  const handler = useRef(onTrigger);
  handler.current = onTrigger;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const commandK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target);
      if (commandK || slash) {
        event.preventDefault();
        handler.current();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
