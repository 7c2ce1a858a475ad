import {
  ADMINISTRATION_MESSAGES,
  type Administration,
  formatUsd,
  type PlanRatesRow,
  TIMELOG_CATEGORIES,
  TIMELOG_CATEGORY_RATE_LABELS,
  type TimelogCategory,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { reportSuccess } from '../../shell/feedback';
import { listPlans } from '../plans/api';
import { listPlanRates, PLAN_RATES_KEY, setPlanRates } from './api';
import { applyNestedErrors, centsToInput, inputToCents } from './rateInput';

type Editing = { project_uuid: string | null; title: string; rates: PlanRatesRow['hourly_rates'] };

const rateRule = {
  validator: (_: unknown, value: string | undefined) =>
    Number.isNaN(inputToCents(value)) ? Promise.reject(new Error(ADMINISTRATION_MESSAGES.rate)) : Promise.resolve(),
};

/** One plan's overrides: blank = the agency's rate (shown as the placeholder). */
function PlanRatesModal({
  editing,
  agency,
  onClose,
}: {
  editing: Editing;
  agency: Administration['hourly_rates'];
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ project_uuid: string; hourly_rates: Record<TimelogCategory, string> }>();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const plans = useQuery({
    queryKey: ['administration', 'plan-picker', search],
    queryFn: ({ signal }) => listPlans({ size: 20, search: search || undefined }, signal),
    enabled: editing.project_uuid === null,
  });
  const save = useMutation({
    mutationFn: (values: { project_uuid: string; hourly_rates: Record<TimelogCategory, string> }) =>
      setPlanRates(editing.project_uuid ?? values.project_uuid, {
        hourly_rates: Object.fromEntries(
          TIMELOG_CATEGORIES.map((category) => [category, inputToCents(values.hourly_rates[category])]),
        ),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PLAN_RATES_KEY });
      reportSuccess(ADMINISTRATION_MESSAGES.planRatesSaved);
      onClose();
    },
    onError: (error) => applyNestedErrors(form, error),
  });
  return (
    <Modal
      open
      title={editing.project_uuid ? `Rates of ${editing.title}` : 'New plan rates'}
      okText="Save"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'plan-rates-save' }}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => save.mutate(values)}
        initialValues={{
          hourly_rates: Object.fromEntries(
            TIMELOG_CATEGORIES.map((category) => [category, centsToInput(editing.rates[category])]),
          ),
        }}
      >
        {editing.project_uuid === null ? (
          <Form.Item label="Plan" name="project_uuid" rules={[{ required: true, message: 'Choose a plan' }]}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setSearch}
              loading={plans.isFetching}
              options={(plans.data?.data ?? []).map((plan) => ({ value: plan.uuid, label: plan.title }))}
              data-testid="plan-rates-plan"
            />
          </Form.Item>
        ) : null}
        {TIMELOG_CATEGORIES.map((category) => (
          <Form.Item
            key={category}
            label={`${TIMELOG_CATEGORY_RATE_LABELS[category]} (per hour)`}
            name={['hourly_rates', category]}
            rules={[rateRule]}
            extra={`Blank: the agency’s ${formatUsd(agency[category])}`}
          >
            <Input prefix="$" inputMode="decimal" data-testid={`plan-rate-${category}`} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** The plans with their own hourly rates, and the editor of a plan's overrides (PUT administration/plan-rates/…). */
export function PlanRates({ agency, canEdit }: { agency: Administration['hourly_rates']; canEdit: boolean }) {
  const rows = useQuery({ queryKey: PLAN_RATES_KEY, queryFn: ({ signal }) => listPlanRates(signal) });
  const [editing, setEditing] = useState<Editing | null>(null);
  const rate = (row: PlanRatesRow, category: TimelogCategory) => {
    const own = row.hourly_rates[category];
    return own === null ? (
      <Typography.Text type="secondary">{formatUsd(agency[category])} (agency)</Typography.Text>
    ) : (
      formatUsd(own)
    );
  };
  return (
    <div data-testid="plan-rates">
      <Typography.Paragraph type="secondary">
        A plan’s own rate replaces the agency’s for that category in its reports and budget panel.
      </Typography.Paragraph>
      {canEdit ? (
        <Button
          onClick={() =>
            setEditing({
              project_uuid: null,
              title: '',
              rates: { billable: null, 'non-billable': null, 'sgm-non-billable': null },
            })
          }
          data-testid="plan-rates-new"
          className="administration-new"
        >
          Set a plan’s rates
        </Button>
      ) : null}
      <Table<PlanRatesRow>
        rowKey="project_uuid"
        loading={rows.isLoading}
        dataSource={rows.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No plan has its own rates; every plan uses the agency’s.' }}
        columns={[
          { key: 'title', title: 'Plan', render: (_, row) => row.title },
          { key: 'client', title: 'Client', render: (_, row) => row.customer_name ?? '—' },
          ...TIMELOG_CATEGORIES.map((category) => ({
            key: category,
            title: TIMELOG_CATEGORY_RATE_LABELS[category],
            render: (_: unknown, row: PlanRatesRow) => rate(row, category),
          })),
          ...(canEdit
            ? [
                {
                  key: 'edit',
                  title: 'Actions',
                  render: (_: unknown, row: PlanRatesRow) => (
                    <Button
                      size="small"
                      onClick={() =>
                        setEditing({ project_uuid: row.project_uuid, title: row.title, rates: row.hourly_rates })
                      }
                    >
                      Edit
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? <PlanRatesModal editing={editing} agency={agency} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
