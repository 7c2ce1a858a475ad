import './notifications.css';
import { BellOutlined } from '@ant-design/icons';
import type { Contact } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Dropdown } from 'antd';
import { useEffect, useState } from 'react';
import { USER_QUERY_KEY, useConfig, useCurrentUser } from '../../auth/queries';
import { useLivePollInterval } from '../../live/liveStatus';
import { reportUnexpectedError } from '../../shell/errorReporting';
import { CONTACTS_KEY } from '../users/api';
import { SmsOptInModal } from '../users/SmsOptInModal';
import { countUnreadNotifications, NOTIFICATIONS_KEY } from './api';
import { ChannelSwitches } from './ChannelSwitches';
import { NotificationPanel } from './NotificationPanel';
import { unreadBadge } from './notificationRules';
import { PushPrompt } from './PushPrompt';
import { shouldSubscribe } from './pushRules';
import { ensurePushRegistration, pushSupported } from './pushSubscription';
import { usePushPermission } from './usePushPermission';

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
  return (
    <>
      <Dropdown
        open={open}
        onOpenChange={setOpen}
        trigger={['click']}
        destroyOnHidden
        popupRender={() => (
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
        )}
      >
        <Button type="text" aria-label="Notifications" data-testid="notification-bell">
          <Badge count={unread} size="small" offset={[4, -2]} data-testid="notification-badge">
            <BellOutlined />
          </Badge>
        </Button>
      </Dropdown>
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
      <PushPrompt pushPreference={pushPreference} push={push} />
    </>
  );
}
