import {
  MESSAGES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookEvent,
  type WebhookWithSecret,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Modal, Space, Typography } from 'antd';
import { applyFieldErrors } from '../../pages/formErrors';
import { reportSuccess } from '../../shell/feedback';
import { createWebhook, updateWebhook, WEBHOOKS_KEY } from './api';

type Values = { url: string; events: WebhookEvent[] };

/** The new or rotated signing secret, once: the API never answers it again. */
export function ShownSecret({ created, onDone }: { created: WebhookWithSecret; onDone(): void }) {
  return (
    <Alert
      type="success"
      showIcon
      className="form-alert"
      data-testid="webhook-secret"
      title={`Signing secret for ${created.url}. Copy it now: it will not be shown again.`}
      description={
        <Space direction="vertical" className="api-token-value">
          <Typography.Text code copyable={{ text: created.secret }} data-testid="webhook-secret-value">
            {created.secret}
          </Typography.Text>
          <Button size="small" onClick={onDone} data-testid="webhook-secret-done">
            I have copied it
          </Button>
        </Space>
      }
    />
  );
}

/** Create (no webhook) or edit one: the URL and the events it receives. */
export function WebhookModal({
  webhook,
  onClose,
  onCreated,
}: {
  webhook: Webhook | null;
  onClose(): void;
  onCreated(created: WebhookWithSecret): void;
}) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async (values: Values) => {
      const body = { url: values.url.trim(), events: values.events };
      if (webhook) {
        await updateWebhook(webhook.uuid, body);
        return null;
      }
      return createWebhook(body);
    },
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      if (created) {
        onCreated(created);
      } else {
        reportSuccess(MESSAGES.changesUpdated);
      }
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={webhook ? 'Edit webhook' : 'New webhook'}
      okText="Save"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'webhook-save' }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ url: webhook?.url ?? '', events: webhook?.events ?? [] }}
        onFinish={(values) => save.mutate(values)}
        data-testid="webhook-form"
      >
        <Form.Item
          label="URL"
          name="url"
          extra="An https address of a server that receives a signed POST for each event."
          rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}
        >
          <Input data-testid="webhook-url" maxLength={2000} placeholder="https://example.com/portal-events" />
        </Form.Item>
        <Form.Item
          label="Events"
          name="events"
          // A validator rather than `required`: antd would put aria-required on the group, which a group may not have.
          rules={[
            {
              validator: (_, value: WebhookEvent[] | undefined) =>
                value?.length ? Promise.resolve() : Promise.reject(new Error(MESSAGES.webhookEvents)),
            },
          ]}
        >
          <Checkbox.Group data-testid="webhook-events" className="webhook-events" role="group" aria-label="Events">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} data-testid={`webhook-event-${event}`}>
                {WEBHOOK_EVENT_LABELS[event]}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        {webhook ? (
          <Typography.Paragraph type="secondary">
            Saving a new URL or events makes you the webhook’s owner: deliveries send only what you may read.
          </Typography.Paragraph>
        ) : null}
      </Form>
    </Modal>
  );
}
