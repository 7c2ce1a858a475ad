import { useSyncExternalStore } from 'react';

/**
 * Whether the command palette is open: one flag shared by the header's button, the phone drawer's button and the
 * Ctrl/Cmd+K shortcut, so whichever opens it, the same palette shows.
 */
let open = false;
const listeners = new Set<() => void>();

export function setPaletteOpen(next: boolean): void {
  if (next === open) {
    return;
  }
  open = next;
  for (const listener of listeners) {
    listener();
  }
}

export function usePaletteOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}

type ShortcutKey = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** Ctrl+K or Cmd+K, wherever the focus is (in a text field too, as in other apps' palettes). */
export function isPaletteShortcut(event: ShortcutKey): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}
