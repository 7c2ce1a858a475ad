import { versionLabel } from '@portal/domain';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { GlobalModals } from '../features/GlobalModals';
import { ErrorBoundary } from '../shell/ErrorBoundary';
import { AppHeader } from './AppHeader';
import { HelpMenu } from './HelpMenu';
import { NavMenu } from './NavMenu';
import { CommandPaletteHost, PaletteButton } from './palette/PaletteLauncher';
import { useIsNarrow } from './useMediaQuery';

// The phone's menu drawer loads when it is first opened: wide screens never need it.
const Drawer = lazy(() => import('antd/es/drawer'));

/** The signed-in shell: header, the sidebar on wide screens and a right drawer below 768 px (doc 1 §2). */
export function AppLayout({ children }: { children: ReactNode }) {
  const narrow = useIsNarrow();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!narrow) {
      setDrawerOpen(false);
    }
  }, [narrow]);

  return (
    // Plain elements laid out by styles.css (.app-layout): antd's Layout adds nothing a flex box does not.
    <div className="app-layout">
      <AppHeader
        narrow={narrow}
        onOpenMenu={() => {
          setDrawerUsed(true);
          setDrawerOpen(true);
        }}
      />
      <div className="app-body">
        {narrow ? null : (
          <aside className="app-sider" data-testid="sidebar">
            <NavMenu />
          </aside>
        )}
        <main className="app-content">
          {/* Keyed by path: a screen that crashed recovers when the user navigates elsewhere. */}
          <ErrorBoundary key={pathname}>{children}</ErrorBoundary>
          <ErrorBoundary>
            <GlobalModals />
          </ErrorBoundary>
          <ErrorBoundary>
            <CommandPaletteHost />
          </ErrorBoundary>
        </main>
      </div>
      {narrow && drawerUsed ? (
        <Suspense fallback={null}>
          <Drawer placement="right" open={drawerOpen} onClose={() => setDrawerOpen(false)} size={280} title="Menu">
            <div data-testid="nav-drawer" className="nav-drawer">
              <div className="nav-drawer-palette">
                <PaletteButton block onOpen={() => setDrawerOpen(false)} />
              </div>
              <NavMenu onNavigate={() => setDrawerOpen(false)} />
              <HelpMenu inline />
              <span className="version-line">
                Version <span data-testid="version-label">{versionLabel(__BUILD_HASH__)}</span>
              </span>
            </div>
          </Drawer>
        </Suspense>
      ) : null}
    </div>
  );
}
