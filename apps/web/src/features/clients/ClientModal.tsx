import type { Customer } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Modal, Result, Spin, Tabs, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { type RichTextDelta, RichTextEditor } from '../../components/RichTextEditor';
import { applyFieldErrors } from '../../pages/formErrors';
import { ClientInvoices } from '../billing';
import { ClientOnboarding } from '../onboarding';
import { CUSTOMERS_KEY, createCustomer, getCustomer, updateCustomer } from './api';
import { ClientFormFields } from './ClientFormFields';
import { ClientContacts, ClientInvites, ClientPlans } from './ClientLists';
import { CollaborativeNotes } from './CollaborativeNotes';
import {
  AUTOSAVE_DELAY_MS,
  type ClientFormValues,
  canAutosave,
  changedClientFields,
  clientFormValues,
  withoutNotes,
} from './clientForm';

export interface ClientModalProps {
  /** 'create' or a client's uuid (the client_uuid query parameter). */
  target: string;
  /** On /clients the modal also shows the Status field and the plan list (doc 1 §2). */
  onClientsPage: boolean;
  onClose(): void;
  /** After a create, the modal switches to the new client's details. */
  onCreated(uuid: string): void;
}

type SaveState = 'idle' | 'saving' | 'saved' | 'error';

function SaveIndicator({ state }: { state: SaveState }) {
  if (state === 'idle') {
    return null;
  }
  const text = { saving: 'Saving…', saved: 'Saved', error: 'Not saved' }[state];
  return (
    <Typography.Text type={state === 'error' ? 'danger' : 'secondary'} data-testid="client-save-status">
      {text}
    </Typography.Text>
  );
}

/** Binds the editor to the form: the delta is the field's value; its plain text goes to `notes` alongside. */
function NotesEditor({
  value,
  onChange,
  readOnly,
}: {
  value?: RichTextDelta;
  onChange?(delta: RichTextDelta): void;
  readOnly: boolean;
}) {
  const form = Form.useFormInstance<ClientFormValues>();
  return (
    <RichTextEditor
      value={value}
      readOnly={readOnly}
      placeholder={readOnly ? undefined : 'Notes about this client'}
      testId="client-notes"
      onChange={(delta, plainText) => {
        // `notes` first: the delta's change is what triggers the autosave, which then reads both.
        form.setFieldValue('notes', plainText);
        onChange?.(delta);
      }}
    />
  );
}

/** The Notes tab: read-only unless editing a saved client (doc 1 §2). */
function NotesField({ editable }: { editable: boolean }) {
  return (
    <>
      {editable ? null : (
        <Typography.Paragraph type="secondary">Notes can be written once the client is saved.</Typography.Paragraph>
      )}
      <Form.Item name="notes_delta" noStyle>
        <NotesEditor readOnly={!editable} />
      </Form.Item>
    </>
  );
}

/** New client: the form and a Save button; the created client then opens in details. */
function CreateClient({ onCreated }: Pick<ClientModalProps, 'onCreated'>) {
  const [form] = Form.useForm<ClientFormValues>();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (values: ClientFormValues) =>
      createCustomer({
        business_name: (values.business_name ?? '').trim(),
        abbreviation: values.abbreviation || null,
        phone: values.phone || null,
        email: values.email || null,
        website: values.website || null,
        dashboard_link_1: values.dashboard_link_1 || null,
        dashboard_link_2: values.dashboard_link_2 || null,
      }),
    onSuccess: (customer) => {
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
      onCreated(customer.uuid);
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => create.mutate(values)}>
      <Tabs
        items={[
          { key: 'overview', label: 'Overview', children: <ClientFormFields showStatus={false} /> },
          { key: 'notes', label: 'Notes', children: <NotesField editable={false} /> },
        ]}
      />
      <div className="modal-actions">
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="client-save">
          Save
        </Button>
      </div>
    </Form>
  );
}

/** Client details: every change autosaves 800 ms after the last keystroke, sending only what changed. */
function ClientDetails({ customer, onClientsPage }: { customer: Customer; onClientsPage: boolean }) {
  const [form] = Form.useForm<ClientFormValues>();
  const queryClient = useQueryClient();
  const saved = useRef<ClientFormValues>(clientFormValues(customer));
  // The notes are a shared document the server stores (CollaborativeNotes): the autosave must never send them.
  const formStart = useRef(withoutNotes(saved.current)).current;
  const timer = useRef<number | undefined>(undefined);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const ability = useAbility();
  // The card-payment invoices are the charge family's (CHARGES_READ), regular staff only, as the API decides.
  const mayReadInvoices = ability.isRegularUser && ability.can('CHARGES_READ');

  const save = useMutation({
    mutationFn: (changes: ReturnType<typeof changedClientFields>) => updateCustomer(customer.uuid, changes),
    onMutate: () => setSaveState('saving'),
    onSuccess: (updated) => {
      saved.current = { ...saved.current, ...clientFormValues(updated) };
      setSaveState('saved');
      queryClient.setQueryData([...CUSTOMERS_KEY, 'one', customer.uuid], updated);
      void queryClient.invalidateQueries({ queryKey: [...CUSTOMERS_KEY, 'list'] });
    },
    onError: (error) => {
      setSaveState('error');
      applyFieldErrors(form, error);
    },
  });

  const flush = () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const values = form.getFieldsValue(true) as ClientFormValues;
    if (!canAutosave(values) || (onClientsPage && !values.status)) {
      void form.validateFields();
      return;
    }
    const changes = changedClientFields(saved.current, values);
    if (Object.keys(changes).length > 0) {
      save.mutate(changes);
    }
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const scheduleSave = () => {
    window.clearTimeout(timer.current);
    setSaveState((s) => (s === 'error' ? 'idle' : s));
    timer.current = window.setTimeout(flush, AUTOSAVE_DELAY_MS);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={formStart}
      onValuesChange={scheduleSave}
      data-testid="client-form"
    >
      <div className="client-save-line">
        <SaveIndicator state={saveState} />
      </div>
      <Tabs
        items={[
          {
            key: 'overview',
            label: <span data-testid="client-tab-overview">Overview</span>,
            children: (
              <>
                <ClientFormFields showStatus={onClientsPage} />
                {onClientsPage ? <ClientPlans customerId={customer.uuid} /> : null}
                <ClientContacts customerId={customer.uuid} />
                <ClientInvites customerId={customer.uuid} customerName={customer.business_name} />
                <ClientOnboarding customerUuid={customer.uuid} />
              </>
            ),
          },
          {
            key: 'notes',
            label: <span data-testid="client-tab-notes">Notes</span>,
            children: <CollaborativeNotes customer={customer} />,
          },
          ...(mayReadInvoices
            ? [
                {
                  key: 'invoices',
                  label: <span data-testid="client-tab-invoices">Invoices</span>,
                  children: <ClientInvoices customerUuid={customer.uuid} />,
                },
              ]
            : []),
        ]}
      />
    </Form>
  );
}

function LoadedClient({ uuid, onClientsPage }: { uuid: string; onClientsPage: boolean }) {
  const client = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'one', uuid],
    queryFn: ({ signal }) => getCustomer(uuid, signal),
    meta: { silentError: true },
    staleTime: 0,
  });
  if (client.isPending) {
    return (
      <div className="modal-loading">
        <Spin />
      </div>
    );
  }
  if (client.isError) {
    return (
      <Result
        status="error"
        title="This client could not be loaded"
        subTitle={describeError(client.error) ?? undefined}
        data-testid="client-load-error"
        extra={
          <Button onClick={() => void client.refetch()} data-testid="client-load-retry">
            Try again
          </Button>
        }
      />
    );
  }
  // Keyed by uuid so the form starts from this client's values.
  return <ClientDetails key={client.data.uuid} customer={client.data} onClientsPage={onClientsPage} />;
}

/** The client modal (doc 1 §2), 640 wide. */
export function ClientModal({ target, onClientsPage, onClose, onCreated }: ClientModalProps) {
  const creating = target === 'create';
  return (
    <Modal
      open
      width={640}
      title={creating ? 'New client' : 'Client details'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="client-modal"
      className="client-modal"
    >
      <div data-testid="client-modal-body">
        {creating ? (
          <CreateClient onCreated={onCreated} />
        ) : (
          <LoadedClient uuid={target} onClientsPage={onClientsPage} />
        )}
      </div>
    </Modal>
  );
}
