import { type Budget, type Credit, formatMinutes, formatUsd } from '@portal/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Modal, Progress, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { describeError } from '../../../api/errors';
import { type DataColumn, DataTable, useEmbeddedTableState } from '../../../components/DataTable';
import { formatTimeInput, timeInputToMinutes } from '../../timelogs/timeEntry';
import { addAdjustment, budgetKey, getBudget, listCredits, setRollover } from './api';
import './budget.css';

const KIND_LABELS: Record<Credit['kind'], string> = {
  period_credit: 'Period credit',
  manual_adjustment: 'Adjustment',
  expiry: 'Expired (not carried over)',
};

/** YYYY-MM-DD → MM/DD/YYYY (doc 2 §9 display dates). */
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** A bar as a percentage of budget; past 100 % it stays full and turns to the danger style with the real figure. */
export function BudgetBar({ label, percent, testId }: { label: string; percent: number; testId: string }) {
  const over = percent > 100;
  return (
    <div className="budget-bar" data-testid={testId} data-over={over ? 'true' : 'false'}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Progress
        percent={Math.min(100, percent)}
        status={over ? 'exception' : 'normal'}
        format={() => `${percent}%`}
        size="small"
        // The bar's name for screen readers (axe: aria-progressbar-name); the caption above is not tied to it.
        aria-label={`${label}: ${percent}% of budget`}
      />
    </div>
  );
}

function Figure({ label, minutes, testId }: { label: string; minutes: string; testId: string }) {
  return (
    <div className="budget-figure" data-testid={testId}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong>{minutes}</Typography.Text>
    </div>
  );
}

function AdjustmentModal({ planUuid, open, onClose }: { planUuid: string; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ direction: 'add' | 'remove'; time: string; note: string }>();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const save = useMutation({
    mutationFn: (v: { direction: 'add' | 'remove'; time: string; note: string }) =>
      addAdjustment(planUuid, {
        total_time: (v.direction === 'remove' ? -1 : 1) * timeInputToMinutes(v.time),
        note: v.note,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: budgetKey(planUuid) });
      void message.success('Adjustment added.');
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      title="Add adjustment"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Save"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {save.isError ? <Alert type="error" showIcon title={describeError(save.error)} /> : null}
      <Form form={form} layout="vertical" initialValues={{ direction: 'add' }} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="direction" label="Credit">
          <Select
            options={[
              { value: 'add', label: 'Add hours' },
              { value: 'remove', label: 'Remove hours' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="time"
          label="Hours (hh:mm)"
          getValueFromEvent={(e: { target: { value: string } }) => formatTimeInput(e.target.value)}
          rules={[
            { required: true, message: 'This field is required' },
            {
              validator: (_, value: string) =>
                timeInputToMinutes(value) > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error('Time should be bigger than 00:00')),
            },
          ]}
        >
          <Input inputMode="numeric" placeholder="00:00" data-testid="adjustment-time" />
        </Form.Item>
        <Form.Item
          name="note"
          label="Note"
          rules={[{ required: true, whitespace: true, message: 'This field is required' }]}
        >
          <Input.TextArea rows={3} maxLength={1000} data-testid="adjustment-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RolloverSetting({ planUuid, budget }: { planUuid: string; budget: Budget }) {
  const queryClient = useQueryClient();
  const [cap, setCap] = useState<number | null>(budget.rollover_cap === null ? null : budget.rollover_cap / 60);
  const save = useMutation({
    mutationFn: (input: { rollover: Budget['rollover']; rollover_cap: number | null }) => setRollover(planUuid, input),
    onSuccess: (data) => queryClient.setQueryData(budgetKey(planUuid), data),
  });
  const apply = (rollover: Budget['rollover'], hours: number | null) =>
    save.mutate({ rollover, rollover_cap: rollover === 'up_to' ? Math.round((hours ?? 0) * 60) : null });
  return (
    <Space wrap size="small" className="budget-rollover">
      <Typography.Text type="secondary">Unused credit</Typography.Text>
      <Select
        size="small"
        value={budget.rollover}
        aria-label="Rollover of unused credit"
        popupMatchSelectWidth={false}
        onChange={(value) => apply(value, cap ?? 0)}
        options={[
          { value: 'none', label: 'Expires each period' },
          { value: 'all', label: 'Carries over in full' },
          { value: 'up_to', label: 'Carries over up to…' },
        ]}
      />
      {budget.rollover === 'up_to' ? (
        <InputNumber
          size="small"
          min={0}
          max={1666}
          value={cap}
          aria-label="Rollover cap in hours"
          suffix="h"
          onChange={setCap}
          onBlur={() => apply('up_to', cap)}
        />
      ) : null}
      {save.isError ? <Typography.Text type="danger">{describeError(save.error)}</Typography.Text> : null}
    </Space>
  );
}

const CREDIT_COLUMNS: DataColumn<Credit>[] = [
  { key: 'date', title: 'Date', dataIndex: 'date', sortKey: 'date', render: (d: string) => usDate(d) },
  {
    key: 'total_time',
    title: 'Total time',
    dataIndex: 'total_time',
    sortKey: 'total_time',
    render: (m: number) => formatMinutes(m),
  },
  { key: 'kind', title: 'Kind', dataIndex: 'kind', sortKey: 'kind', render: (k: Credit['kind']) => KIND_LABELS[k] },
  { key: 'note', title: 'Note', dataIndex: 'note', render: (n: string | null) => n ?? '' },
  { key: 'created_by', title: 'By', dataIndex: 'created_by', render: (c: Credit['created_by']) => c?.name ?? '' },
];

/**
 * A plan's credit rows on the embedded data table (the plan page's budget panel, and each plan's row of the
 * project time report, several at once): paged and sorted by the server, newest date first until a column is
 * chosen; sort, page size and hidden columns are remembered for every plan.
 */
export function CreditHistory({ planUuid }: { planUuid: string }) {
  const table = useEmbeddedTableState('credit-history');
  const credits = useQuery({
    queryKey: [...budgetKey(planUuid), 'credits', ...table.queryKey],
    queryFn: ({ signal }) => listCredits(planUuid, table.listParams, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <div data-testid="credit-history">
      <DataTable<Credit>
        table={table}
        query={credits}
        columns={CREDIT_COLUMNS}
        testId="credit-history"
        locale={{ emptyText: 'No credits yet' }}
      />
    </div>
  );
}

/**
 * The budget panel (doc 2 §6, §9; doc 1 §6): only on retainer plans with time reports enabled. Refil (credits),
 * Timelog, Balance (credits minus timelogs), Available / budget in hours, spent and estimated bars as a percentage
 * of budget; with `history`, the credit rows and, for PROJECTS_UPDATE holders, adjustments and the rollover rule.
 */
export function BudgetPanel({ planUuid, history = false }: { planUuid: string; history?: boolean }) {
  const [adjusting, setAdjusting] = useState(false);
  const budget = useQuery({
    queryKey: budgetKey(planUuid),
    queryFn: ({ signal }) => getBudget(planUuid, signal),
    meta: { silentError: true },
  });
  if (!budget.data?.show_panel) {
    return null;
  }
  const b = budget.data;
  return (
    <Card
      size="small"
      className="budget-panel"
      data-testid="budget-panel"
      title={<Typography.Text strong>Budget</Typography.Text>}
      extra={
        history && b.can_adjust ? (
          <Button size="small" onClick={() => setAdjusting(true)} data-testid="add-adjustment">
            Add adjustment
          </Button>
        ) : null
      }
    >
      <div className="budget-figures">
        <Figure label="Refil" minutes={formatMinutes(b.refil)} testId="budget-refil" />
        <Figure label="Timelog" minutes={formatMinutes(b.timelog)} testId="budget-timelog" />
        <Figure label="Balance" minutes={formatMinutes(b.balance)} testId="budget-balance" />
        <Figure
          label="Available / budget"
          minutes={`${formatMinutes(b.available)} / ${formatMinutes(b.budget)}`}
          testId="budget-available"
        />
        {/* Amounts come only to those who may read the hourly rates (CHARGES_READ). */}
        {b.period_amount_cents !== null ? (
          <Figure
            label="Spent this period (USD)"
            minutes={formatUsd(b.period_amount_cents)}
            testId="budget-period-amount"
          />
        ) : null}
        {b.timelog_amount_cents !== null ? (
          <Figure label="Timelog (USD)" minutes={formatUsd(b.timelog_amount_cents)} testId="budget-timelog-amount" />
        ) : null}
      </div>
      <BudgetBar label="Spent" percent={b.spent_percent} testId="budget-spent" />
      <BudgetBar label="Estimated" percent={b.estimated_percent} testId="budget-estimated" />
      {history ? (
        <>
          {b.can_adjust ? <RolloverSetting planUuid={planUuid} budget={b} /> : null}
          <Typography.Title level={5} className="budget-history-title">
            Credit history
          </Typography.Title>
          <CreditHistory planUuid={planUuid} />
          <AdjustmentModal planUuid={planUuid} open={adjusting} onClose={() => setAdjusting(false)} />
        </>
      ) : null}
    </Card>
  );
}
