import { formatMinutes, MESSAGES, type RequestDetail } from '@portal/domain';
import { Descriptions } from 'antd';
import { PersonName } from '../../people/PersonName';
import { PlanLink } from '../../plans';
import { isoToUsDate } from '../../timelogs/timeEntry';

/**
 * The request's key facts: the header shown instead of the Overview tab on narrow layouts (doc 2 §2).
 */
export function RequestFacts({ request }: { request: RequestDetail }) {
  const people = (pivot: 'responsible' | 'follower') => {
    const linked = request.related_users.filter((u) => u.pivot === pivot);
    if (linked.length === 0) {
      return '—';
    }
    return linked.map((u, index) => (
      <span key={u.uuid}>
        {index > 0 ? ', ' : null}
        <PersonName uuid={u.uuid} name={u.name} />
      </span>
    ));
  };
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, md: 3 }}
      data-testid="request-facts"
      items={[
        {
          key: 'project',
          label: 'Plan',
          children: request.project ? (
            <PlanLink uuid={request.project.uuid} testId="request-facts-plan">
              {request.project.title}
            </PlanLink>
          ) : (
            '—'
          ),
        },
        { key: 'client', label: 'Client', children: request.project?.customer?.business_name ?? '—' },
        {
          key: 'requester',
          label: 'Requester',
          children: request.requester ? (
            <PersonName uuid={request.requester.uuid} name={request.requester.name} testId="request-facts-requester" />
          ) : (
            '—'
          ),
        },
        { key: 'responsible', label: 'Responsible', children: people('responsible') },
        { key: 'type', label: 'Type', children: request.request_type?.name ?? '—' },
        {
          key: 'due',
          label: 'Due date',
          children: request.target_date ? isoToUsDate(request.target_date.slice(0, 10)) : MESSAGES.noDueDate,
        },
        { key: 'estimate', label: 'Estimated time', children: request.estimated_time_range },
        {
          key: 'spent',
          label: 'Time spent',
          children: <span data-testid="request-time-spent">{formatMinutes(request.time_spent)}</span>,
        },
        { key: 'total', label: 'Total time', children: formatMinutes(request.total_time) },
      ]}
    />
  );
}
