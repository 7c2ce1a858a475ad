import {
  formatMinutes,
  PROJECT_TYPES,
  REQUEST_STATUSES,
  REQUEST_TEMPERATURE_FILTERS,
  type RequestCountPerTemp,
} from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Checkbox, Input, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAbility } from '../../../auth/useAbility';
import { useDebouncedValue } from '../../../search/useDebouncedValue';
import { humanize } from '../../common/listQuery';
import { listRequests, REQUESTS_KEY } from './api';
import { RequestTable } from './RequestTable';
import {
  listStateFromParams,
  listStateToParams,
  type RequestListState,
  requestListQuery,
  type TemperatureFilter,
} from './requestFilters';
import { requestStatusLabel } from './requestRows';
import './requests.css';
import { MassDownloadButton } from '../../uploads/MassDownloadButton';

/** Filter value → label: 3 high is hot, 2 medium warm, 1 low cold or frozen (doc 2 §3). */
const TEMPERATURE_LABELS: Record<TemperatureFilter, string> = { 3: 'Hot', 2: 'Warm', 1: 'Cold' };

function temperatureLabel(value: TemperatureFilter, counts: RequestCountPerTemp | undefined): string {
  return counts ? `${TEMPERATURE_LABELS[value]} (${counts[value]})` : TEMPERATURE_LABELS[value];
}

/**
 * The requests table with its filters, all kept in the address (doc 2 §2); `projectUuid` shows one plan's requests.
 */
export function RequestList({ projectUuid }: { projectUuid?: string }) {
  const ability = useAbility();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = listStateFromParams(params);
  const [typed, setTyped] = useState(state.search);
  const search = useDebouncedValue(typed, 300);

  const update = (patch: Partial<RequestListState>, keepPage = false) =>
    setParams((current) => {
      const base = listStateFromParams(current);
      return listStateToParams({ ...base, ...patch, page: keepPage ? (patch.page ?? base.page) : 1 }, current);
    });

  // The typed search reaches the address (and the query) after a pause in typing.
  useEffect(() => {
    setParams(
      (current) => {
        const base = listStateFromParams(current);
        return base.search === search ? current : listStateToParams({ ...base, search, page: 1 }, current);
      },
      { replace: true },
    );
  }, [search, setParams]);

  const query = requestListQuery(state, { search: state.search, projectUuid });
  const requests = useQuery({
    queryKey: [...REQUESTS_KEY, 'list', query],
    queryFn: ({ signal }) => listRequests(query, signal),
    placeholderData: keepPreviousData,
  });
  const counts = requests.data?.count_per_temp;

  return (
    <div data-testid="requests-list">
      <Space wrap className="request-filters">
        <Input.Search
          allowClear
          placeholder="Search requests"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          style={{ width: 240 }}
          data-testid="requests-search"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="All statuses"
          value={state.statuses}
          onChange={(statuses) => update({ statuses })}
          options={REQUEST_STATUSES.map((s) => ({ value: s, label: requestStatusLabel(s) }))}
          style={{ minWidth: 260 }}
          maxTagCount="responsive"
          aria-label="Filter by status"
          data-testid="requests-status-filter"
        />
        {projectUuid ? null : (
          <Select
            mode="multiple"
            allowClear
            placeholder="All plan types"
            value={state.projectTypes}
            onChange={(projectTypes) => update({ projectTypes })}
            options={PROJECT_TYPES.map((t) => ({ value: t, label: humanize(t) }))}
            style={{ minWidth: 200 }}
            aria-label="Filter by plan type"
            data-testid="requests-type-filter"
          />
        )}
        <Checkbox.Group<TemperatureFilter>
          value={state.temperatures}
          onChange={(temperatures) => update({ temperatures })}
          options={[...REQUEST_TEMPERATURE_FILTERS].reverse().map((value) => ({
            value,
            label: <span data-testid={`requests-temperature-${value}`}>{temperatureLabel(value, counts)}</span>,
          }))}
          data-testid="requests-temperature-filter"
        />
        {requests.data?.total_time !== undefined ? (
          <Typography.Text type="secondary" data-testid="requests-total-time">
            Total time: {formatMinutes(requests.data.total_time)}
          </Typography.Text>
        ) : null}
        <MassDownloadButton resource="requests" ids={(requests.data?.data ?? []).map((row) => row.uuid)} />
      </Space>
      <RequestTable
        rows={requests.data?.data ?? []}
        loading={requests.isFetching}
        canDuplicate={ability.isRegularUser && ability.can('REQUEST_CREATE')}
        onOpen={(uuid) => navigate(`/requests/${uuid}`)}
        pagination={{
          current: state.page,
          pageSize: state.size,
          total: requests.data?.meta.total ?? 0,
          showTotal: (total) => `${total} in total`,
          onChange: (page, size) => (size !== state.size ? update({ size }) : update({ page }, true)),
        }}
      />
    </div>
  );
}
