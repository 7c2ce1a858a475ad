import {
  BarChartOutlined,
  BulbOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FolderOutlined,
  HistoryOutlined,
  MailOutlined,
  MessageOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useAbility } from '../auth/useAbility';
import { type NavEntry, visibleNavigation } from './navigation';
import { NavBadgeSlot } from './slots';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  mentions: <MessageOutlined />,
  tasks: <CheckSquareOutlined />,
  plans: <FolderOutlined />,
  timelog: <ClockCircleOutlined />,
  requests: <FileTextOutlined />,
  admin: <SettingOutlined />,
  users: <UserOutlined />,
  'users-report': <BarChartOutlined />,
  groups: <TeamOutlined />,
  assistant: <BulbOutlined />,
  'email-logs': <MailOutlined />,
  'activity-log': <HistoryOutlined />,
};

type MenuItem = Required<MenuProps>['items'][number];

function toMenuItem(entry: NavEntry, onNavigate?: () => void): MenuItem {
  if (entry.children) {
    return {
      key: entry.key,
      icon: ICONS[entry.key],
      label: <span data-testid={`nav-${entry.key}`}>{entry.label}</span>,
      children: entry.children.map((child) => toMenuItem(child, onNavigate)),
    };
  }
  return {
    key: entry.key,
    icon: ICONS[entry.key],
    label: (
      <Link to={entry.path ?? '/'} data-testid={`nav-${entry.key}`} onClick={onNavigate}>
        {entry.label}
        {entry.badge ? <NavBadgeSlot kind={entry.badge} /> : null}
      </Link>
    ),
  };
}

/** The entry whose path is the longest prefix of the current location. */
function selectedKey(entries: NavEntry[], pathname: string): string | undefined {
  let best: { key: string; length: number } | undefined;
  for (const entry of entries.flatMap((e) => e.children ?? [e])) {
    const path = entry.path;
    if (!path) {
      continue;
    }
    const matches = path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
    if (matches && (!best || path.length > best.length)) {
      best = { key: entry.key, length: path.length };
    }
  }
  return best?.key;
}

/** The sidebar entries the user may see (doc 1 §2), used by the sidebar and by the narrow-screen drawer. */
export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const ability = useAbility();
  const { pathname } = useLocation();
  const entries = visibleNavigation(ability);
  const selected = selectedKey(entries, pathname);
  return (
    <Menu
      mode="inline"
      aria-label="Main navigation"
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={['admin']}
      items={entries.map((entry) => toMenuItem(entry, onNavigate))}
    />
  );
}
