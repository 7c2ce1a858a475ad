import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd';
import { reportSuccess } from '../../shell/feedback';
import { getRequiredRoles, MFA_REQUIRED_ROLES_KEY, saveRequiredRoles } from './api';

/**
 * In the role editor (ROLES_UPDATE): whether people in this role must use a second factor. Turning it on leads
 * them to set one up at their next call; nothing else of the app answers them until they have.
 */
export function RequiredRoleSwitch({ roleUuid }: { roleUuid: string }) {
  const queryClient = useQueryClient();
  const required = useQuery({ queryKey: MFA_REQUIRED_ROLES_KEY, queryFn: ({ signal }) => getRequiredRoles(signal) });
  const save = useMutation({
    mutationFn: saveRequiredRoles,
    onSuccess: (roleUuids) => {
      queryClient.setQueryData(MFA_REQUIRED_ROLES_KEY, roleUuids);
      reportSuccess('Saved.');
    },
  });
  const list = required.data ?? [];
  const on = list.includes(roleUuid);
  return (
    <div className="switch-label mfa-required-role">
      <Switch
        checked={on}
        loading={required.isPending || save.isPending}
        onChange={(next) => save.mutate(next ? [...list, roleUuid] : list.filter((uuid) => uuid !== roleUuid))}
        aria-label="Require two-factor authentication"
        data-testid="role-mfa-required"
      />{' '}
      Require two-factor authentication for people in this role
    </div>
  );
}
