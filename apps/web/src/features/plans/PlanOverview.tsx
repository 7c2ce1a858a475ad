import { minutesToReload, type Plan } from '@portal/domain';
import { Descriptions } from 'antd';
import { humanize } from '../common/listQuery';
import { StatusTag } from '../common/StatusTag';
import { PersonName } from '../people/PersonName';
import { isoToUsDate } from '../timelogs/timeEntry';
import { BudgetPanel } from './budget/BudgetPanel';

/**
 * The plan page's Overview: its facts and the budget panel with the credit history (adjustments and the rollover
 * rule for those who may change them). The panel moves live: the page keeps the tab on `project.{uuid}`.
 */
export function PlanOverview({ plan }: { plan: Plan }) {
  return (
    <div className="plan-overview">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        data-testid="plan-facts"
        items={[
          { key: 'status', label: 'Status', children: <StatusTag status={plan.status} /> },
          { key: 'type', label: 'Type', children: plan.plan_type?.display_name ?? humanize(plan.kind) },
          {
            key: 'manager',
            label: 'Manager',
            children: plan.project_manager ? (
              <PersonName uuid={plan.project_manager.uuid} name={plan.project_manager.name} />
            ) : (
              '—'
            ),
          },
          { key: 'start', label: 'Start date', children: isoToUsDate(plan.start_date) || '—' },
          { key: 'refill', label: 'Reload amount', children: minutesToReload(plan.refill) || '—' },
        ]}
      />
      <BudgetPanel planUuid={plan.uuid} history />
    </div>
  );
}
