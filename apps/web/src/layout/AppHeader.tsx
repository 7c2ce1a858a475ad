import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { Link } from 'react-router';
import { DEFAULT_APP_NAME, useConfig } from '../auth/queries';
import { HeaderSearch } from './HeaderSearch';
import { HelpMenu } from './HelpMenu';
import { NewMenu } from './NewMenu';
import { ProfileMenu } from './ProfileMenu';
import { PaletteButton } from './palette/PaletteLauncher';
import { ActiveTimerSlot, NotificationBellSlot, WeeklyHoursSlot } from './slots';

export function AppHeader({ narrow, onOpenMenu }: { narrow: boolean; onOpenMenu: () => void }) {
  const config = useConfig();
  const appName = config?.app_name ?? DEFAULT_APP_NAME;
  return (
    <Layout.Header className="app-header">
      <Link to="/" className="app-logo" data-testid="logo" aria-label={`${appName} dashboard`}>
        <img src="/logo.svg" alt="" width={28} height={28} />
        {narrow ? null : <span>{appName}</span>}
      </Link>
      <HeaderSearch narrow={narrow} />
      {/* On a phone the palette opens from the menu drawer: the header has no room left. */}
      {narrow ? null : <PaletteButton />}
      <div className="app-header-actions">
        <WeeklyHoursSlot />
        <ActiveTimerSlot />
        <NotificationBellSlot />
        <NewMenu compact={narrow} />
        {narrow ? null : <HelpMenu />}
        <ProfileMenu compact={narrow} />
      </div>
      {/* Outside the actions and never shrunk: whatever the widgets measure, the menu stays on screen. */}
      {narrow ? (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label="Open menu"
          data-testid="menu-toggle"
          className="menu-toggle"
          onClick={onOpenMenu}
        />
      ) : null}
    </Layout.Header>
  );
}
