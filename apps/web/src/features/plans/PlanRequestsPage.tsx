import { useQuery } from '@tanstack/react-query';
import { Result, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router';
import { describeError } from '../../api/errors';
import { PageHeader } from '../common/PageHeader';
import { StatusTag } from '../common/StatusTag';
import { RequestList } from '../requests/list/RequestList';
import { getPlan, PLANS_KEY } from './api';

/** /projects/:id/requests: the plan's title, its client and its requests. */
export function PlanRequestsPage() {
  const { id = '' } = useParams();
  const plan = useQuery({
    queryKey: [...PLANS_KEY, 'one', id],
    queryFn: ({ signal }) => getPlan(id, signal),
    meta: { silentError: true },
  });
  if (plan.isPending) {
    return <Skeleton active />;
  }
  if (plan.isError) {
    return <Result status="warning" title={describeError(plan.error)} data-testid="plan-load-error" />;
  }
  return (
    <div data-testid="plan-requests-page">
      <PageHeader title={plan.data.title} actions={<StatusTag status={plan.data.status} />} />
      <Typography.Paragraph type="secondary" data-testid="plan-client">
        {plan.data.customer?.business_name ?? 'No client'}
      </Typography.Paragraph>
      <RequestList projectUuid={plan.data.uuid} />
    </div>
  );
}
