import { useRef } from 'react';

/**
 * Focus back on a header menu's button when the menu closes from the keyboard (Escape) while focus is inside it.
 * antd's dropdown means to do this but loses the focus again while its popup hides; without it a keyboard user is
 * dropped at the page's start. Closing by a click elsewhere leaves focus where the click put it.
 */
export function useMenuFocusReturn<T extends HTMLElement = HTMLButtonElement>() {
  const trigger = useRef<T>(null);
  const onOpenChange = (open: boolean, info?: { source: 'trigger' | 'menu' }) => {
    const focused = document.activeElement;
    if (!open && info?.source !== 'menu' && (focused === trigger.current || focused?.closest('.ant-dropdown'))) {
      requestAnimationFrame(() => trigger.current?.focus());
    }
  };
  return { trigger, onOpenChange };
}
