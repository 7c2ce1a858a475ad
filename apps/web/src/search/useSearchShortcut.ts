import { useEffect, useRef } from 'react';

type ShortcutKey = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>;

/** Whether the key press is typed into something (where '/' is a character, not a shortcut). */
function isTyping(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) {
    return false;
  }
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Ctrl+K / Cmd+K anywhere, or '/' outside a text field: the key that opens the global search. */
export function isSearchShortcut(event: ShortcutKey): boolean {
  const commandK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
  const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target);
  return commandK || slash;
}

/** Calls `onTrigger` (open and focus the global search) on the search shortcut; `enabled` false leaves keys alone. */
export function useSearchShortcut(onTrigger: () => void, enabled = true) {
  const handler = useRef(onTrigger);
  handler.current = onTrigger;
  useEffect(() => {
    if (!enabled) {
      return;
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (isSearchShortcut(event)) {
        event.preventDefault();
        handler.current();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
