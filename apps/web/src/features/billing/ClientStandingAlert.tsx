import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useAbility } from '../../auth/useAbility';
import { BILLING_KEY, getClientStanding } from './api';

/**
 * On a new request: the overdue rule's message for the chosen plan's client, before it is sent. "warn" shows it as a
 * warning; "refuse" as an error (the server refuses the request with the same message). Nothing when within limits.
 */
export function ClientStandingAlert({ projectUuid }: { projectUuid: string }) {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('REQUEST_CREATE');
  const standing = useQuery({
    queryKey: [...BILLING_KEY, 'standing', projectUuid],
    queryFn: ({ signal }) => getClientStanding(projectUuid, signal),
    enabled: allowed,
    meta: { silentError: true },
  });
  const message = standing.data?.message;
  if (!allowed || !message) {
    return null;
  }
  return (
    <Alert
      type={standing.data?.policy === 'refuse' ? 'error' : 'warning'}
      showIcon
      className="form-alert"
      title={message}
      data-testid="request-client-overdue"
    />
  );
}
