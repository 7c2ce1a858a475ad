import { useEffect, useRef } from 'react';

type ShortcutKey = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>;

/** Whether the key press is typed into something (where '/' is a character, not a shortcut). */
function isTyping(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) {
    return false;
  }
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * '/' outside a text field: the key that opens the global search. Ctrl/Cmd+K opens the command palette instead
 * (layout/palette), which goes to screens, recent items and actions beside this search.
 */
export function isSearchShortcut(event: ShortcutKey): boolean {
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target);
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
