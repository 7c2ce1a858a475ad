import { THEME_CHOICES } from '@portal/domain';
import { Button, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useChooseTheme } from '../app/AppTheme';
import { useConfig, useCurrentUser } from '../auth/queries';
import { useAbility } from '../auth/useAbility';
import { useSignOut } from '../auth/useSignOut';
import { LazyDropdown } from '../components/LazyOverlay';
import { SpriteIcon } from '../components/SpriteIcon/SpriteIcon';
import { initials } from './initials';
import { useMenuFocusReturn } from './useMenuFocusReturn';

// Loaded when first opened: its form is not part of the first screen's JS.
const ReportBugModal = lazy(() => import('./ReportBugModal').then((m) => ({ default: m.ReportBugModal })));

const THEME_LABELS = { system: 'System', light: 'Light', dark: 'Dark' } as const;

export function ProfileMenu({ compact }: { compact: boolean }) {
  const user = useCurrentUser().data;
  const config = useConfig();
  const ability = useAbility();
  const signOut = useSignOut();
  const [bugOpen, setBugOpen] = useState(false);
  const chooseTheme = useChooseTheme();
  const { trigger, onOpenChange } = useMenuFocusReturn();
  if (!user) {
    return null;
  }

  const external = (key: string, label: string, href: string | null | undefined, icon: React.ReactNode) =>
    href && ability.isRegularUser
      ? [
          {
            key,
            icon,
            label: (
              <a href={href} target="_blank" rel="noopener noreferrer" data-testid={`profile-${key}`}>
                {label}
              </a>
            ),
          },
        ]
      : [];

  const items: MenuProps['items'] = [
    {
      key: 'profile',
      icon: <SpriteIcon name="UserOutlined" />,
      label: (
        <Link to={`/users/${user.contact.uuid}`} data-testid="profile-profile">
          Profile
        </Link>
      ),
    },
    ...external('guides', 'Guides', config?.guides_url, <SpriteIcon name="ReadOutlined" />),
    ...external('time-off', 'Request time off', config?.time_off_url, <SpriteIcon name="CalendarOutlined" />),
    { type: 'divider' },
    {
      // A group, not a submenu: the three choices show as soon as the menu opens, on a phone as on a desktop (a
      // submenu opens on hover, which a touch screen only imitates).
      key: 'theme',
      type: 'group',
      label: (
        <span data-testid="profile-theme">
          <SpriteIcon name="BgColorsOutlined" /> Theme
        </span>
      ),
      children: THEME_CHOICES.map((choice) => ({
        key: `theme:${choice}`,
        // The tick, not colour alone, shows the current choice; menuitemradio tells screen readers the same.
        icon:
          user.preferences.theme === choice ? (
            <SpriteIcon name="CheckOutlined" />
          ) : (
            <span className="menu-icon-space" />
          ),
        role: 'menuitemradio',
        'aria-checked': user.preferences.theme === choice,
        label: <span data-testid={`profile-theme-${choice}`}>{THEME_LABELS[choice]}</span>,
      })),
    },
    { type: 'divider' },
    {
      key: 'report-bug',
      icon: <SpriteIcon name="BugOutlined" />,
      label: <span data-testid="profile-report-bug">Report bug</span>,
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <SpriteIcon name="LogoutOutlined" />,
      label: <span data-testid="profile-logout">Logout</span>,
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('theme:')) {
      const theme = THEME_CHOICES.find((choice) => key === `theme:${choice}`);
      if (theme) {
        chooseTheme.mutate({ contactUuid: user.contact.uuid, theme });
      }
    } else if (key === 'report-bug') {
      setBugOpen(true);
    } else if (key === 'logout') {
      void signOut();
    }
  };

  return (
    <>
      {/* autoFocus: the open menu takes focus, so arrows pick an entry; Escape closes it and focus returns. */}
      <LazyDropdown
        menu={{ items, onClick }}
        trigger={['click']}
        placement="bottomRight"
        autoFocus
        onOpenChange={onOpenChange}
      >
        <Button
          ref={trigger}
          type="text"
          className="profile-trigger"
          data-testid="profile-menu"
          aria-label="Profile menu"
        >
          <span className="profile-avatar" aria-hidden="true">
            {initials(user.name)}
          </span>
          {compact ? null : <span className="profile-name">{user.name}</span>}
        </Button>
      </LazyDropdown>
      {bugOpen ? (
        <Suspense fallback={null}>
          <ReportBugModal open={bugOpen} onClose={() => setBugOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
