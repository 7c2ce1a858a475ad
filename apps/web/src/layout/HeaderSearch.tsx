import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { SpriteIcon } from '../components/SpriteIcon/SpriteIcon';
import { GlobalSearch } from '../search/GlobalSearch';
import { useSearchShortcut } from '../search/useSearchShortcut';

/**
 * The header's search. On a phone the box alone would push the header's actions off screen, so it collapses to an
 * icon that opens the same search over the full width of the header (so does '/'); Escape or the close
 * button folds it again.
 */
export function HeaderSearch({ narrow }: { narrow: boolean }) {
  const [open, setOpen] = useState(false);
  const overlay = useRef<HTMLDivElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (open) {
      overlay.current?.querySelector('input')?.focus();
    }
  }, [open]);
  // A chosen result (click or Enter) navigates; the overlay then has nothing left to show.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new location
  useEffect(() => {
    setOpen(false);
  }, [narrow, location.key]);

  // Folded, the search box is not mounted and so not listening: the shortcut unfolds it (the effect above focuses
  // the box); unfolded, the box's own listener takes over.
  useSearchShortcut(() => setOpen(true), narrow && !open);

  if (!narrow) {
    return <GlobalSearch />;
  }
  if (!open) {
    return (
      <Button
        type="text"
        icon={<SpriteIcon name="SearchOutlined" />}
        aria-label="Open search"
        data-testid="search-toggle"
        onClick={() => setOpen(true)}
      />
    );
  }
  return (
    <div
      ref={overlay}
      className="header-search-overlay"
      role="dialog"
      aria-label="Search"
      data-testid="search-overlay"
      // Capture: the search box keeps Escape to itself; here it folds the whole overlay.
      onKeyDownCapture={(event) => {
        if (event.key === 'Escape') {
          setOpen(false);
        }
      }}
    >
      <GlobalSearch />
      <Button
        type="text"
        icon={<SpriteIcon name="CloseOutlined" />}
        aria-label="Close search"
        onClick={() => setOpen(false)}
      />
    </div>
  );
}
