import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useAbility } from '../auth/useAbility';
import { LazyDropdown } from '../components/LazyOverlay';
import { SpriteIcon } from '../components/SpriteIcon/SpriteIcon';
import { visibleNewMenu } from './navigation';
import { useMenuFocusReturn } from './useMenuFocusReturn';

/** The header's New menu; hidden when it has nothing to offer this user (see NEW_MENU). */
export function NewMenu({ compact = false }: { compact?: boolean }) {
  const ability = useAbility();
  const navigate = useNavigate();
  const entries = visibleNewMenu(ability);
  const { trigger, onOpenChange } = useMenuFocusReturn();
  if (entries.length === 0) {
    return null;
  }
  return (
    <LazyDropdown
      trigger={['click']}
      // Focus moves into the menu when it opens, so arrows pick an entry; Escape closes it and focus returns.
      autoFocus
      onOpenChange={onOpenChange}
      menu={{
        items: entries.map((entry) => ({ key: entry.key, label: <span data-testid={entry.key}>{entry.label}</span> })),
        onClick: ({ key }) => {
          const entry = entries.find((e) => e.key === key);
          if (entry) {
            void navigate(entry.to);
          }
        },
      }}
    >
      <Button
        ref={trigger}
        type="primary"
        icon={<SpriteIcon name="PlusOutlined" />}
        data-testid="new-menu"
        aria-label={compact ? 'New' : undefined}
      >
        {compact ? null : 'New'}
      </Button>
    </LazyDropdown>
  );
}
