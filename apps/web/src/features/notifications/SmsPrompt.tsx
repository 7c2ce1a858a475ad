import { CloseOutlined } from '@ant-design/icons';
import type { Contact } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { describeError } from '../../api/errors';
import { USER_QUERY_KEY, useCurrentUser } from '../../auth/queries';
import { CONTACTS_KEY, getContact, updateContact } from '../users/api';
import { SmsOptInModal } from '../users/SmsOptInModal';

/**
 * A one-line notice on the dashboard (never a band over every screen) for someone who could get texts but has no
 * phone yet (smsPromptRule.ts). Set up opens 'Get notification via SMS' (the phone is required, E.164); the close
 * button dismisses it for good by recording '0' on the server (doc 2 §7: '0' when declining with no earlier choice).
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
  const dismiss = useMutation({
    mutationFn: (uuid: string) => updateContact(uuid, { preferences: { sms_notifications: '0' } }),
    onSuccess: (updated) => {
      queryClient.setQueryData([...CONTACTS_KEY, 'one', updated.uuid], updated);
      return refreshUser();
    },
  });
  if (!user || user.preferences.sms_notifications !== null) {
    return null;
  }
  const failure = open.error ?? dismiss.error;
  return (
    <>
      <Alert
        type="info"
        showIcon
        className="sms-prompt"
        data-testid="sms-prompt"
        title={
          <>
            <span className="sms-prompt-text">Get notifications by text message: add your phone number.</span>
            {failure ? <span className="sms-prompt-error">{describeError(failure)}</span> : null}
          </>
        }
        action={
          <span className="sms-prompt-actions">
            <Button
              size="small"
              type="link"
              onClick={() => open.mutate(user.contact.uuid)}
              loading={open.isPending}
              data-testid="sms-prompt-set-up"
            >
              Set up
            </Button>
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined />}
              aria-label="Dismiss"
              title="Dismiss"
              onClick={() => dismiss.mutate(user.contact.uuid)}
              loading={dismiss.isPending}
              data-testid="sms-prompt-dismiss"
            />
          </span>
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
