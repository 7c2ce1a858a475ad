import { MailOutlined, UserAddOutlined } from '@ant-design/icons';
import { MESSAGES, PLAN_STATUSES } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { StatusTag } from '../common/StatusTag';
import { cancelInvite, INVITES_KEY, listPendingInvites, resendInvite } from '../invites/api';
import { InviteModal } from '../invites/InviteModal';
import { PlanLink } from '../plans';
import { listPlans, PLANS_KEY } from '../plans/api';
import { CONTACTS_KEY, deleteContact, listClientContacts } from '../users/api';

function Section({ title, extra, children }: { title: string; extra?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className="client-section">
      <div className="client-section-head">
        <Typography.Title level={5}>{title}</Typography.Title>
        {extra}
      </div>
      {children}
    </section>
  );
}

function emptyText(text: string, testId: string) {
  return {
    emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid={testId}>{text}</span>} />,
  };
}

/** The client's plans, every status (clients page only), each linking to its requests. */
export function ClientPlans({ customerId }: { customerId: string }) {
  const plans = useQuery({
    queryKey: [...PLANS_KEY, 'client', customerId],
    queryFn: ({ signal }) =>
      listPlans({ size: 300, filters: { customer_id: customerId, 'projects.status': [...PLAN_STATUSES] } }, signal),
  });
  return (
    <Section title="Plan">
      <List
        size="small"
        data-testid="client-plans"
        loading={plans.isPending}
        dataSource={plans.data?.data ?? []}
        locale={emptyText(MESSAGES.noPlans, 'client-plans-empty')}
        renderItem={(plan) => (
          <List.Item key={plan.uuid} data-testid="client-plan" extra={<StatusTag status={plan.status} />}>
            <PlanLink uuid={plan.uuid} testId="client-plan-link">
              {plan.title}
            </PlanLink>
          </List.Item>
        )}
      />
    </Section>
  );
}

export function ClientContacts({ customerId }: { customerId: string }) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const contacts = useQuery({
    queryKey: [...CONTACTS_KEY, 'client', customerId],
    queryFn: ({ signal }) => listClientContacts(customerId, signal),
  });
  const remove = useMutation({
    mutationFn: deleteContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTACTS_KEY }),
  });
  return (
    <Section title="Contacts">
      <List
        size="small"
        data-testid="client-contacts"
        loading={contacts.isPending}
        dataSource={contacts.data?.data ?? []}
        locale={emptyText(MESSAGES.noContacts, 'client-contacts-empty')}
        renderItem={(contact) => (
          <List.Item
            key={contact.uuid}
            data-testid="client-contact"
            actions={
              ability.can('CONTACTS_DESTROY')
                ? [
                    <ConfirmButton
                      key="delete"
                      size="small"
                      danger
                      type="link"
                      question={MESSAGES.confirmDeleteContact}
                      testId="client-contact-delete"
                      onConfirm={() => remove.mutate(contact.uuid)}
                    >
                      Delete
                    </ConfirmButton>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={<Link to={`/users/${contact.uuid}`}>{contact.name}</Link>}
              description={[contact.job_title, contact.email, contact.phone].filter(Boolean).join(' · ')}
            />
          </List.Item>
        )}
      />
    </Section>
  );
}

export function ClientInvites({ customerId, customerName }: { customerId: string; customerName: string }) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const invites = useQuery({
    queryKey: [...INVITES_KEY, 'pending', customerId],
    queryFn: ({ signal }) => listPendingInvites(customerId, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: INVITES_KEY });
  const resend = useMutation({
    mutationFn: resendInvite,
    onSuccess: (body) => {
      reportSuccess(body.message || MESSAGES.invitationSent);
      void refresh();
    },
  });
  const cancel = useMutation({ mutationFn: cancelInvite, onSuccess: () => void refresh() });
  return (
    <Section
      title="Pending Invites"
      extra={
        ability.isRegularUser ? (
          <Button size="small" icon={<UserAddOutlined />} onClick={() => setInviting(true)} data-testid="client-invite">
            Invite
          </Button>
        ) : null
      }
    >
      <List
        size="small"
        data-testid="client-invites"
        loading={invites.isPending}
        dataSource={invites.data?.data ?? []}
        locale={emptyText(MESSAGES.noPendingInvites, 'client-invites-empty')}
        renderItem={(invite) => (
          <List.Item
            key={invite.uuid}
            data-testid="client-pending-invite"
            actions={[
              <Button
                key="resend"
                size="small"
                type="link"
                icon={<MailOutlined />}
                loading={resend.isPending && resend.variables === invite.uuid}
                onClick={() => resend.mutate(invite.uuid)}
                data-testid="invite-resend"
              >
                Resend
              </Button>,
              <ConfirmButton
                key="cancel"
                size="small"
                type="link"
                danger
                question={MESSAGES.confirmCancelInvite}
                testId="invite-cancel"
                onConfirm={() => cancel.mutate(invite.uuid)}
              >
                Cancel
              </ConfirmButton>,
            ]}
          >
            <Space>
              <span data-testid="invite-email">{invite.email}</span>
              <Typography.Text type="secondary">sent {invite.sent_count}×</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      <InviteModal
        open={inviting}
        onClose={() => setInviting(false)}
        presetCustomer={{ uuid: customerId, business_name: customerName }}
      />
    </Section>
  );
}
