import {
  GOOGLE_EVENT_SHAPE_LABELS,
  GOOGLE_EVENT_SHAPES,
  GOOGLE_TASK_SCOPE_LABELS,
  GOOGLE_TASK_SCOPES,
  type GoogleSettings,
  type GoogleState,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Radio, Select, Space, Spin } from 'antd';
import { useLocation } from 'react-router';
import { reportError, reportSuccess } from '../../shell/feedback';
import { PageHeader } from '../common/PageHeader';
import { GOOGLE_CALENDARS_KEY, GOOGLE_KEY, getGoogle, listGoogleCalendars, saveGoogle } from './api';
import { GoogleCard } from './GoogleCard';
import './integrations.css';

/** What /google/oauth hands over when it returns here. */
export type GoogleNotice = { type: 'success' | 'error'; message: string };

function SettingsForm({ state }: { state: GoogleState }) {
  const queryClient = useQueryClient();
  const calendars = useQuery({ queryKey: GOOGLE_CALENDARS_KEY, queryFn: ({ signal }) => listGoogleCalendars(signal) });
  const save = useMutation({
    mutationFn: saveGoogle,
    onSuccess: (next) => {
      queryClient.setQueryData(GOOGLE_KEY, next);
      reportSuccess('Google Calendar settings saved. Your tasks are being synced.');
    },
    onError: reportError,
  });
  return (
    <Form<GoogleSettings>
      layout="vertical"
      className="google-settings"
      initialValues={{
        calendar_id: state.calendar_id ?? undefined,
        event_shape: state.event_shape,
        task_scope: state.task_scope,
      }}
      onFinish={(values) => save.mutate(values)}
    >
      {calendars.isError ? (
        <Alert type="error" showIcon message="Your calendars could not be read from Google. Try again later." />
      ) : null}
      <Form.Item
        name="calendar_id"
        label="Calendar"
        rules={[{ required: true, message: 'Choose the calendar to sync your tasks to.' }]}
      >
        <Select
          data-testid="google-calendar"
          loading={calendars.isLoading}
          placeholder="Choose a calendar"
          options={(calendars.data ?? []).map((c) => ({
            value: c.id,
            label: c.primary ? `${c.name} (primary)` : c.name,
          }))}
        />
      </Form.Item>
      <Form.Item name="event_shape" label="What to sync">
        <Radio.Group>
          <Space direction="vertical">
            {GOOGLE_EVENT_SHAPES.map((shape) => (
              <Radio key={shape} value={shape}>
                {GOOGLE_EVENT_SHAPE_LABELS[shape]}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="task_scope" label="Which tasks">
        <Radio.Group>
          <Space direction="vertical">
            {GOOGLE_TASK_SCOPES.map((scope) => (
              <Radio key={scope} value={scope}>
                {GOOGLE_TASK_SCOPE_LABELS[scope]}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="google-save">
        Save
      </Button>
    </Form>
  );
}

/** /integrations/google: which calendar, what to sync, Disconnect; shows the outcome of a connection just made. */
export function GoogleSettingsPage() {
  const notice = (useLocation().state as { googleNotice?: GoogleNotice } | null)?.googleNotice;
  const google = useQuery({ queryKey: GOOGLE_KEY, queryFn: ({ signal }) => getGoogle(signal) });
  return (
    <div className="integrations-page">
      <PageHeader title="Google integration" />
      {notice ? (
        <Alert
          className="integration-result"
          type={notice.type}
          showIcon
          message={notice.message}
          data-testid="google-notice"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {google.data ? (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <GoogleCard state={google.data} onSettingsPage />
          {google.data.connected ? <SettingsForm state={google.data} /> : null}
        </Space>
      ) : (
        <Spin />
      )}
    </div>
  );
}
