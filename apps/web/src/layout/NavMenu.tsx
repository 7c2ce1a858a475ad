import {
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  BulbOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  ContactsOutlined,
  DashboardOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  FundOutlined,
  HistoryOutlined,
  IdcardOutlined,
  MailOutlined,
  MessageOutlined,
  PieChartOutlined,
  ProfileOutlined,
  RocketOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SnippetsOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useConfig, useCurrentUser } from '../auth/queries';
import { useAbility } from '../auth/useAbility';
import { ROUTES } from '../routes/routeTable';
import { SIDEBAR, type VisibleNavEntry, type VisibleNavGroup, visibleNavigation } from './navigation';
import { browserStorage, isString, readPersonalList, writePersonalList } from './personalStore';
import { NavBadgeSlot } from './slots';

// Screens that land later bring their icon with them; until then an entry without one simply has none.
const ICONS: Record<string, ReactNode> = {
  work: <AppstoreOutlined />,
  'client-work': <ShopOutlined />,
  marketing: <FundOutlined />,
  reports: <PieChartOutlined />,
  admin: <SettingOutlined />,
  dashboard: <DashboardOutlined />,
  mentions: <MessageOutlined />,
  tasks: <CheckSquareOutlined />,
  'personal-tasks': <ProfileOutlined />,
  requests: <FileTextOutlined />,
  assistant: <BulbOutlined />,
  clients: <ShopOutlined />,
  customers: <SolutionOutlined />,
  plans: <FolderOutlined />,
  contacts: <ContactsOutlined />,
  onboarding: <RocketOutlined />,
  orders: <ShoppingCartOutlined />,
  forms: <FormOutlined />,
  'reports-overview': <PieChartOutlined />,
  timelog: <ClockCircleOutlined />,
  'project-time': <FieldTimeOutlined />,
  'users-report': <BarChartOutlined />,
  users: <UserOutlined />,
  roles: <SafetyOutlined />,
  groups: <TeamOutlined />,
  services: <IdcardOutlined />,
  'product-types': <TagsOutlined />,
  'comment-templates': <SnippetsOutlined />,
  administration: <BankOutlined />,
  webhooks: <ApiOutlined />,
  'email-logs': <MailOutlined />,
  'activity-log': <HistoryOutlined />,
};

type MenuItem = Required<MenuProps>['items'][number];

function entryItem(entry: VisibleNavEntry, onNavigate?: () => void): MenuItem {
  return {
    key: entry.key,
    icon: ICONS[entry.key],
    label: (
      <Link to={entry.path} data-testid={`nav-${entry.key}`} onClick={onNavigate}>
        {entry.label}
        {entry.badge ? <NavBadgeSlot kind={entry.badge} /> : null}
      </Link>
    ),
  };
}

function groupItem(group: VisibleNavGroup, onNavigate?: () => void): MenuItem {
  return {
    key: group.key,
    icon: ICONS[group.key],
    label: <span data-testid={`nav-${group.key}`}>{group.label}</span>,
    children: group.entries.map((entry) => entryItem(entry, onNavigate)),
  };
}

/** The entry whose path is the longest prefix of the current location. */
function selectedKey(groups: VisibleNavGroup[], pathname: string): string | undefined {
  let best: { key: string; length: number } | undefined;
  for (const entry of groups.flatMap((group) => group.entries)) {
    const path = entry.path;
    const matches = path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
    if (matches && (!best || path.length > best.length)) {
      best = { key: entry.key, length: path.length };
    }
  }
  return best?.key;
}

const COLLAPSED = 'nav-collapsed';

/**
 * The groups this person folded, remembered in this browser. Folded ones are stored rather than open ones, so a
 * group that appears later (a new screen, a new permission) starts open.
 */
function useCollapsedGroups(): [string[], (keys: string[]) => void] {
  const personUuid = useCurrentUser().data?.uuid ?? '';
  const [collapsed, setCollapsed] = useState(() => readPersonalList(browserStorage(), COLLAPSED, personUuid, isString));
  return [
    collapsed,
    (keys) => {
      setCollapsed(keys);
      writePersonalList(browserStorage(), COLLAPSED, personUuid, keys);
    },
  ];
}

/**
 * The sidebar (doc 1 §2), used by the wide-screen sider and the phone's drawer: the screens this person may open,
 * grouped, each group folding and unfolding as they left it.
 */
export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const ability = useAbility();
  const config = useConfig();
  const { pathname } = useLocation();
  // Until the config arrives the assistant counts as unconfigured, so it never flashes in and out.
  const groups = visibleNavigation(ability, SIDEBAR, ROUTES, { aiEnabled: config?.ai_enabled ?? false });
  const selected = selectedKey(groups, pathname);
  const [collapsed, setCollapsed] = useCollapsedGroups();
  const groupKeys = groups.map((group) => group.key);
  return (
    <Menu
      mode="inline"
      aria-label="Main navigation"
      selectedKeys={selected ? [selected] : []}
      openKeys={groupKeys.filter((key) => !collapsed.includes(key))}
      onOpenChange={(open) => {
        // Groups this person cannot see now keep their remembered state.
        const hidden = collapsed.filter((key) => !groupKeys.includes(key));
        setCollapsed([...hidden, ...groupKeys.filter((key) => !open.includes(key))]);
      }}
      items={groups.map((group) => groupItem(group, onNavigate))}
    />
  );
}
