import { Button, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useConfig } from '../auth/queries';
import { useAbility } from '../auth/useAbility';
import { LazyDropdown } from '../components/LazyOverlay';
import { SpriteIcon } from '../components/SpriteIcon/SpriteIcon';
import { useMenuFocusReturn } from './useMenuFocusReturn';

const KeyboardShortcutsModal = lazy(() =>
  import('../features/help/KeyboardShortcutsModal').then((m) => ({ default: m.KeyboardShortcutsModal })),
);
const WhatsNewModal = lazy(() => import('../features/help/WhatsNewModal').then((m) => ({ default: m.WhatsNewModal })));

/**
 * The header's help area (doc 1 §2): the guides (staff), keyboard shortcuts and what's new in this version. On a
 * phone the header has no room for it, so the menu drawer lists the same entries (`inline`).
 */
export function HelpMenu({ inline = false }: { inline?: boolean }) {
  const config = useConfig();
  const ability = useAbility();
  const [open, setOpen] = useState<'shortcuts' | 'whats-new' | null>(null);
  const { trigger, onOpenChange } = useMenuFocusReturn();
  // The menu that opened the dialog is gone by the time it closes, so focus goes back to the help button itself —
  // after the dialog's own unmount, which would otherwise restore focus to the hidden menu entry.
  const close = () => {
    setOpen(null);
    setTimeout(() => trigger.current?.focus(), 0);
  };
  const guides = config?.guides_url && ability.isRegularUser ? config.guides_url : null;

  const items: MenuProps['items'] = [
    ...(guides
      ? [
          {
            key: 'guides',
            icon: <SpriteIcon name="ReadOutlined" />,
            label: (
              <a href={guides} target="_blank" rel="noopener noreferrer" data-testid="help-guides">
                Guides
              </a>
            ),
          },
        ]
      : []),
    {
      key: 'shortcuts',
      icon: <span aria-hidden>⌨</span>,
      label: <span data-testid="help-shortcuts">Keyboard shortcuts</span>,
    },
    {
      key: 'whats-new',
      icon: <SpriteIcon name="RocketOutlined" />,
      label: <span data-testid="help-whats-new">What's new</span>,
    },
  ];

  const modal = open ? (
    <Suspense fallback={null}>
      {open === 'shortcuts' ? <KeyboardShortcutsModal onClose={close} /> : <WhatsNewModal onClose={close} />}
    </Suspense>
  ) : null;

  if (inline) {
    return (
      <nav className="help-inline" aria-label="Help">
        {guides ? (
          <a href={guides} target="_blank" rel="noopener noreferrer">
            Guides
          </a>
        ) : null}
        <button type="button" className="link-button" onClick={() => setOpen('shortcuts')}>
          Keyboard shortcuts
        </button>
        <button type="button" className="link-button" onClick={() => setOpen('whats-new')} data-testid="help-whats-new">
          What's new
        </button>
        {modal}
      </nav>
    );
  }

  return (
    <>
      <LazyDropdown
        trigger={['click']}
        placement="bottomRight"
        // Focus moves into the menu when it opens, so arrows pick an entry; Escape closes it and focus returns.
        autoFocus
        onOpenChange={onOpenChange}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'shortcuts' || key === 'whats-new') {
              setOpen(key);
            }
          },
        }}
      >
        <Button
          ref={trigger}
          type="text"
          icon={<SpriteIcon name="QuestionCircleOutlined" />}
          aria-label="Help"
          data-testid="help-menu"
        />
      </LazyDropdown>
      {modal}
    </>
  );
}
