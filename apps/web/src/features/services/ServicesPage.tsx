import type { RequestType } from '@portal/domain';
import { formatUsd, MESSAGES, SERVICE_SELLS_LABELS } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Switch, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { DataTable, FilterSelect, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { NewButton } from '../common/NewButton';
import { PageHeader } from '../common/PageHeader';
import { listRequestTypes, REQUEST_TYPES_KEY } from '../requests/form/api';
import { CatalogueIcon } from '../requests/form/CatalogueIcon';
import { deleteRequestType, updateRequestType } from './api';
import { productTypeFilterOptions, withProductTypes } from './productTypeFilter';
import { countQuestions, formatEstimate, matchesSearch } from './serviceForm';

// The editor carries the questionnaire renderer; only those who open it load it.
const ServiceModal = lazy(() => import('./ServiceModal').then((m) => ({ default: m.ServiceModal })));

/**
 * /services: the request-type catalogue (doc 2 §3) with its estimate, tags, state and questionnaire size; New, Edit,
 * enable/disable and Delete each need their SERVICES_* permission. The catalogue is read through GET /request-types,
 * which needs REQUEST_READ, so the screen needs both.
 */
export function ServicesPage() {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const allowed = ability.can('SERVICES_READ') && ability.can('REQUEST_READ');
  const types = useQuery({
    queryKey: REQUEST_TYPES_KEY,
    queryFn: ({ signal }) => listRequestTypes(signal),
    enabled: allowed,
  });
  // The catalogue comes whole: the table searches, sorts and pages it itself.
  const table = useTableState('services', {
    serverPaging: false,
    sort: { by: 'name', direction: 'asc' },
    filters: { product_type: [] },
  });
  const [editing, setEditing] = useState<RequestType | 'new' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: REQUEST_TYPES_KEY });
  const toggle = useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) => updateRequestType(id, { disabled }),
    onSuccess: () => {
      reportSuccess(MESSAGES.changesUpdated);
      refresh();
    },
  });
  // A refusal (requests use the type) is reported by the query client with the server's message.
  const remove = useMutation({
    mutationFn: deleteRequestType,
    onSuccess: () => {
      reportSuccess(MESSAGES.deleted);
      refresh();
    },
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const canUpdate = ability.can('SERVICES_UPDATE');
  const canDelete = ability.can('SERVICES_DESTROY');
  return (
    <div className="list-page" data-testid="services-page">
      <PageHeader
        title="Services"
        actions={
          <NewButton permission="SERVICES_CREATE" onClick={() => setEditing('new')} testId="services-new">
            New service
          </NewButton>
        }
      />
      <DataTable<RequestType>
        table={table}
        query={{
          data: types.data ? { data: withProductTypes(types.data, table.state.filters.product_type) } : undefined,
          isFetching: types.isFetching,
          refetch: types.refetch,
        }}
        rowKey="id"
        testId="services"
        searchPlaceholder="Search services"
        clientSearch={matchesSearch}
        filters={
          <FilterSelect
            table={table}
            field="product_type"
            options={productTypeFilterOptions(types.data ?? [])}
            placeholder="Any product type"
            testId="services-product-type-filter"
          />
        }
        columns={[
          { title: '', key: 'icon', width: 48, render: (_: unknown, type) => <CatalogueIcon name={type.icon} /> },
          {
            title: 'Name',
            key: 'name',
            sortKey: 'name',
            render: (_: unknown, type) => (
              <Space orientation="vertical" size={0}>
                <span data-testid="service-name-cell">{type.name}</span>
                {type.description ? (
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 420 }}>
                    {type.description}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            title: 'Estimate',
            key: 'estimate',
            sortKey: 'timeEstimated',
            width: 100,
            render: (_: unknown, type) => formatEstimate(type.timeEstimated),
          },
          {
            title: 'Tags',
            key: 'tags',
            render: (_: unknown, type) => type.tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
          },
          {
            title: 'Enabled',
            key: 'enabled',
            // Ascending: enabled (disabled false) first.
            sortKey: 'disabled',
            width: 100,
            render: (_: unknown, type) =>
              canUpdate ? (
                <Switch
                  size="small"
                  checked={!type.disabled}
                  loading={toggle.isPending && toggle.variables?.id === type.id}
                  onChange={(on) => toggle.mutate({ id: type.id, disabled: !on })}
                  data-testid="service-enabled"
                />
              ) : (
                <Tag color={type.disabled ? 'default' : 'green'}>{type.disabled ? 'Disabled' : 'Enabled'}</Tag>
              ),
          },
          {
            title: 'Questions',
            key: 'questions',
            width: 100,
            render: (_: unknown, type) => countQuestions(type.form),
          },
          {
            title: 'Product type',
            key: 'product_type',
            sortKey: 'product_type.name',
            width: 140,
            render: (_: unknown, type) => (
              <span data-testid="service-product-type-cell">{type.product_type?.name ?? '—'}</span>
            ),
          },
          {
            title: 'Price',
            key: 'price',
            sortKey: 'price_cents',
            width: 130,
            render: (_: unknown, type) => (
              <span data-testid="service-price-cell">
                {type.price_cents === null ? '—' : formatUsd(type.price_cents)}
                {type.sells !== 'one_off' ? (
                  <Typography.Text type="secondary"> · {SERVICE_SELLS_LABELS[type.sells]}</Typography.Text>
                ) : null}
              </span>
            ),
          },
          {
            title: '',
            key: 'actions',
            width: 170,
            render: (_: unknown, type) => (
              <Space>
                {canUpdate ? (
                  <Button size="small" onClick={() => setEditing(type)} data-testid="service-edit">
                    Edit
                  </Button>
                ) : null}
                {canDelete ? (
                  <ConfirmButton
                    size="small"
                    danger
                    question={`Do you want to delete the service ${type.name}?`}
                    testId="service-delete"
                    onConfirm={() => remove.mutate(type.id)}
                  >
                    Delete
                  </ConfirmButton>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {editing ? (
        <Suspense fallback={null}>
          <ServiceModal type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
