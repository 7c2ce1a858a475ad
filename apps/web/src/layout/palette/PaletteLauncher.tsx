import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { SpriteIcon } from '../../components/SpriteIcon/SpriteIcon';
import { isPaletteShortcut, setPaletteOpen, usePaletteOpen } from './paletteState';
import { useRecentTracker } from './useRecentTracker';

// cmdk and the palette load when it is first opened: the first screen never needs them.
const CommandPalette = lazy(() => import('./CommandPalette').then((m) => ({ default: m.CommandPalette })));

/** Opens the command palette: beside the header's search on wide screens, at the top of the phone's menu drawer. */
export function PaletteButton({ block = false, onOpen }: { block?: boolean; onOpen?: () => void }) {
  return (
    <Button
      type={block ? 'default' : 'text'}
      block={block}
      icon={<SpriteIcon name="MacCommandOutlined" />}
      aria-label={block ? undefined : 'Go to (Ctrl+K)'}
      aria-haspopup="dialog"
      aria-keyshortcuts="Control+K Meta+K"
      title="Go to (Ctrl/Cmd+K)"
      data-testid="palette-button"
      onClick={() => {
        onOpen?.();
        setPaletteOpen(true);
      }}
    >
      {block ? 'Go to…' : null}
    </Button>
  );
}

/**
 * Mounted once in the signed-in layout: listens for Ctrl/Cmd+K, keeps the recent list, and renders the palette from
 * its first opening on (so it can animate closed). antd's modal returns focus to whatever had it before.
 */
export function CommandPaletteHost() {
  const open = usePaletteOpen();
  const [used, setUsed] = useState(false);
  useRecentTracker();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isPaletteShortcut(event)) {
        event.preventDefault();
        setPaletteOpen(!open);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  useEffect(() => {
    if (open) {
      setUsed(true);
    }
  }, [open]);
  // Leaving the signed-in layout (sign-out) leaves no palette open for the next person.
  useEffect(() => () => setPaletteOpen(false), []);

  if (!used) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <CommandPalette open={open} onClose={() => setPaletteOpen(false)} />
    </Suspense>
  );
}
