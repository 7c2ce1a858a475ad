import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { GlobalSearch } from '../search/GlobalSearch';

/**
 * The header's search. On a phone the box alone would push the header's actions off screen, so it collapses to an
 * icon that opens the same search over the full width of the header; Escape or the close button folds it again.
 */
export function HeaderSearch({ narrow }: { narrow: boolean }) {
  const [open, setOpen] = useState(false);
  const overlay = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) {
      overlay.current?.querySelector('input')?.focus();
    }
  }, [open]);
  useEffect(() => {
    if (!narrow) {
      setOpen(false);
    }
  }, [narrow]);

  if (!narrow) {
    return <GlobalSearch />;
  }
  if (!open) {
    return (
      <Button
        type="text"
        icon={<SearchOutlined />}
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
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          setOpen(false);
        }
      }}
      onClick={(event) => {
        // A chosen result navigates; the overlay then has nothing left to show.
        if ((event.target as HTMLElement).closest('a')) {
          setOpen(false);
        }
      }}
    >
      <GlobalSearch />
      <Button type="text" icon={<CloseOutlined />} aria-label="Close search" onClick={() => setOpen(false)} />
    </div>
  );
}
