import { versionLabel } from '@portal/domain';
import { Drawer, Layout } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { GlobalModals } from '../features/GlobalModals';
import { ErrorBoundary } from '../shell/ErrorBoundary';
import { AppHeader } from './AppHeader';
import { HelpMenu } from './HelpMenu';
import { NavMenu } from './NavMenu';
import { SmsPromptSlot } from './slots';
import { useIsNarrow } from './useMediaQuery';

/** The signed-in shell: header, the sidebar on wide screens and a right drawer below 768 px (doc 1 §2). */
export function AppLayout({ children }: { children: ReactNode }) {
  const narrow = useIsNarrow();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!narrow) {
      setDrawerOpen(false);
    }
  }, [narrow]);

  return (
    <Layout className="app-layout">
      <AppHeader narrow={narrow} onOpenMenu={() => setDrawerOpen(true)} />
      <Layout>
        {narrow ? null : (
          <Layout.Sider width={220} theme="light" className="app-sider" data-testid="sidebar">
            <NavMenu />
          </Layout.Sider>
        )}
        <Layout.Content className="app-content">
          <SmsPromptSlot />
          {/* Keyed by path: a screen that crashed recovers when the user navigates elsewhere. */}
          <ErrorBoundary key={pathname}>{children}</ErrorBoundary>
          <ErrorBoundary>
            <GlobalModals />
          </ErrorBoundary>
        </Layout.Content>
      </Layout>
      {narrow ? (
        <Drawer placement="right" open={drawerOpen} onClose={() => setDrawerOpen(false)} size={280} title="Menu">
          <div data-testid="nav-drawer" className="nav-drawer">
            <NavMenu onNavigate={() => setDrawerOpen(false)} />
            <HelpMenu inline />
            <span className="version-line">
              Version <span data-testid="version-label">{versionLabel(__BUILD_HASH__)}</span>
            </span>
          </div>
        </Drawer>
      ) : null}
    </Layout>
  );
}
