import { useLayoutEffect, useRef } from 'react';

/**
 * Gives focus back to whatever opened a dialog or drawer once it closes. The address-driven modals (GlobalModals)
 * unmount on close, so antd's own focus return — which needs the component to live through its closing — never
 * runs, and focus would fall to the page's start. `open` turning true records the focused element (the opener, since
 * the lazily loaded dialog has not taken focus yet); turning false focuses it again if it is still on the page.
 */
export function useReturnFocus(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      opener.current ??= document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      target.focus({ preventScroll: true });
    }
  }, [open]);
}
