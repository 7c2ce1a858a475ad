import type { Contact } from '@portal/domain';
import { MESSAGES } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space } from 'antd';
import { useState } from 'react';
import { describeError } from '../../api/errors';
import { USER_QUERY_KEY, useCurrentUser } from '../../auth/queries';
import { CONTACTS_KEY, getContact, updateContact } from '../users/api';
import { SmsOptInModal } from '../users/SmsOptInModal';

/**
 * Shown once to someone who never chose about SMS (sms_notifications null, doc 1 §3, §5): Set up opens 'Get
 * notification via SMS' (the phone is required); Not now records '0' (doc 2 §7: '0' when declining with no earlier
 * choice). Either answer sets the preference, so it does not come back. Inline above the screen, never covering it.
 */
export function SmsPrompt() {
  const user = useCurrentUser().data;
  const queryClient = useQueryClient();
  const [contact, setContact] = useState<Contact | null>(null);
  const refreshUser = () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  const open = useMutation({
    mutationFn: (uuid: string) => getContact(uuid),
    onSuccess: setContact,
  });
  const decline = useMutation({
    mutationFn: (uuid: string) => updateContact(uuid, { preferences: { sms_notifications: '0' } }),
    onSuccess: (updated) => {
      queryClient.setQueryData([...CONTACTS_KEY, 'one', updated.uuid], updated);
      return refreshUser();
    },
  });
  if (!user || user.preferences.sms_notifications !== null) {
    return null;
  }
  const failure = open.error ?? decline.error;
  return (
    <>
      <Alert
        type="info"
        showIcon
        className="sms-prompt"
        data-testid="sms-prompt"
        title={MESSAGES.smsDialogTitle}
        description={
          <>
            Add your phone number to get your notifications by text message. {MESSAGES.smsNotice}
            {failure ? <div className="sms-prompt-error">{describeError(failure)}</div> : null}
          </>
        }
        action={
          <Space wrap>
            <Button
              onClick={() => decline.mutate(user.contact.uuid)}
              loading={decline.isPending}
              data-testid="sms-prompt-decline"
            >
              Not now
            </Button>
            <Button
              type="primary"
              onClick={() => open.mutate(user.contact.uuid)}
              loading={open.isPending}
              data-testid="sms-prompt-set-up"
            >
              Set up
            </Button>
          </Space>
        }
      />
      {contact ? (
        <SmsOptInModal
          contact={contact}
          onClose={() => setContact(null)}
          onSaved={(updated) => {
            queryClient.setQueryData([...CONTACTS_KEY, 'one', updated.uuid], updated);
            void refreshUser();
          }}
        />
      ) : null}
    </>
  );
}
