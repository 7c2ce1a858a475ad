import { formatMinutes, MESSAGES, type RequestDetail } from '@portal/domain';
import { Descriptions } from 'antd';
import { Link } from 'react-router';
import { isoToUsDate } from '../../timelogs/timeEntry';

/**
 * The request's key facts: the header shown instead of the Overview tab on narrow layouts (doc 2 §2).
 */
export function RequestFacts({ request }: { request: RequestDetail }) {
  const people = (pivot: 'responsible' | 'follower') =>
    request.related_users
      .filter((u) => u.pivot === pivot)
      .map((u) => u.name)
      .join(', ') || '—';
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
            <Link to={`/projects/${request.project.uuid}/requests`}>{request.project.title}</Link>
          ) : (
            '—'
          ),
        },
        { key: 'client', label: 'Client', children: request.project?.customer?.business_name ?? '—' },
        { key: 'requester', label: 'Requester', children: request.requester?.name ?? '—' },
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
