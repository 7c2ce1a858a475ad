import { EditOutlined } from '@ant-design/icons';
import { MESSAGES } from '@portal/domain';
import { Alert, Button, type ButtonProps, Form, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

/** A bulk edit form: its fields (antd Form.Items) and how the form's values become the bulk call's `data`. */
export interface BulkEdit {
  fields: ReactNode;
  /** The bulk call's data; fields left empty are left out, so they change nothing. */
  toData(values: Record<string, unknown>): Record<string, unknown>;
}

/**
 * "Edit" on a table's bulk bar: a form whose filled-in fields are applied to every selected row by POST
 * {resource}/bulk-operations/update. The server judges each row as its own PUT would; the bar lists the refusals.
 */
export function BulkEditButton({
  edit,
  count,
  busy,
  testId,
  onSubmit,
}: {
  edit: BulkEdit;
  count: number;
  busy: boolean;
  testId: string;
  onSubmit(data: Record<string, unknown>): Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [empty, setEmpty] = useState(false);
  const [form] = Form.useForm();
  const submit = async () => {
    const data = edit.toData(await form.validateFields());
    if (Object.keys(data).length === 0) {
      setEmpty(true);
      return;
    }
    setOpen(false);
    form.resetFields();
    await onSubmit(data);
  };
  return (
    <>
      <Button
        size="small"
        icon={<EditOutlined />}
        disabled={busy}
        onClick={() => {
          setEmpty(false);
          setOpen(true);
        }}
        data-testid={`${testId}-bulk-edit`}
      >
        Edit
      </Button>
      <Modal
        open={open}
        title={`Edit ${count} selected`}
        okText="Apply"
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        okButtonProps={{ 'data-testid': `${testId}-bulk-edit-apply` } as ButtonProps}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          data-testid={`${testId}-bulk-edit-form`}
          onValuesChange={() => setEmpty(false)}
        >
          {edit.fields}
        </Form>
        {empty ? <Alert type="error" showIcon title={MESSAGES.required} /> : null}
      </Modal>
    </>
  );
}

/** A DatePicker value as the API's YYYY-MM-DD, or undefined when left empty. */
export function isoDay(value: unknown): string | undefined {
  return value && typeof (value as { format?: unknown }).format === 'function'
    ? (value as { format(f: string): string }).format('YYYY-MM-DD')
    : undefined;
}

/** Drops undefined values and empty lists: what the form left empty changes nothing. */
export function filled(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).filter(([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0)),
  );
}
