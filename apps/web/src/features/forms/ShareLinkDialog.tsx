import { CopyOutlined } from '@ant-design/icons';
import { type FormDetail, MESSAGES, type ShareLink, type ShareLinkCreated } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Empty, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { reportError, reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { createShareLink, FORMS_KEY, revokeShareLink } from './api';
import { ClientPicker } from './ClientPicker';

/** The address people open, absolute whatever the API answered (it may give a path). */
export function absoluteLink(url: string): string {
  return new URL(url, window.location.origin).toString();
}

function linkState(link: ShareLink, now: number): { label: string; color?: string } {
  if (link.revoked_at) {
    return { label: 'Revoked', color: 'red' };
  }
  if (link.expires_at && Date.parse(link.expires_at) <= now) {
    return { label: 'Expired', color: 'orange' };
  }
  return { label: 'Active', color: 'green' };
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    reportSuccess(MESSAGES.linkCopied);
  } catch (error) {
    reportError(error);
  }
}

function CreatedLink({ link }: { link: ShareLinkCreated }) {
  const url = absoluteLink(link.url);
  return (
    <Alert
      type="success"
      showIcon
      message="Link ready"
      description={
        <>
          <Typography.Paragraph>Copy it now: for safety it is shown only once.</Typography.Paragraph>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={url} aria-label="Share link" data-testid="fb-share-url" />
            <Button icon={<CopyOutlined />} onClick={() => void copy(url)} data-testid="fb-share-copy">
              Copy link
            </Button>
          </Space.Compact>
        </>
      }
    />
  );
}

/** Share a public, published form by a link: optionally for one client, optionally until a day; revoke any time. */
export function ShareLinkDialog({ form, onClose }: { form: FormDetail; onClose(): void }) {
  const queryClient = useQueryClient();
  const [customer, setCustomer] = useState<string | null>(null);
  const [expiry, setExpiry] = useState<Dayjs | null>(null);
  const [created, setCreated] = useState<ShareLinkCreated | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: FORMS_KEY });
  const create = useMutation({
    mutationFn: () =>
      createShareLink(form.uuid, {
        customer_uuid: customer,
        expires_at: expiry ? expiry.endOf('day').toISOString() : null,
      }),
    onSuccess: (link) => {
      setCreated(link);
      void refresh();
    },
    onError: reportError,
  });
  const revoke = useMutation({
    mutationFn: (uuid: string) => revokeShareLink(uuid),
    onSuccess: () => void refresh(),
    onError: reportError,
  });
  const now = Date.now();
  const shareable = form.is_public && form.latest_version !== null && form.status !== 'archived';
  return (
    <Modal open title="Share link" onCancel={onClose} footer={null} width={640} data-testid="fb-share-dialog">
      {shareable ? (
        <Form layout="vertical" component="div">
          <Form.Item label="For one client (optional)" htmlFor="fb-share-client">
            <ClientPicker id="fb-share-client" value={customer} onChange={setCustomer} testId="fb-share-client" />
          </Form.Item>
          <Form.Item label="Expires after (optional)" htmlFor="fb-share-expiry">
            <DatePicker
              id="fb-share-expiry"
              value={expiry}
              onChange={setExpiry}
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              style={{ width: '100%' }}
              data-testid="fb-share-expiry"
            />
          </Form.Item>
          <Button
            type="primary"
            loading={create.isPending}
            onClick={() => create.mutate()}
            data-testid="fb-share-create"
          >
            Create link
          </Button>
        </Form>
      ) : (
        <Alert type="info" showIcon message={form.is_public ? MESSAGES.formNotPublished : MESSAGES.formNotPublic} />
      )}
      {created ? (
        <div className="fb-share-created">
          <CreatedLink link={created} />
        </div>
      ) : null}
      <Typography.Title level={5} className="fb-share-heading">
        Links
      </Typography.Title>
      {form.share_links.length === 0 ? (
        <Empty description="No links yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="fb-share-list" data-testid="fb-share-links">
          {form.share_links.map((link) => {
            const state = linkState(link, now);
            return (
              <li key={link.uuid} className="fb-share-row" data-testid="fb-share-link">
                <span className="fb-share-hint">…{link.token_hint}</span>
                <Tag color={state.color}>{state.label}</Tag>
                <span>{link.customer?.business_name ?? 'Anyone with the link'}</span>
                <span className="fb-muted">
                  {link.expires_at ? `until ${new Date(link.expires_at).toLocaleDateString()}` : 'no expiry'} ·{' '}
                  {link.answers_count} {link.answers_count === 1 ? 'answer' : 'answers'}
                </span>
                {link.revoked_at ? null : (
                  <ConfirmButton
                    question="Do you want to revoke this link?"
                    onConfirm={() => revoke.mutate(link.uuid)}
                    size="small"
                    danger
                    testId="fb-share-revoke"
                  >
                    Revoke
                  </ConfirmButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
