import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useConfig, useCurrentUser } from '../auth/queries';
import { useAbility } from '../auth/useAbility';
import { SpriteIcon } from '../components/SpriteIcon/SpriteIcon';
import type { SpriteIconName } from '../components/SpriteIcon/spriteIcons';
import { ROUTES } from '../routes/routeTable';
import { SIDEBAR, type VisibleNavEntry, type VisibleNavGroup, visibleNavigation } from './navigation';
import { browserStorage, isString, readPersonalList, writePersonalList } from './personalStore';
import { NavBadgeSlot } from './slots';
import './nav-menu.css';

// Screens that land later bring their icon with them; until then an entry without one simply has none.
const ICONS: Record<string, SpriteIconName> = {
  work: 'AppstoreOutlined',
  'client-work': 'ShopOutlined',
  marketing: 'FundOutlined',
  reports: 'PieChartOutlined',
  admin: 'SettingOutlined',
  dashboard: 'DashboardOutlined',
  mentions: 'MessageOutlined',
  tasks: 'CheckSquareOutlined',
  'personal-tasks': 'ProfileOutlined',
  requests: 'FileTextOutlined',
  assistant: 'BulbOutlined',
  clients: 'ShopOutlined',
  customers: 'SolutionOutlined',
  plans: 'FolderOutlined',
  contacts: 'ContactsOutlined',
  onboarding: 'RocketOutlined',
  orders: 'ShoppingCartOutlined',
  forms: 'FormOutlined',
  'reports-overview': 'PieChartOutlined',
  timelog: 'ClockCircleOutlined',
  'project-time': 'FieldTimeOutlined',
  'users-report': 'BarChartOutlined',
  users: 'UserOutlined',
  roles: 'SafetyOutlined',
  groups: 'TeamOutlined',
  services: 'IdcardOutlined',
  'product-types': 'TagsOutlined',
  'comment-templates': 'SnippetsOutlined',
  administration: 'BankOutlined',
  webhooks: 'ApiOutlined',
  'email-logs': 'MailOutlined',
  'activity-log': 'HistoryOutlined',
};

/** A group's or entry's icon from the sprite; empty for one that has none yet. */
function NavIcon({ navKey }: { navKey: string }) {
  const name = ICONS[navKey];
  return <span className="nav-icon">{name ? <SpriteIcon name={name} /> : null}</span>;
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

function NavGroup({
  group,
  open,
  selected,
  onToggle,
  onNavigate,
}: {
  group: VisibleNavGroup;
  open: boolean;
  selected: string | undefined;
  onToggle(): void;
  onNavigate?: () => void;
}) {
  const listId = useId();
  return (
    <li className="nav-group">
      <button
        type="button"
        className="nav-item nav-group-title"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
        data-testid={`nav-${group.key}`}
      >
        <NavIcon navKey={group.key} />
        <span className="nav-label">{group.label}</span>
        <span className="nav-arrow" aria-hidden="true" />
      </button>
      {open ? (
        <ul id={listId} className="nav-entries">
          {group.entries.map((entry) => (
            <li key={entry.key}>
              <NavEntry entry={entry} selected={entry.key === selected} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function NavEntry({
  entry,
  selected,
  onNavigate,
}: {
  entry: VisibleNavEntry;
  selected: boolean;
  onNavigate?: () => void;
}) {
  return (
    <Link
      to={entry.path}
      className={selected ? 'nav-item nav-entry nav-selected' : 'nav-item nav-entry'}
      aria-current={selected ? 'page' : undefined}
      data-testid={`nav-${entry.key}`}
      onClick={onNavigate}
    >
      <NavIcon navKey={entry.key} />
      <span className="nav-label">{entry.label}</span>
      {entry.badge ? <NavBadgeSlot kind={entry.badge} /> : null}
    </Link>
  );
}

/**
 * The sidebar (doc 1 §2), used by the wide-screen sider and the phone's drawer: the screens this person may open,
 * grouped, each group folding and unfolding as they left it. Plain links and disclosure buttons drawn like antd's
 * inline Menu (layout/nav-menu.css): antd's Menu with its overflow and tooltip machinery was ~25 KB gzipped of the
 * first download of / (issue 24), for a list of links.
 */
export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const ability = useAbility();
  const config = useConfig();
  const { pathname } = useLocation();
  // Until the config arrives the assistant counts as unconfigured, so it never flashes in and out.
  const groups = visibleNavigation(ability, SIDEBAR, ROUTES, { aiEnabled: config?.ai_enabled ?? false });
  const selected = selectedKey(groups, pathname);
  const [collapsed, setCollapsed] = useCollapsedGroups();
  return (
    <nav aria-label="Main navigation" className="nav-menu">
      <ul className="nav-groups">
        {groups.map((group) => {
          const open = !collapsed.includes(group.key);
          return (
            <NavGroup
              key={group.key}
              group={group}
              open={open}
              selected={selected}
              onNavigate={onNavigate}
              // Groups this person cannot see now keep their remembered state.
              onToggle={() =>
                setCollapsed(open ? [...collapsed, group.key] : collapsed.filter((key) => key !== group.key))
              }
            />
          );
        })}
      </ul>
    </nav>
  );
}
