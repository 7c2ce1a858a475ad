import type { Contact } from '@portal/domain';
import { MESSAGES } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, Typography } from 'antd';
import { applyFieldErrors } from '../../pages/formErrors';
import { phoneRules } from '../../pages/linkAndPhoneRules';
import { updateContact } from './api';
import { smsOptIn } from './preferences';

/**
 * 'Get notification via SMS' (doc 1 §5): enabling SMS first confirms the phone number; the phone and SMS on are
 * saved together. Cancelling leaves SMS off.
 */
export function SmsOptInModal({
  contact,
  onClose,
  onSaved,
}: {
  contact: Contact;
  onClose(): void;
  onSaved(updated: Contact): void;
}) {
  const [form] = Form.useForm<{ phone: string }>();
  const save = useMutation({
    mutationFn: (phone: string) => {
      const { body } = smsOptIn(contact.preferences, phone);
      if (!body) {
        throw new Error(MESSAGES.enterPhone);
      }
      return updateContact(contact.uuid, body);
    },
    onSuccess: (updated) => {
      onSaved(updated);
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={MESSAGES.smsDialogTitle}
      okText="Confirm"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'sms-confirm' }}
      cancelButtonProps={{ 'data-testid': 'sms-cancel' }}
      destroyOnHidden
      data-testid="sms-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ phone: contact.phone ?? '' }}
        onFinish={({ phone }) => save.mutate(phone)}
      >
        <Form.Item
          name="phone"
          label="Phone"
          rules={[{ required: true, whitespace: true, message: MESSAGES.enterPhone }, ...phoneRules]}
        >
          <Input autoFocus maxLength={50} inputMode="tel" data-testid="sms-phone" />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" data-testid="sms-notice">
        {MESSAGES.smsNotice}
      </Typography.Paragraph>
    </Modal>
  );
}
