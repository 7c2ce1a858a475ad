import { MESSAGES } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { describeError } from '../../api/errors';
import { applyFieldErrors } from '../../pages/formErrors';

type Proof = { code?: string; password?: string };

/**
 * Asks for proof before a change to how one signs in: a current code from the authenticator app, or (where allowed)
 * the password instead. Shows `after` in place of the form once `submit` succeeded.
 */
export function ProofModal<T>({
  title,
  okText,
  allowPassword,
  submit,
  onDone,
  after,
  onClose,
  testId,
  startWithPassword = false,
}: {
  /** The person has no authenticator app: the password comes first (a recovery code still works as the code). */
  startWithPassword?: boolean;
  title: string;
  okText: string;
  allowPassword: boolean;
  submit(proof: Proof): Promise<T>;
  onDone?(result: T): void;
  after?(result: T): ReactNode;
  onClose(): void;
  testId: string;
}) {
  const [form] = Form.useForm<Proof>();
  const [byPassword, setByPassword] = useState(startWithPassword && allowPassword);
  const mutation = useMutation({
    mutationFn: submit,
    meta: { silentError: true },
    onSuccess: (result) => onDone?.(result),
    onError: (error) => applyFieldErrors(form, error),
  });
  const done = mutation.isSuccess && after;
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={
        done ? (
          <Button type="primary" onClick={onClose} data-testid={`${testId}-done`}>
            Done
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              type="primary"
              loading={mutation.isPending}
              onClick={() => form.submit()}
              data-testid={`${testId}-ok`}
            >
              {okText}
            </Button>
          </>
        )
      }
    >
      {done ? (
        after(mutation.data as T)
      ) : (
        <>
          {mutation.isError && !form.getFieldsError().some((field) => field.errors.length) ? (
            <Alert type="error" showIcon title={describeError(mutation.error)} className="form-alert" />
          ) : null}
          <Form<Proof>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => mutation.mutate(byPassword ? { password: values.password } : { code: values.code })}
          >
            {byPassword ? (
              <Form.Item label="Password" name="password" rules={[{ required: true, message: MESSAGES.required }]}>
                <Input.Password autoComplete="current-password" autoFocus data-testid={`${testId}-password`} />
              </Form.Item>
            ) : (
              <Form.Item
                label="Code from your authenticator app"
                name="code"
                rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}
              >
                <Input autoComplete="one-time-code" inputMode="numeric" autoFocus data-testid={`${testId}-code`} />
              </Form.Item>
            )}
          </Form>
          {allowPassword ? (
            <Button type="link" onClick={() => setByPassword((on) => !on)} data-testid={`${testId}-switch`}>
              {byPassword ? 'Use a code instead' : 'Use your password instead'}
            </Button>
          ) : null}
        </>
      )}
    </Modal>
  );
}
