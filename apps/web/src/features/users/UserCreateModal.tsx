import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { applyFieldErrors } from '../../pages/formErrors';
import { reportSuccess } from '../../shell/feedback';
import { CONTACTS_KEY, createContact } from './api';
import { AdminFields, type ContactFormValues, contactPayload, PersonalFields } from './ContactFields';
import { mayPickRoles, typeControl } from './typeControl';

/** New user (CONTACTS_CREATE): a staff member, freelancer or client contact. */
export function UserCreateModal({ onClose }: { onClose(): void }) {
  const [form] = Form.useForm<ContactFormValues>();
  const ability = useAbility();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const type = Form.useWatch('type', form);
  const canPickRoles = mayPickRoles(ability);
  const create = useMutation({
    mutationFn: (values: ContactFormValues) => createContact(contactPayload(values, canPickRoles)),
    onSuccess: (contact) => {
      reportSuccess('User created');
      void queryClient.invalidateQueries({ queryKey: CONTACTS_KEY });
      onClose();
      void navigate(`/users/${contact.uuid}`);
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  return (
    <Modal
      open
      width={640}
      title="New user"
      okText="Save"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'user-save' }}
      destroyOnHidden
    >
      <Form<ContactFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ type: 'contact', status: 'active', customers: [], roles: [] }}
        onFinish={(values) => create.mutate(values)}
        data-testid="user-form"
      >
        <PersonalFields />
        <AdminFields type={type} canPickRoles={canPickRoles} typeChoice={typeControl(ability, null)} />
      </Form>
    </Modal>
  );
}
