import { MESSAGES } from '@portal/domain';
import { Form, Input, Modal, Typography } from 'antd';
import { useLocation } from 'react-router';
import { useConfig, useCurrentUser } from '../auth/queries';
import { bugReportLink } from './bugReport';

interface BugValues {
  description: string;
}

/** "Report bug" from the profile menu: the description goes out by e-mail or to the configured bug form. */
export function ReportBugModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<BugValues>();
  const config = useConfig();
  const user = useCurrentUser().data;
  const location = useLocation();

  const send = (values: BugValues) => {
    const link = bugReportLink(config?.bug_report_url, {
      description: values.description,
      page: `${location.pathname}${location.search}`,
      reporter: user?.email ?? '',
      version: `${__APP_VERSION__} (${__BUILD_HASH__.slice(0, 6)})`,
    });
    if (link.startsWith('mailto:')) {
      window.location.href = link;
    } else {
      window.open(link, '_blank', 'noopener');
    }
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title="Report a bug"
      okText="Send report"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Describe what you did, what you expected and what happened instead. The page address and app version are added
        for you.
      </Typography.Paragraph>
      <Form<BugValues> form={form} layout="vertical" onFinish={send}>
        <Form.Item
          name="description"
          label="What went wrong?"
          rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}
        >
          <Input.TextArea rows={5} data-testid="bug-report-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
