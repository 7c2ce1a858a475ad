import { UploadOutlined } from '@ant-design/icons';
import {
  ADMINISTRATION_MESSAGES,
  type Administration,
  type AdministrationUpdateInput,
  IMAGE_EXTENSIONS,
  TIMELOG_CATEGORIES,
  TIMELOG_CATEGORY_RATE_LABELS,
  type TimelogCategory,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { reportError, reportSuccess } from '../../shell/feedback';
import { uploadFile } from '../uploads/api';
import { ADMINISTRATION_KEY, updateAdministration } from './api';
import { applyNestedErrors, centsToInput, inputToCents } from './rateInput';

type Values = Omit<AdministrationUpdateInput, 'hourly_rates' | 'logo'> & {
  hourly_rates: Record<TimelogCategory, string>;
};

const rateRule = {
  validator: (_: unknown, value: string | undefined) => {
    const cents = inputToCents(value);
    return cents !== null && Number.isFinite(cents)
      ? Promise.resolve()
      : Promise.reject(new Error(ADMINISTRATION_MESSAGES.rate));
  },
};

/**
 * The agency's billing and invoice settings and its hourly rates per time-log category (PUT administration). The
 * logo is uploaded through the pre-signed flow at once and saved with the form; its preview is the served file.
 */
export function BillingSettings({ settings, canEdit }: { settings: Administration; canEdit: boolean }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [logo, setLogo] = useState<{ uuid: string | null; url: string | null }>({
    uuid: settings.logo,
    url: settings.logo_url,
  });
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationFn: (values: Values) =>
      updateAdministration({
        ...values,
        address: values.address ?? null,
        tax_id: values.tax_id ?? null,
        logo: logo.uuid,
        hourly_rates: Object.fromEntries(
          TIMELOG_CATEGORIES.map((category) => [category, inputToCents(values.hourly_rates[category]) ?? 0]),
        ) as Record<TimelogCategory, number>,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ADMINISTRATION_KEY, saved);
      reportSuccess(ADMINISTRATION_MESSAGES.settingsSaved);
    },
    onError: (error) => applyNestedErrors(form, error),
  });

  async function pickLogo(file: File | undefined) {
    if (!file) {
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadFile(file, 'attachment', () => undefined);
      setLogo({ uuid: uploaded.uuid, url: uploaded.url });
    } catch (error) {
      reportError(error);
    } finally {
      setUploading(false);
      if (fileInput.current) {
        fileInput.current.value = '';
      }
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={!canEdit}
      className="administration-form"
      data-testid="billing-form"
      initialValues={{
        legal_name: settings.legal_name,
        address: settings.address ?? '',
        tax_id: settings.tax_id ?? '',
        invoice_prefix: settings.invoice_prefix,
        next_invoice_number: settings.next_invoice_number,
        payment_terms_days: settings.payment_terms_days,
        currency: settings.currency,
        hourly_rates: Object.fromEntries(
          TIMELOG_CATEGORIES.map((category) => [category, centsToInput(settings.hourly_rates[category])]),
        ) as Record<TimelogCategory, string>,
      }}
      onFinish={(values) => save.mutate(values)}
    >
      <Typography.Title level={4}>Agency</Typography.Title>
      <Form.Item
        label="Legal name"
        name="legal_name"
        rules={[{ required: true, whitespace: true, message: ADMINISTRATION_MESSAGES.legalNameRequired }]}
      >
        <Input maxLength={200} data-testid="billing-legal-name" />
      </Form.Item>
      <Form.Item label="Address" name="address">
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} data-testid="billing-address" />
      </Form.Item>
      <Form.Item label="Tax ID" name="tax_id">
        <Input maxLength={50} data-testid="billing-tax-id" />
      </Form.Item>
      <Form.Item label="Logo">
        <Space wrap align="center">
          {logo.url ? (
            <img src={logo.url} alt="Agency logo" className="administration-logo" data-testid="billing-logo-preview" />
          ) : (
            <Typography.Text type="secondary">No logo</Typography.Text>
          )}
          <input
            ref={fileInput}
            type="file"
            // The button below opens it; a hidden attribute alone loses to the form's input styles.
            style={{ display: 'none' }}
            accept={IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',')}
            onChange={(event) => void pickLogo(event.target.files?.[0])}
            data-testid="billing-logo-input"
            aria-label="Logo file"
          />
          <Button icon={<UploadOutlined />} loading={uploading} onClick={() => fileInput.current?.click()}>
            {logo.url ? 'Replace logo' : 'Upload logo'}
          </Button>
          {logo.url ? <Button onClick={() => setLogo({ uuid: null, url: null })}>Remove logo</Button> : null}
        </Space>
      </Form.Item>

      <Typography.Title level={4}>Invoices</Typography.Title>
      <div className="administration-grid">
        <Form.Item label="Invoice prefix" name="invoice_prefix" extra="Up to 10 capital letters, digits and dashes">
          <Input maxLength={10} data-testid="billing-invoice-prefix" />
        </Form.Item>
        <Form.Item label="Next invoice number" name="next_invoice_number">
          <InputNumber min={1} precision={0} className="administration-number" data-testid="billing-next-number" />
        </Form.Item>
        <Form.Item label="Payment terms (days)" name="payment_terms_days">
          <InputNumber min={0} max={365} precision={0} className="administration-number" data-testid="billing-terms" />
        </Form.Item>
        <Form.Item label="Currency" name="currency">
          <Select options={[{ value: 'USD', label: 'USD — US dollar' }]} data-testid="billing-currency" />
        </Form.Item>
      </div>

      <Typography.Title level={4}>Hourly rates</Typography.Title>
      <Typography.Paragraph type="secondary">
        Reports price logged time at these rates per category, unless a plan has its own rate (Plan rates tab).
      </Typography.Paragraph>
      <div className="administration-grid">
        {TIMELOG_CATEGORIES.map((category) => (
          <Form.Item
            key={category}
            label={`${TIMELOG_CATEGORY_RATE_LABELS[category]} (per hour)`}
            name={['hourly_rates', category]}
            rules={[rateRule]}
          >
            <Input prefix="$" inputMode="decimal" data-testid={`billing-rate-${category}`} />
          </Form.Item>
        ))}
      </div>
      {canEdit ? (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="billing-save">
          Save
        </Button>
      ) : null}
    </Form>
  );
}
