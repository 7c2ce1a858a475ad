import { CONTACT_STATUSES, EMAIL_PATTERN, MESSAGES, type UserType } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select } from 'antd';
import { phoneRules } from '../../pages/linkAndPhoneRules';
import { listRoles, ROLES_KEY } from '../admin/api';
import { CUSTOMERS_KEY, listActiveCustomers } from '../clients/api';
import { humanize } from '../common/listQuery';

export const TYPE_LABELS: Record<UserType, string> = {
  regular_user: 'Staff',
  freelancer: 'Freelancer',
  contact: 'Client contact',
};

export interface ContactFormValues {
  name: string;
  email?: string | null;
  phone?: string | null;
  job_title?: string | null;
  type: UserType;
  status: 'active' | 'inactive';
  customers: string[];
  roles: string[];
}

/**
 * Name, e-mail, phone and job title. On one's own page without CONTACTS_UPDATE the e-mail is shown but fixed: the
 * server lets people change only their name, phone, job title and notification preferences.
 */
export function PersonalFields({ emailLocked = false }: { emailLocked?: boolean }) {
  return (
    <>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item
            label="Name"
            name="name"
            rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}
          >
            <Input data-testid="contact-name" maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="E-mail" name="email" rules={[{ pattern: EMAIL_PATTERN, message: MESSAGES.invalidEmail }]}>
            <Input data-testid="contact-email" type="email" readOnly={emailLocked} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item label="Phone" name="phone" rules={phoneRules}>
            <Input data-testid="contact-phone" maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Job title" name="job_title">
            <Input data-testid="contact-job-title" maxLength={255} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/**
 * Type, status, clients and roles: what CONTACTS_UPDATE (or CONTACTS_CREATE) adds. The type control comes from
 * typeControl (role administration decides who may change it); roles show only to those who may change them.
 */
export function AdminFields({
  type,
  canPickRoles,
  typeChoice,
}: {
  type: UserType | undefined;
  canPickRoles: boolean;
  typeChoice: { disabled: boolean; options: UserType[] };
}) {
  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'selector'],
    queryFn: ({ signal }) => listActiveCustomers(signal),
  });
  const roles = useQuery({
    queryKey: ROLES_KEY,
    queryFn: ({ signal }) => listRoles(signal),
    enabled: canPickRoles,
    meta: { silentError: true },
  });
  const staff = type === 'regular_user' || type === 'freelancer';
  return (
    <>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item
            label="Type"
            name="type"
            rules={[{ required: true, message: MESSAGES.required }]}
            extra={typeChoice.disabled ? MESSAGES.typeChangeNeedsRoleAdmin : undefined}
          >
            <Select
              data-testid="contact-type"
              disabled={typeChoice.disabled}
              options={typeChoice.options.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Status" name="status" rules={[{ required: true, message: MESSAGES.required }]}>
            <Select
              data-testid="contact-status"
              options={CONTACT_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Clients" name="customers">
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          loading={customers.isPending}
          options={(customers.data?.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }))}
          data-testid="contact-customers"
        />
      </Form.Item>
      {staff && canPickRoles ? (
        <Form.Item label="Roles" name="roles">
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            loading={roles.isPending}
            options={(roles.data?.data ?? []).map((r) => ({ value: r.uuid, label: r.name }))}
            data-testid="contact-roles"
          />
        </Form.Item>
      ) : null}
    </>
  );
}

/** The create/update body from the form: blank optional texts as null; roles only for staff and freelancers. */
export function contactPayload(values: ContactFormValues, includeRoles: boolean) {
  const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
  const staff = values.type === 'regular_user' || values.type === 'freelancer';
  return {
    name: values.name.trim(),
    email: blank(values.email),
    phone: blank(values.phone),
    job_title: blank(values.job_title),
    type: values.type,
    status: values.status,
    customers: values.customers ?? [],
    ...(includeRoles && staff ? { roles: values.roles ?? [] } : {}),
  };
}
