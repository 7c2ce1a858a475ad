import { MESSAGES } from '@portal/domain';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useCurrentUser } from '../../auth/queries';
import { useAbility } from '../../auth/useAbility';
import { formatTimeInput, isoToUsDate, isTimeAboveZero, timeInputToMinutes, usDateToIso } from './timeEntry';

export interface TimeEntryValues {
  minutes: number;
  /** YYYY-MM-DD */
  date: string;
  description: string;
  /** User uuid; set only when the user may log time for others. */
  userUuid?: string;
}

interface FormShape {
  time: string;
  date: string;
  description: string;
  user?: string;
}

/**
 * The time-entry form (doc 2 §5): time typed as digits and shown HH:MM ('Time should be bigger than 00:00'), date
 * typed MM/DD/YYYY and sent YYYY-MM-DD, description required ('Please input your Comment!'); the user picker only for TIMELOG_FOR_OTHERS.
 */
export function TimeEntryModal({
  title,
  initial,
  users,
  saving,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: { time: string; date: string; description?: string | null; userUuid?: string };
  users?: { uuid: string; name: string }[];
  saving: boolean;
  onSubmit(values: TimeEntryValues): void;
  onCancel(): void;
}) {
  const [form] = Form.useForm<FormShape>();
  const ability = useAbility();
  const me = useCurrentUser().data;
  const forOthers = ability.can('TIMELOG_FOR_OTHERS') && Boolean(users);

  useEffect(() => {
    form.setFieldsValue({
      time: initial.time,
      date: isoToUsDate(initial.date),
      description: initial.description ?? '',
      user: initial.userUuid ?? me?.uuid,
    });
  }, [form, initial, me?.uuid]);

  return (
    <Modal
      open
      title={title}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onCancel}
      okButtonProps={{ loading: saving, 'data-testid': 'time-entry-save' }}
      destroyOnHidden
    >
      <Form<FormShape>
        form={form}
        layout="vertical"
        requiredMark={false}
        data-testid="time-entry-form"
        onFinish={(values) =>
          onSubmit({
            minutes: timeInputToMinutes(values.time),
            date: usDateToIso(values.date) as string,
            description: values.description.trim(),
            userUuid: forOthers ? values.user : undefined,
          })
        }
      >
        <Form.Item
          label="Time"
          name="time"
          getValueFromEvent={(event: React.ChangeEvent<HTMLInputElement>) => formatTimeInput(event.target.value)}
          rules={[
            {
              validator: (_rule, value: string) =>
                isTimeAboveZero(value) ? Promise.resolve() : Promise.reject(new Error(MESSAGES.timeAboveZero)),
            },
          ]}
        >
          <Input inputMode="numeric" placeholder="HH:MM" data-testid="time-entry-time" />
        </Form.Item>
        <Form.Item
          label="Date"
          name="date"
          rules={[
            { required: true, message: MESSAGES.required },
            {
              validator: (_rule, value: string) =>
                !value || usDateToIso(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error('Enter a date as MM/DD/YYYY')),
            },
          ]}
        >
          <Input placeholder="MM/DD/YYYY" data-testid="time-entry-date" />
        </Form.Item>
        {forOthers ? (
          <Form.Item label="User" name="user" rules={[{ required: true, message: MESSAGES.required }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={(users ?? []).map((u) => ({ value: u.uuid, label: u.name }))}
              data-testid="time-entry-user"
            />
          </Form.Item>
        ) : null}
        <Form.Item
          label="Description"
          name="description"
          // The spec's words for the comment a time entry demands (doc 2 §5), as the timer's Stop asks for it.
          rules={[{ required: true, whitespace: true, message: MESSAGES.inputComment }]}
        >
          <Input.TextArea rows={3} maxLength={5000} data-testid="time-entry-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
