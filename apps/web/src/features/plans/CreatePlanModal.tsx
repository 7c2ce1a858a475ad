import { MESSAGES, type PlanType } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { applyFieldErrors } from '../../pages/formErrors';
import { reportSuccess } from '../../shell/feedback';
import { CUSTOMERS_KEY, listActiveCustomers } from '../clients/api';
import { createPlan, listPlanTypes, listProjectUsers, PLANS_KEY } from './api';
import {
  buildPlanPayload,
  defaultPlanType,
  isReloadEditable,
  NEW_CLIENT_PREFIX,
  type PlanFormValues,
  reloadFieldText,
  reloadTextForType,
} from './planForm';

const required = [{ required: true, message: MESSAGES.required }];

/** The API's field names → the form's, so a 422 lands under the right field. */
const FIELD_MAP: Record<string, keyof PlanFormValues> = {
  customer_id: 'client',
  business_name: 'client',
  plan: 'plan',
  refill: 'refill',
  project_manager_id: 'manager',
};

/** Create a new plan (doc 1 §2, §5): Client name, Type, Reload amount, Manager, each required on submit. */
export function CreatePlanModal({ onClose }: { onClose(): void }) {
  const [form] = Form.useForm<PlanFormValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [clientSearch, setClientSearch] = useState('');

  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'selector'],
    queryFn: ({ signal }) => listActiveCustomers(signal),
  });
  const types = useQuery({ queryKey: ['plan-types'], queryFn: ({ signal }) => listPlanTypes(signal) });
  const managers = useQuery({
    queryKey: ['project-users', 'active-staff'],
    queryFn: ({ signal }) => listProjectUsers(undefined, signal),
  });

  const chosenTypeName = Form.useWatch('plan', form);
  const chosenType: PlanType | undefined = types.data?.find((t) => t.name === chosenTypeName);

  // Default type (retainer) with its reload amount, once the types arrive.
  useEffect(() => {
    const initial = types.data ? defaultPlanType(types.data) : undefined;
    if (initial && !form.getFieldValue('plan')) {
      form.setFieldsValue({ plan: initial.name, refill: reloadTextForType(initial) });
    }
  }, [types.data, form]);

  const clientOptions = useMemo(() => {
    const existing = (customers.data?.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }));
    const name = clientSearch.trim();
    const exists = existing.some((o) => o.label.toLowerCase() === name.toLowerCase());
    return name && !exists
      ? [...existing, { value: `${NEW_CLIENT_PREFIX}${name}`, label: `New client: ${name}` }]
      : existing;
  }, [customers.data, clientSearch]);

  const create = useMutation({
    mutationFn: (values: Required<PlanFormValues>) => {
      const type = types.data?.find((t) => t.name === values.plan);
      if (!type) {
        throw new Error('unknown plan type');
      }
      return createPlan(buildPlanPayload(values, type, new Date()));
    },
    onSuccess: () => {
      reportSuccess('Plan created');
      void queryClient.invalidateQueries({ queryKey: PLANS_KEY });
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
      onClose();
      void navigate('/projects');
    },
    onError: (error) => {
      applyFieldErrors(form, error);
      // Map the API's names onto this form's fields too.
      const fields = (error as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
      form.setFields(
        Object.entries(fields)
          .filter(([name]) => FIELD_MAP[name])
          .map(([name, errors]) => ({ name: FIELD_MAP[name] as keyof PlanFormValues, errors })),
      );
    },
  });

  return (
    <Modal
      open
      title="Create a new plan"
      okText="Save"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'plan-save' }}
      destroyOnHidden
    >
      <Form<PlanFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => create.mutate(values as Required<PlanFormValues>)}
        data-testid="plan-form"
      >
        <Form.Item label="Client name" name="client" rules={required}>
          <Select
            showSearch={{
              filterOption: (input, option) =>
                String(option?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase()) || String(option?.value ?? '').startsWith(NEW_CLIENT_PREFIX),
              onSearch: setClientSearch,
            }}
            placeholder="Choose a client or type a new name"
            loading={customers.isPending}
            options={clientOptions}
            data-testid="plan-client"
          />
        </Form.Item>
        <Form.Item label="Type" name="plan" rules={required}>
          <Select
            loading={types.isPending}
            notFoundContent={MESSAGES.noPlanTypes}
            options={(types.data ?? []).map((t) => ({ value: t.name, label: t.display_name }))}
            onChange={(name: string) => {
              const type = types.data?.find((t) => t.name === name);
              form.setFieldsValue({ refill: reloadTextForType(type) });
            }}
            data-testid="plan-type"
          />
        </Form.Item>
        <Form.Item
          label="Reload amount"
          name="refill"
          // Required (doc 1 §5); a type whose amount is fixed fills the field itself when chosen.
          rules={required}
          getValueFromEvent={(event: React.ChangeEvent<HTMLInputElement>) => reloadFieldText(event.target.value)}
          extra="Hours:minutes; type the digits (1000 is 10:00)."
        >
          <Input
            inputMode="numeric"
            disabled={!isReloadEditable(chosenType)}
            placeholder="0:00"
            data-testid="plan-refill"
          />
        </Form.Item>
        <Form.Item label="Manager" name="manager" rules={required}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={managers.isPending}
            options={(managers.data?.data ?? []).map((u) => ({ value: u.uuid, label: u.name }))}
            data-testid="plan-manager"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
