import type { PlanHistoryEntry } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, useTableState } from '../../components/DataTable';
import { humanize } from '../common/listQuery';
import { PersonName } from '../people/PersonName';
import { listPlanHistory, planHistoryKey } from './api';

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  budget: 'Budget changed',
};

/** The plan's own activity (GET projects/{uuid}/history), newest first, paged by the server. */
export function PlanHistoryTab({ planUuid }: { planUuid: string }) {
  const table = useTableState('plan-history');
  const { page, size } = table.state;
  const history = useQuery({
    queryKey: [...planHistoryKey(planUuid), ...table.queryKey],
    queryFn: ({ signal }) => listPlanHistory(planUuid, { page, size }, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable<PlanHistoryEntry>
      table={table}
      query={history}
      testId="plan-history"
      columns={[
        {
          key: 'created_at',
          title: 'When',
          dataIndex: 'created_at',
          render: (value: string) => new Date(value).toLocaleString(),
        },
        {
          key: 'actor',
          title: 'Who',
          dataIndex: 'actor',
          render: (actor: PlanHistoryEntry['actor']) =>
            actor ? <PersonName uuid={actor.uuid} name={actor.name} /> : 'System',
        },
        {
          key: 'action',
          title: 'What',
          dataIndex: 'action',
          render: (action: string) => (
            <span data-testid="plan-history-action">{ACTION_LABELS[action] ?? humanize(action)}</span>
          ),
        },
        {
          key: 'fields',
          title: 'Changed',
          dataIndex: 'fields',
          render: (fields: string[]) => (fields.length ? fields.map(humanize).join(', ') : '—'),
        },
      ]}
    />
  );
}
