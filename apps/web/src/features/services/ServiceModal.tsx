import {
  type Answers,
  type AnswerValue,
  MESSAGES,
  type RequestForm,
  type RequestType,
  SERVICE_SELLS,
  SERVICE_SELLS_LABELS,
  type ServiceSells,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Col, Form, Input, Modal, Row, Select, Space, Switch, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { ApiError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { reportError, reportSuccess } from '../../shell/feedback';
import { listProductTypes, PRODUCT_TYPES_KEY } from '../admin/api';
import { REQUEST_TYPES_KEY } from '../requests/form/api';
import { CATALOGUE_ICON_NAMES, CatalogueIcon } from '../requests/form/CatalogueIcon';
import { AnswerForm } from '../requests/form/QuestionRendererForm';
import { localIsoDate } from '../timelogs/timeEntry';
import { createRequestType, updateRequestType } from './api';
import {
  parseEstimate,
  parseFormJson,
  parsePrice,
  parseReload,
  type ServiceValues,
  serviceBody,
  serviceFieldErrors,
  serviceValues,
} from './serviceForm';
import '../requests/form/requestForm.css';
import './services.css';

const SELLS_OPTIONS = SERVICE_SELLS.map((value) => ({ value, label: SERVICE_SELLS_LABELS[value] }));

const ICON_OPTIONS = CATALOGUE_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space size={6}>
      <CatalogueIcon name={name} />
      {name}
    </Space>
  ),
}));

/** antd validators reject with an Error whose message is shown under the field. */
function checked(
  result: { error: string } | { minutes: number | null } | { form: RequestForm } | { cents: number | null },
): Promise<void> {
  return 'error' in result ? Promise.reject(new Error(result.error)) : Promise.resolve();
}

/**
 * The questionnaire as a requester will see it (the one-page variant), answerable so visibility rules can be tried;
 * the answers stay here and are never sent.
 */
function ServicePreview({ form }: { form: RequestForm }) {
  const [answers, setAnswers] = useState<Answers>({});
  const today = useMemo(() => localIsoDate(new Date()), []);
  return (
    <AnswerForm
      form={form}
      answers={answers}
      onChange={(name: string, value: AnswerValue) => setAnswers((current) => ({ ...current, [name]: value }))}
      messages={{}}
      readOnly={false}
      today={today}
    />
  );
}

/**
 * The product type picker, fed by GET product-types (page[size]=999, sort[by]=name: label name, value uuid). Without
 * PRODUCT_TYPES_READ the list cannot be read, so the service's own type is the only option and the field is read-only.
 */
function useProductTypeOptions(current: RequestType['product_type'] | undefined) {
  const canRead = useAbility().can('PRODUCT_TYPES_READ');
  const types = useQuery({
    queryKey: [...PRODUCT_TYPES_KEY, 'options'],
    queryFn: ({ signal }) => listProductTypes(signal),
    enabled: canRead,
  });
  const options = (types.data?.data ?? []).map((t) => ({ value: t.uuid, label: t.name }));
  if (current && !options.some((o) => o.value === current.uuid)) {
    options.unshift({ value: current.uuid, label: current.name });
  }
  return { options, canRead, loading: types.isLoading && canRead };
}

/** New and Edit of a catalogue entry (SERVICES_CREATE / SERVICES_UPDATE), with a live preview of its questionnaire. */
export function ServiceModal({ type, onClose }: { type: RequestType | null; onClose(): void }) {
  const [form] = Form.useForm<ServiceValues>();
  const initial = useMemo(() => serviceValues(type), [type]);
  const queryClient = useQueryClient();
  const productTypes = useProductTypeOptions(type?.product_type);
  const formText = Form.useWatch('form', form) ?? initial.form;
  const sells: ServiceSells = Form.useWatch('sells', form) ?? initial.sells;
  // Parsing a long questionnaire on every keystroke would make typing lag; the preview may trail a little.
  const previewText = useDeferredValue(formText);
  const preview = useMemo(() => parseFormJson(previewText), [previewText]);
  const save = useMutation({
    mutationFn: (values: ServiceValues) => {
      const body = serviceBody(values);
      return type ? updateRequestType(type.id, body) : createRequestType(body);
    },
    meta: { silentError: true },
    onSuccess: () => {
      reportSuccess(MESSAGES.changesUpdated);
      void queryClient.invalidateQueries({ queryKey: REQUEST_TYPES_KEY });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) {
        const mapped = serviceFieldErrors(error.fieldErrors);
        form.setFields(mapped.fields);
        if (mapped.fields.length > 0 && mapped.other.length === 0) {
          return;
        }
      }
      reportError(error);
    },
  });
  return (
    <Modal
      open
      width={1100}
      title={type ? `Edit service ${type.name}` : 'New service'}
      okText="Save"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'service-save' }}
      destroyOnHidden
    >
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <Form<ServiceValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={initial}
            onFinish={(values) => save.mutate(values)}
            data-testid="service-form"
          >
            <Form.Item
              label="Name"
              name="name"
              rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}
            >
              <Input maxLength={120} data-testid="service-name" />
            </Form.Item>
            <Form.Item label="Description" name="description">
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={5000} />
            </Form.Item>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item label="Icon" name="icon">
                  <Select allowClear showSearch={{ optionFilterProp: 'value' }} options={ICON_OPTIONS} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  label="Estimated time"
                  name="timeEstimated"
                  rules={[{ validator: (_, text: string) => checked(parseEstimate(text ?? '')) }]}
                >
                  <Input placeholder="h:mm" data-testid="service-estimate" />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={12}>
              <Col xs={24} sm={8}>
                <Form.Item
                  label="Price (USD)"
                  name="price"
                  extra="Blank: not offered in orders yet"
                  rules={[{ validator: (_, text: string) => checked(parsePrice(text ?? '')) }]}
                >
                  <Input prefix="$" inputMode="decimal" placeholder="0.00" data-testid="service-price" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item label="Sells" name="sells">
                  <Select options={SELLS_OPTIONS} data-testid="service-sells" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item
                  label="Plan reload amount"
                  name="planReload"
                  dependencies={['sells']}
                  extra={sells === 'retainer' ? 'Per unit ordered, h:mm' : 'Retainer services only'}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: (_, text: string) => checked(parseReload(getFieldValue('sells'), text ?? '')),
                    }),
                  ]}
                >
                  <Input placeholder="h:mm" disabled={sells !== 'retainer'} data-testid="service-reload" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              label="Product type"
              name="productType"
              extra="Discount codes can apply to every service of a product type"
            >
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="None"
                options={productTypes.options}
                loading={productTypes.loading}
                disabled={!productTypes.canRead}
                data-testid="service-product-type"
              />
            </Form.Item>
            <Form.Item label="Image URL" name="imageUrl">
              <Input maxLength={2000} />
            </Form.Item>
            <Row gutter={12}>
              <Col span={18}>
                <Form.Item label="Tags" name="tags">
                  <Select mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item label="Disabled" name="disabled" valuePropName="checked">
                  <Switch data-testid="service-disabled" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              label="Questionnaire (JSON)"
              name="form"
              rules={[{ validator: (_, text: string) => checked(parseFormJson(text ?? '')) }]}
            >
              <Input.TextArea
                className="services-json"
                autoSize={{ minRows: 10, maxRows: 28 }}
                spellCheck={false}
                data-testid="service-form-json"
              />
            </Form.Item>
          </Form>
        </Col>
        <Col xs={24} lg={12} className="services-preview" data-testid="service-preview">
          <Typography.Title level={5}>Preview</Typography.Title>
          {'error' in preview ? (
            <Alert type="warning" showIcon title={MESSAGES.invalidForm} />
          ) : (
            <ServicePreview form={preview.form} />
          )}
        </Col>
      </Row>
    </Modal>
  );
}
