import {
  AD_CAMPAIGN_STATUSES,
  AD_PLATFORM_LABELS,
  AD_PLATFORMS,
  type Campaign,
  type CampaignInput,
  formatUsd,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, InputNumber, Radio, Select, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { reportError, reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { listPlans, PLANS_KEY } from '../plans/api';
import { CAMPAIGNS_KEY, createCampaign, deleteCampaign, getCampaign, updateCampaign } from './api';

type Option = { value: string; label: string };
type Values = {
  name: string;
  platform: CampaignInput['platform'];
  objective?: string;
  customer_uuid: string;
  project_uuid?: string | null;
  budget_dollars?: number | null;
  budget_type: 'daily' | 'lifetime';
  start_date?: string;
  end_date?: string;
  status: NonNullable<CampaignInput['status']>;
};

const STATUS_OPTIONS = AD_CAMPAIGN_STATUSES.map((s) => ({ value: s, label: s[0]?.toUpperCase() + s.slice(1) }));

/** One campaign: created or edited here; its linked tasks and requests open their own pages. */
export function CampaignDrawer({
  uuid,
  clients,
  onCreated,
  onClose,
}: {
  uuid: string | null;
  clients: Option[];
  onCreated(uuid: string): void;
  onClose(): void;
}) {
  const campaign = useQuery({
    queryKey: [...CAMPAIGNS_KEY, 'detail', uuid],
    queryFn: ({ signal }) => getCampaign(uuid as string, signal),
    enabled: uuid !== null,
  });
  const title = uuid === null ? 'New campaign' : (campaign.data?.name ?? 'Campaign');
  return (
    <Drawer open onClose={onClose} title={title} width="min(640px, 100vw)" data-testid="campaign-drawer">
      {uuid !== null && !campaign.data ? (
        campaign.isError ? (
          <Alert type="error" showIcon title="The campaign could not be loaded." />
        ) : (
          <Skeleton active />
        )
      ) : (
        <CampaignForm
          key={campaign.data ? `${campaign.data.uuid}-${campaign.dataUpdatedAt}` : 'new'}
          campaign={campaign.data ?? null}
          clients={clients}
          onCreated={onCreated}
          onDeleted={onClose}
        />
      )}
    </Drawer>
  );
}

function CampaignForm({
  campaign,
  clients,
  onCreated,
  onDeleted,
}: {
  campaign: Campaign | null;
  clients: Option[];
  onCreated(uuid: string): void;
  onDeleted(): void;
}) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const customer = Form.useWatch('customer_uuid', form) ?? campaign?.customer.uuid;
  const plans = useQuery({
    queryKey: [...PLANS_KEY, 'for-client', customer],
    queryFn: ({ signal }) => listPlans({ size: 200, filters: { customer_id: customer } }, signal),
    enabled: Boolean(customer) && ability.can('PROJECTS_READ'),
  });
  const mayEdit = ability.can(campaign ? 'PRODUCTS_UPDATE' : 'PRODUCTS_CREATE');
  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = {
        name: v.name,
        platform: v.platform,
        objective: v.objective || null,
        project_uuid: v.project_uuid || null,
        budget: v.budget_dollars === null || v.budget_dollars === undefined ? null : Math.round(v.budget_dollars * 100),
        budget_type: v.budget_type,
        start_date: v.start_date || null,
        end_date: v.end_date || null,
        status: v.status,
      };
      return campaign
        ? updateCampaign(campaign.uuid, body)
        : createCampaign({ ...body, customer_uuid: v.customer_uuid });
    },
    meta: { silentError: true },
    onSuccess: (next) => {
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      reportSuccess('Campaign saved');
      if (!campaign) {
        onCreated(next.uuid);
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) {
        form.setFields(
          Object.entries(error.fieldErrors).map(([name, errors]) => ({
            name: name === 'budget' ? 'budget_dollars' : (name as keyof Values),
            errors,
          })),
        );
        return;
      }
      reportError(error);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteCampaign(campaign?.uuid as string),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      reportSuccess('Campaign deleted');
      onDeleted();
    },
  });
  const initial: Partial<Values> = campaign
    ? {
        name: campaign.name,
        platform: campaign.platform,
        objective: campaign.objective ?? '',
        customer_uuid: campaign.customer.uuid,
        project_uuid: campaign.project?.uuid ?? null,
        budget_dollars: campaign.budget === null ? null : campaign.budget / 100,
        budget_type: campaign.budget_type,
        start_date: campaign.start_date ?? '',
        end_date: campaign.end_date ?? '',
        status: campaign.status,
      }
    : { platform: 'meta', budget_type: 'daily', status: 'draft' };
  const planOptions = (plans.data?.data ?? []).map((p) => ({ value: p.uuid, label: p.title }));
  if (campaign?.project && !planOptions.some((p) => p.value === campaign.project?.uuid)) {
    planOptions.push({ value: campaign.project.uuid, label: campaign.project.title });
  }
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={!mayEdit}
      onFinish={(v) => save.mutate(v)}
      data-testid="campaign-form"
    >
      <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, max: 200 }]}>
        <Input data-testid="campaign-name" maxLength={200} />
      </Form.Item>
      <Form.Item name="customer_uuid" label="Client" rules={[{ required: true }]}>
        <Select
          options={clients}
          showSearch
          optionFilterProp="label"
          disabled={campaign !== null}
          data-testid="campaign-client"
          onChange={() => form.setFieldValue('project_uuid', null)}
        />
      </Form.Item>
      <Form.Item name="project_uuid" label="Plan">
        <Select options={planOptions} allowClear showSearch optionFilterProp="label" data-testid="campaign-plan" />
      </Form.Item>
      <Space wrap size="middle" className="campaign-form-row">
        <Form.Item name="platform" label="Platform" rules={[{ required: true }]}>
          <Select
            className="campaign-select"
            options={AD_PLATFORMS.map((p) => ({ value: p, label: AD_PLATFORM_LABELS[p] }))}
            data-testid="campaign-platform"
          />
        </Form.Item>
        <Form.Item name="status" label="Status">
          <Select className="campaign-select" options={STATUS_OPTIONS} data-testid="campaign-status" />
        </Form.Item>
      </Space>
      <Form.Item name="objective" label="Objective" rules={[{ max: 200 }]}>
        <Input placeholder="Sales, leads, awareness…" maxLength={200} />
      </Form.Item>
      <Space wrap size="middle" className="campaign-form-row">
        <Form.Item name="budget_dollars" label="Budget (USD)">
          <InputNumber min={0} step={10} precision={2} prefix="$" data-testid="campaign-budget" />
        </Form.Item>
        <Form.Item name="budget_type" label="Budget type">
          <Radio.Group
            options={[
              { value: 'daily', label: 'Daily' },
              { value: 'lifetime', label: 'Lifetime' },
            ]}
          />
        </Form.Item>
      </Space>
      <Space wrap size="middle" className="campaign-form-row">
        <Form.Item name="start_date" label="Start">
          <Input type="date" data-testid="campaign-start" />
        </Form.Item>
        <Form.Item name="end_date" label="End">
          <Input type="date" data-testid="campaign-end" />
        </Form.Item>
      </Space>
      {campaign ? (
        <div className="campaign-links">
          <Typography.Text type="secondary">Spend to date: {formatUsd(campaign.spend)}</Typography.Text>
          <LinkList title="Tasks" items={campaign.tasks} path={(u) => `/tasks?task_uuid=${u}`} />
          <LinkList title="Requests" items={campaign.requests} path={(u) => `/requests/${u}`} />
        </div>
      ) : null}
      {mayEdit ? (
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="campaign-save">
            Save
          </Button>
          {campaign && ability.can('PRODUCTS_DESTROY') ? (
            <ConfirmButton
              question="Delete this campaign and its figures?"
              onConfirm={() => remove.mutate()}
              danger
              testId="campaign-delete"
            >
              Delete
            </ConfirmButton>
          ) : null}
        </Space>
      ) : null}
    </Form>
  );
}

function LinkList({
  title,
  items,
  path,
}: {
  title: string;
  items: { uuid: string; title: string }[];
  path(uuid: string): string;
}) {
  return (
    <div>
      <Typography.Text strong>{title}</Typography.Text>
      {items.length ? (
        <ul className="campaign-link-list">
          {items.map((item) => (
            <li key={item.uuid}>
              <Link to={path(item.uuid)}>{item.title}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Paragraph type="secondary">None linked.</Typography.Paragraph>
      )}
    </div>
  );
}
