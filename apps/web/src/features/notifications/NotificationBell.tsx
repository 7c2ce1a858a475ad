import './notifications.css';
import type { Contact } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { USER_QUERY_KEY, useConfig, useCurrentUser } from '../../auth/queries';
import { CountBadge } from '../../components/CountBadge/CountBadge';
import { LazyDropdown } from '../../components/LazyOverlay';
import { SpriteIcon } from '../../components/SpriteIcon/SpriteIcon';
import { useLivePollInterval } from '../../live/liveStatus';
import { PlainSpinner } from '../../pages/plain/PlainSpinner';
import { reportUnexpectedError } from '../../shell/errorReporting';
import { CONTACTS_KEY } from '../users/api';
import { countUnreadNotifications, NOTIFICATIONS_KEY } from './api';
import { unreadBadge } from './notificationRules';
import { PUSH_PROMPT_DISMISSED_KEY, shouldShowPushPrompt, shouldSubscribe } from './pushRules';
import { ensurePushRegistration, pushSupported } from './pushSubscription';
import { usePushPermission } from './usePushPermission';

// What only a click (or a first visit's push question) shows loads then, so the header's first download is the
// bell and its count: the panel with its channel switches, the phone dialog (a form) and the push prompt.
// The panel and its switches are fetched together (one wait, not two), and already on hover or focus of the bell.
const loadPanel = () => Promise.all([import('./NotificationPanel'), import('./ChannelSwitches')]);
const NotificationPanel = lazy(() => loadPanel().then(([m]) => ({ default: m.NotificationPanel })));
const ChannelSwitches = lazy(() => loadPanel().then(([, m]) => ({ default: m.ChannelSwitches })));
const SmsOptInModal = lazy(() => import('../users/SmsOptInModal').then((m) => ({ default: m.SmsOptInModal })));
const PushPrompt = lazy(() => import('./PushPrompt').then((m) => ({ default: m.PushPrompt })));

/**
 * Header: the notification bell (doc 1 §2) with the unread count (refreshed every minute and when the window
 * regains focus), its dropdown, the push prompt and this browser's push registration.
 */
export function NotificationBell() {
  const user = useCurrentUser().data;
  const config = useConfig();
  const queryClient = useQueryClient();
  const push = usePushPermission();
  const [open, setOpen] = useState(false);
  const [askPhone, setAskPhone] = useState<Contact | null>(null);
  const poll = useLivePollInterval(60_000);
  const count = useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'count'],
    queryFn: ({ signal }) => countUnreadNotifications(signal),
    refetchInterval: poll,
    refetchOnWindowFocus: true,
    enabled: Boolean(user),
    meta: { silentError: true },
  });

  const pushPreference = user?.preferences.push_notifications;
  const vapidKey = config?.vapid_public_key ?? null;
  const subscribe = Boolean(
    user && vapidKey && shouldSubscribe({ supported: pushSupported(), pushPreference, permission: push.permission }),
  );
  useEffect(() => {
    if (!subscribe || !user || !vapidKey) {
      return;
    }
    ensurePushRegistration(user, vapidKey).then(
      (changed) => {
        if (changed) {
          void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        }
      },
      (error: unknown) => {
        // Push is a convenience: the bell still works without it.
        reportUnexpectedError(error, 'push registration');
      },
    );
  }, [subscribe, user, vapidKey, queryClient]);

  if (!user) {
    return null;
  }
  const unread = unreadBadge(count.data);
  // PushPrompt decides again (and remembers No thanks); this only avoids loading it for someone it would not ask.
  const mayAskPush = shouldShowPushPrompt({
    supported: pushSupported(),
    pushPreference,
    permission: push.permission,
    dismissed: window.localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY) === '1',
  });
  return (
    <>
      <LazyDropdown
        open={open}
        onOpenChange={setOpen}
        trigger={['click']}
        destroyOnHidden
        popupRender={() => (
          <Suspense
            fallback={
              <div className="notification-panel-loading">
                <PlainSpinner size="small" />
              </div>
            }
          >
            <NotificationPanel
              onClose={() => setOpen(false)}
              channels={
                <ChannelSwitches
                  contactUuid={user.contact.uuid}
                  push={push}
                  onAskPhone={(contact) => {
                    setOpen(false);
                    setAskPhone(contact);
                  }}
                />
              }
            />
          </Suspense>
        )}
      >
        <Button
          type="text"
          aria-label="Notifications"
          data-testid="notification-bell"
          onMouseEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
        >
          <CountBadge count={unread} testId="notification-badge">
            <SpriteIcon name="BellOutlined" />
          </CountBadge>
        </Button>
      </LazyDropdown>
      <Suspense fallback={null}>
        {askPhone ? (
          <SmsOptInModal
            contact={askPhone}
            onClose={() => setAskPhone(null)}
            onSaved={(updated) => {
              queryClient.setQueryData([...CONTACTS_KEY, 'one', updated.uuid], updated);
              void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
            }}
          />
        ) : null}
        {mayAskPush ? <PushPrompt pushPreference={pushPreference} push={push} /> : null}
      </Suspense>
    </>
  );
}
