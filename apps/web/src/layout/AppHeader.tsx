import { Button } from 'antd';
import { Link } from 'react-router';
import { DEFAULT_APP_NAME, useConfig } from '../auth/queries';
import { SpriteIcon } from '../components/SpriteIcon/SpriteIcon';
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
    <header className="app-header">
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
          icon={<SpriteIcon name="MenuOutlined" />}
          aria-label="Open menu"
          data-testid="menu-toggle"
          className="menu-toggle"
          onClick={onOpenMenu}
        />
      ) : null}
    </header>
  );
}
