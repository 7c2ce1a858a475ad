import type { Contact, ContactPreferences } from '@portal/domain';
import { MESSAGES } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Result, Skeleton, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { describeError } from '../../api/errors';
import { USER_QUERY_KEY, useCurrentUser } from '../../auth/queries';
import { useAbility } from '../../auth/useAbility';
import { applyFieldErrors } from '../../pages/formErrors';
import { reportSuccess } from '../../shell/feedback';
import { ApiTokensSection } from '../api-tokens';
import { ConfirmButton } from '../common/ConfirmButton';
import { PageHeader } from '../common/PageHeader';
import { StatusTag } from '../common/StatusTag';
import { ResetSecondFactorButton, SecuritySection } from '../mfa';
import { EndPersonSessionsButton, SessionsSection } from '../sessions';
import { CONTACTS_KEY, deleteContact, getContact, updateContact } from './api';
import { AdminFields, type ContactFormValues, contactPayload, PersonalFields, TYPE_LABELS } from './ContactFields';
import { type Channel, needsPhoneDialog, togglePreference } from './preferences';
import { SmsOptInModal } from './SmsOptInModal';
import { mayPickRoles, typeControl } from './typeControl';

const CHANNELS: { key: Channel; label: string }[] = [
  { key: 'email_notifications', label: 'Email' },
  { key: 'sms_notifications', label: 'SMS' },
  { key: 'push_notifications', label: 'Push' },
];

/** Email / SMS / Push switches, sent as '1'/'0'; email and SMS cannot both be off (checked before sending). */
function Preferences({ contact, onSaved }: { contact: Contact; onSaved(c: Contact): void }) {
  const [error, setError] = useState<string | null>(null);
  const [askPhone, setAskPhone] = useState(false);
  const save = useMutation({
    mutationFn: (preferences: ContactPreferences) => updateContact(contact.uuid, { preferences }),
    onSuccess: (updated) => {
      onSaved(updated);
      reportSuccess(MESSAGES.changesUpdated);
    },
  });
  const prefs = contact.preferences;
  return (
    <Card title="Notifications" size="small" data-testid="contact-preferences">
      {error ? (
        <Alert type="warning" showIcon title={error} className="form-alert" data-testid="preferences-error" />
      ) : null}
      <Space size="large" wrap>
        {CHANNELS.map(({ key, label }) => (
          <span key={key} className="switch-label">
            <Switch
              checked={prefs[key] === '1'}
              loading={save.isPending}
              onChange={(on) => {
                if (needsPhoneDialog(key, on)) {
                  setError(null);
                  setAskPhone(true);
                  return;
                }
                const change = togglePreference(prefs, key, on);
                setError(change.error);
                if (!change.error) {
                  save.mutate(change.next);
                }
              }}
              aria-label={`${label} notifications`}
              data-testid={`preference-${key.replace('_notifications', '')}`}
            />{' '}
            {label}
          </span>
        ))}
      </Space>
      {contact.type !== 'contact' && contact.user ? (
        <div className="switch-label auto-follow-line">
          <Switch
            checked={prefs.auto_follow_tasks === '1'}
            loading={save.isPending}
            onChange={(on) => save.mutate({ ...prefs, auto_follow_tasks: on ? '1' : '0' })}
            aria-label="Follow the tasks I create"
            data-testid="preference-auto-follow"
          />{' '}
          Follow the tasks I create
        </div>
      ) : null}
      {askPhone ? (
        <SmsOptInModal
          contact={contact}
          onClose={() => setAskPhone(false)}
          onSaved={(updated) => {
            onSaved(updated);
            reportSuccess(MESSAGES.changesUpdated);
          }}
        />
      ) : null}
    </Card>
  );
}

function ContactEditor({ contact }: { contact: Contact }) {
  const ability = useAbility();
  const me = useCurrentUser().data;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ContactFormValues>();
  const type = Form.useWatch('type', form);
  const own = me?.contact.uuid === contact.uuid;
  const canAdmin = ability.can('CONTACTS_UPDATE');
  const canPickRoles = canAdmin && mayPickRoles(ability);

  const initial: ContactFormValues = {
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    job_title: contact.job_title,
    type: contact.type,
    status: contact.status,
    customers: contact.customers.map((c) => c.uuid),
    roles: contact.roles.map((r) => r.uuid),
  };

  const onSaved = (updated: Contact) => {
    queryClient.setQueryData([...CONTACTS_KEY, 'one', contact.uuid], updated);
    // The SMS dialog may have saved a new phone number: the Details form shows it.
    if (updated.phone !== contact.phone) {
      form.setFieldValue('phone', updated.phone);
    }
    void queryClient.invalidateQueries({ queryKey: [...CONTACTS_KEY, 'list'] });
    if (own) {
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    }
  };

  const save = useMutation({
    mutationFn: (values: ContactFormValues) => {
      const full = contactPayload({ ...initial, ...values }, canPickRoles);
      const body = canAdmin ? full : { name: full.name, phone: full.phone, job_title: full.job_title };
      return updateContact(contact.uuid, body);
    },
    onSuccess: (updated) => {
      onSaved(updated);
      reportSuccess(MESSAGES.changesUpdated);
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  const remove = useMutation({
    mutationFn: () => deleteContact(contact.uuid),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CONTACTS_KEY });
      void navigate('/users');
    },
  });

  return (
    <div className="contact-page" data-testid="contact-page">
      <PageHeader
        title={contact.name}
        actions={
          <Space wrap>
            <Typography.Text type="secondary">{TYPE_LABELS[contact.type]}</Typography.Text>
            <StatusTag status={contact.status} />
            {ability.can('USERS_UPDATE') && !own && contact.user ? (
              <>
                <ResetSecondFactorButton userUuid={contact.user.uuid} />
                <EndPersonSessionsButton userUuid={contact.user.uuid} />
              </>
            ) : null}
            {ability.can('CONTACTS_DESTROY') && !own ? (
              <ConfirmButton
                danger
                question={MESSAGES.confirmDeleteContact}
                testId="contact-delete"
                loading={remove.isPending}
                onConfirm={() => remove.mutate()}
              >
                Delete
              </ConfirmButton>
            ) : null}
          </Space>
        }
      />
      <Card size="small" title="Details">
        <Form<ContactFormValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={initial}
          onFinish={(values) => save.mutate(values)}
          data-testid="contact-form"
        >
          <PersonalFields emailLocked={!canAdmin} />
          {canAdmin ? (
            <AdminFields type={type} canPickRoles={canPickRoles} typeChoice={typeControl(ability, contact.type)} />
          ) : null}
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="contact-save">
            Save
          </Button>
        </Form>
      </Card>
      {own || canAdmin ? <Preferences contact={contact} onSaved={onSaved} /> : null}
      {own ? <SecuritySection /> : null}
      {own ? <SessionsSection /> : null}
      {own && contact.type !== 'contact' ? <ApiTokensSection /> : null}
    </div>
  );
}

/** /users/:uuid: a contact's page; Profile in the profile menu leads to one's own. */
export function ContactPage() {
  const { uuid = '' } = useParams();
  const contact = useQuery({
    queryKey: [...CONTACTS_KEY, 'one', uuid],
    queryFn: ({ signal }) => getContact(uuid, signal),
    meta: { silentError: true },
  });
  if (contact.isPending) {
    return <Skeleton active />;
  }
  if (contact.isError) {
    return <Result status="warning" title={describeError(contact.error)} data-testid="contact-load-error" />;
  }
  return <ContactEditor key={contact.data.uuid} contact={contact.data} />;
}
