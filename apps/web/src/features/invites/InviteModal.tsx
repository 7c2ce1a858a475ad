import { type CustomerRef, type InviteInclusion, MESSAGES } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form, Modal, Radio, Select } from 'antd';
import { useMemo, useState } from 'react';
import { reportSuccess } from '../../shell/feedback';
import { CUSTOMERS_KEY, listActiveCustomers } from '../clients/api';
import { ONBOARDINGS_KEY } from '../onboarding';
import { CONTACTS_KEY, listClientContacts } from '../users/api';
import { createInvite, INVITES_KEY } from './api';
import {
  buildInvitePayload,
  canSaveInvite,
  contactOptions,
  INVITE_EXTRA_CHOICES,
  INVITE_SERVICE_CHOICES,
  type IncludeChoice,
  includeAfterContactChange,
  isLoginRegisterDisabled,
  parseContactChoice,
} from './inviteRules';

export interface InviteModalProps {
  open: boolean;
  onClose(): void;
  /** Opened from a client: the client is fixed and not asked for. */
  presetCustomer?: CustomerRef;
}

/** New invite (doc 1 §2, §5): client, contact (existing or a typed e-mail) and the Include choice. */
export function InviteModal({ open, onClose, presetCustomer }: InviteModalProps) {
  const queryClient = useQueryClient();
  const [customerId, setCustomerId] = useState<string | undefined>(presetCustomer?.uuid);
  const [customerTouched, setCustomerTouched] = useState(false);
  const [contactValue, setContactValue] = useState<string | undefined>();
  const [typed, setTyped] = useState('');
  const [include, setInclude] = useState<IncludeChoice>('login_register');
  const [services, setServices] = useState<InviteInclusion[]>([]);
  const [extras, setExtras] = useState<InviteInclusion[]>([]);

  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'selector'],
    queryFn: ({ signal }) => listActiveCustomers(signal),
    enabled: open && !presetCustomer,
  });
  const contacts = useQuery({
    queryKey: [...CONTACTS_KEY, 'client', customerId],
    queryFn: ({ signal }) => listClientContacts(customerId as string, signal),
    enabled: open && Boolean(customerId),
  });

  const choice = parseContactChoice(contactValue);
  const options = useMemo(() => {
    const list = contactOptions(contacts.data?.data ?? [], typed);
    // Keep the chosen e-mail visible once the search text is cleared.
    if (contactValue?.startsWith('email:') && !list.some((o) => o.value === contactValue)) {
      list.push({ value: contactValue, label: contactValue.slice('email:'.length) });
    }
    return list;
  }, [contacts.data, typed, contactValue]);

  const reset = () => {
    setCustomerId(presetCustomer?.uuid);
    setCustomerTouched(false);
    setContactValue(undefined);
    setTyped('');
    setInclude('login_register');
    setServices([]);
    setExtras([]);
  };

  const send = useMutation({
    mutationFn: () => {
      if (!customerId || !choice) {
        throw new Error('incomplete invite');
      }
      return createInvite(buildInvitePayload(customerId, choice, include, [...services, ...extras]));
    },
    onSuccess: (body) => {
      reportSuccess(body.message || MESSAGES.invitationSent);
      void queryClient.invalidateQueries({ queryKey: INVITES_KEY });
      // Sending an invite starts (or updates) the client's onboarding.
      void queryClient.invalidateQueries({ queryKey: ONBOARDINGS_KEY });
      reset();
      onClose();
    },
  });

  const customerError = !presetCustomer && customerTouched && !customerId;

  return (
    <Modal
      open={open}
      title="New invite"
      okText="Save"
      onCancel={() => {
        reset();
        onClose();
      }}
      onOk={() => send.mutate()}
      okButtonProps={{
        disabled: !canSaveInvite({ customerId, contact: choice }),
        loading: send.isPending,
        'data-testid': 'invite-save',
      }}
      destroyOnHidden
    >
      <Form layout="vertical" requiredMark={false} data-testid="invite-form">
        {presetCustomer ? (
          <Form.Item label="Client">
            <span data-testid="invite-client-preset">{presetCustomer.business_name}</span>
          </Form.Item>
        ) : (
          <Form.Item
            label="Client"
            required
            validateStatus={customerError ? 'error' : undefined}
            help={customerError ? MESSAGES.required : undefined}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              placeholder="Choose a client"
              loading={customers.isPending && customers.fetchStatus !== 'idle'}
              value={customerId}
              onChange={(value?: string) => {
                setCustomerId(value);
                setCustomerTouched(true);
                setContactValue(undefined);
              }}
              onBlur={() => setCustomerTouched(true)}
              options={(customers.data?.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }))}
              data-testid="invite-client"
            />
          </Form.Item>
        )}
        <Form.Item label="Contact" extra="Pick one of the client's contacts or type an e-mail address.">
          <Select
            showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
            allowClear
            disabled={!customerId}
            placeholder={customerId ? 'Contact or e-mail' : 'Choose a client first'}
            value={contactValue}
            onChange={(value?: string) => {
              setContactValue(value);
              setTyped('');
              setInclude((current) => includeAfterContactChange(parseContactChoice(value), current));
            }}
            options={options}
            notFoundContent={typed ? 'Type a full e-mail address' : 'No contacts'}
            data-testid="invite-contact"
          />
        </Form.Item>
        <Form.Item label="Include">
          <Radio.Group value={include} onChange={(e) => setInclude(e.target.value as IncludeChoice)}>
            <Radio value="leadsie" data-testid="invite-include-leadsie">
              Leadsie
            </Radio>
            <Radio
              value="login_register"
              disabled={isLoginRegisterDisabled(choice)}
              data-testid="invite-include-login-register"
            >
              Login/Register
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="Services bought" extra="Decide which onboarding steps and requirements the client gets.">
          <Checkbox.Group value={services} onChange={(values) => setServices(values as InviteInclusion[])}>
            {INVITE_SERVICE_CHOICES.map((choice) => (
              <Checkbox key={choice.value} value={choice.value} data-testid={`invite-service-${choice.value}`}>
                {choice.label}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item label="Also send">
          <Checkbox.Group value={extras} onChange={(values) => setExtras(values as InviteInclusion[])}>
            {INVITE_EXTRA_CHOICES.map((choice) => (
              <Checkbox key={choice.value} value={choice.value} data-testid={`invite-extra-${choice.value}`}>
                {choice.label}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
