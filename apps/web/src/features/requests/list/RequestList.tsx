import {
  formatMinutes,
  PROJECT_TYPES,
  REQUEST_STATUSES,
  REQUEST_TEMPERATURE_FILTERS,
  type RequestCountPerTemp,
} from '@portal/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useAbility } from '../../../auth/useAbility';
import { bulkFiltersOf, FilterSelect, useTableState } from '../../../components/DataTable';
import { humanize } from '../../common/listQuery';
import { listRequests, REQUESTS_KEY } from './api';
import { RequestTable } from './RequestTable';
import { requestBulkEdit } from './requestBulkEdit';
import {
  REQUEST_TABLE_FILTERS,
  REQUEST_TABLE_SORT,
  requestListQuery,
  requestStateFromTable,
  type TemperatureFilter,
} from './requestFilters';
import { requestStatusLabel } from './requestRows';
import './requests.css';
import { listAssignableUsers } from '../../tasks/api';
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
  const queryClient = useQueryClient();
  const table = useTableState(projectUuid ? 'plan-requests' : 'requests', {
    filters: REQUEST_TABLE_FILTERS,
    sort: REQUEST_TABLE_SORT,
  });
  const state = requestStateFromTable(table.state);
  const query = requestListQuery(state, { search: state.search, projectUuid });
  const requests = useQuery({
    queryKey: [...REQUESTS_KEY, 'list', query],
    queryFn: ({ signal }) => listRequests(query, signal),
    placeholderData: keepPreviousData,
  });
  const counts = requests.data?.count_per_temp;
  const canUpdate = ability.can('REQUEST_UPDATE');
  const canDelete = ability.isRegularUser && ability.can('REQUEST_DESTROY');
  const people = useQuery({
    queryKey: ['project-users', 'assignable'],
    queryFn: ({ signal }) => listAssignableUsers(signal),
    staleTime: 60_000,
    enabled: canUpdate,
  });
  const { 'project_type[]': projectTypes } = query;

  return (
    <div data-testid="requests-list">
      <RequestTable
        table={table}
        query={requests}
        canDuplicate={ability.isRegularUser && ability.can('REQUEST_CREATE')}
        onOpen={(uuid) => navigate(`/requests/${uuid}`)}
        exportSource={{ path: 'requests/export-all', query }}
        bulk={{
          resource: 'requests',
          filters: bulkFiltersOf(query),
          listExtras: projectTypes ? { project_type: projectTypes } : undefined,
          statuses: canUpdate ? REQUEST_STATUSES.map((s) => ({ value: s, label: requestStatusLabel(s) })) : undefined,
          canDelete,
          edit: canUpdate ? requestBulkEdit(people.data ?? [], ability.isRegularUser) : undefined,
          // Anyone who reads requests may zip the files of the ticked ones, or of all the list holds.
          selectionActions: (_selection, target) => <MassDownloadButton resource="requests" target={target} />,
          onDone: () => void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY }),
        }}
        filters={
          <>
            <FilterSelect
              table={table}
              field="status"
              options={REQUEST_STATUSES.map((s) => ({ value: s, label: requestStatusLabel(s) }))}
              placeholder="All statuses"
              minWidth={260}
              testId="requests-status-filter"
            />
            {projectUuid ? null : (
              <FilterSelect
                table={table}
                field="project_type"
                options={PROJECT_TYPES.map((t) => ({ value: t, label: humanize(t) }))}
                placeholder="All plan types"
                minWidth={200}
                testId="requests-type-filter"
              />
            )}
            <Checkbox.Group<TemperatureFilter>
              value={state.temperatures}
              onChange={(temperatures) => table.setFilter('temperature', temperatures.map(String))}
              options={[...REQUEST_TEMPERATURE_FILTERS].reverse().map((value) => ({
                value,
                label: <span data-testid={`requests-temperature-${value}`}>{temperatureLabel(value, counts)}</span>,
              }))}
              data-testid="requests-temperature-filter"
            />
          </>
        }
        extra={
          requests.data?.total_time !== undefined ? (
            <Typography.Text type="secondary" data-testid="requests-total-time">
              Total time: {formatMinutes(requests.data.total_time)}
            </Typography.Text>
          ) : null
        }
      />
    </div>
  );
}
