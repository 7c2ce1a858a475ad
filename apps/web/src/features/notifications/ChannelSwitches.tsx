import type { Contact, ContactPreferences } from '@portal/domain';
import { MESSAGES } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton, Switch, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { USER_QUERY_KEY } from '../../auth/queries';
import { CONTACTS_KEY, getContact, updateContact } from '../users/api';
import { type Channel, needsPhoneDialog, togglePreference } from '../users/preferences';
import { WARNING_TOOLTIP_MS } from './notificationRules';
import { pushSwitchAction } from './pushRules';
import type { usePushPermission } from './usePushPermission';

const CHANNELS: { key: Channel; label: string }[] = [
  { key: 'email_notifications', label: 'Email' },
  { key: 'sms_notifications', label: 'SMS' },
  { key: 'push_notifications', label: 'Push' },
];

type Warning = { channel: Channel; text: string };

/**
 * The bell's channels popover (doc 1 §2, §5): Email, SMS and Push switches on the user's own contact, sent as
 * '1'/'0' with PUT contacts/{uuid}. Email and SMS cannot both be off; enabling SMS first asks for the phone number
 * (the dialog of the profile page, opened by the bell); enabling Push asks the browser. Warnings show as a tooltip
 * on the switch for 2 s.
 */
export function ChannelSwitches({
  contactUuid,
  push,
  onAskPhone,
}: {
  contactUuid: string;
  push: ReturnType<typeof usePushPermission>;
  onAskPhone(contact: Contact): void;
}) {
  const queryClient = useQueryClient();
  const [warning, setWarning] = useState<Warning | null>(null);
  const contact = useQuery({
    queryKey: [...CONTACTS_KEY, 'one', contactUuid],
    queryFn: ({ signal }) => getContact(contactUuid, signal),
  });
  const save = useMutation({
    mutationFn: (preferences: ContactPreferences) => updateContact(contactUuid, { preferences }),
    onSuccess: (updated) => {
      queryClient.setQueryData([...CONTACTS_KEY, 'one', contactUuid], updated);
      // The signed-in user carries the push and SMS preferences (the push prompt reads them).
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });

  useEffect(() => {
    if (!warning) {
      return undefined;
    }
    const timer = window.setTimeout(() => setWarning(null), WARNING_TOOLTIP_MS);
    return () => window.clearTimeout(timer);
  }, [warning]);

  if (!contact.data) {
    return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  }
  const current = contact.data;
  const prefs = current.preferences;

  const change = async (channel: Channel, on: boolean) => {
    if (needsPhoneDialog(channel, on)) {
      onAskPhone(current);
      return;
    }
    if (channel === 'push_notifications' && on) {
      const action = pushSwitchAction(push.permission);
      const answer = action === 'ask' ? await push.request() : push.permission;
      if (action === 'denied' || answer !== 'granted') {
        setWarning({ channel, text: MESSAGES.pushDenied });
        return;
      }
    }
    const next = togglePreference(prefs, channel, on);
    if (next.error) {
      setWarning({ channel, text: next.error });
      return;
    }
    save.mutate(next.next);
  };

  return (
    <div className="notification-channels" data-testid="notification-channels">
      {CHANNELS.map(({ key, label }) => (
        <div key={key} className="notification-channel">
          <span>{label}</span>
          <Tooltip open={warning?.channel === key} title={warning?.channel === key ? warning.text : null}>
            <Switch
              size="small"
              checked={prefs[key] === '1'}
              loading={save.isPending}
              onChange={(on) => void change(key, on)}
              aria-label={`${label} notifications`}
              data-testid={`channel-${key.replace('_notifications', '')}`}
            />
          </Tooltip>
        </div>
      ))}
    </div>
  );
}
