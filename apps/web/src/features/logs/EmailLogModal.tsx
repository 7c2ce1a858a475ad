import { LockOutlined } from '@ant-design/icons';
import { MESSAGES } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { reportSuccess } from '../../shell/feedback';
import { EMAIL_LOGS_KEY, getEmailLog, resendEmail } from './api';
import { EmailStatusTag } from './EmailStatusTag';
import { emailLogView } from './email-log-view';

/**
 * One message of the e-mail log. The HTML is shown in a sandboxed frame (no scripts, no same-origin, no forms), so a
 * message can never run code or reach the app; the text version is one click away. Mail to other staff arrives
 * without its body (only super users read it): the modal says so instead of showing an empty message.
 */
export function EmailLogModal({ uuid, onClose }: { uuid: string; onClose(): void }) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<'html' | 'text'>('html');
  const message = useQuery({ queryKey: [...EMAIL_LOGS_KEY, uuid], queryFn: ({ signal }) => getEmailLog(uuid, signal) });
  const resend = useMutation({
    mutationFn: () => resendEmail(uuid),
    onSuccess: (copy) => {
      reportSuccess(copy.status === 'failed' ? 'Sent again, and it failed again' : 'The e-mail was sent again');
      void queryClient.invalidateQueries({ queryKey: EMAIL_LOGS_KEY });
      onClose();
    },
  });
  const data = message.data;
  const shown = data ? emailLogView(data, view) : null;

  return (
    <Modal
      open
      title={data?.subject ?? 'E-mail'}
      width={760}
      footer={null}
      onCancel={onClose}
      data-testid="email-log-modal"
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'to', label: 'To', children: data.to },
              { key: 'status', label: 'Status', children: <EmailStatusTag log={data} /> },
              { key: 'template', label: 'Template', children: data.template ?? '—' },
              { key: 'time', label: 'Created', children: new Date(data.created_at).toLocaleString() },
            ]}
          />
          {data.error ? <Alert type="error" showIcon message={data.error} style={{ margin: '8px 0' }} /> : null}
          {shown?.redactionNotice ? (
            <Alert
              type="info"
              showIcon
              message={shown.redactionNotice}
              style={{ margin: '8px 0' }}
              data-testid="email-log-redacted"
            />
          ) : null}
          {shown?.canResend ? (
            <Button
              type="primary"
              loading={resend.isPending}
              onClick={() => resend.mutate()}
              data-testid="email-log-resend"
              style={{ marginBottom: 8 }}
            >
              Resend
            </Button>
          ) : null}
          {shown?.body === 'hidden' ? (
            <Alert
              type="warning"
              showIcon
              icon={<LockOutlined />}
              message={MESSAGES.emailBodyHiddenTitle}
              description={MESSAGES.emailBodyHidden}
              style={{ margin: '8px 0' }}
              data-testid="email-log-body-hidden"
            />
          ) : null}
          {data.html ? (
            <Segmented
              value={view}
              onChange={(value) => setView(value as 'html' | 'text')}
              options={[
                { value: 'html', label: 'Rendered' },
                { value: 'text', label: 'Text' },
              ]}
              style={{ display: 'flex', width: 'fit-content', margin: '8px 0' }}
            />
          ) : null}
          {shown?.body === 'html' ? (
            <iframe
              title="Rendered message"
              className="email-log-frame"
              sandbox=""
              referrerPolicy="no-referrer"
              srcDoc={data.html ?? ''}
              data-testid="email-log-html"
            />
          ) : shown?.body === 'text' ? (
            <Typography.Paragraph className="email-log-text" data-testid="email-log-text">
              {data.text}
            </Typography.Paragraph>
          ) : null}
        </>
      )}
    </Modal>
  );
}
