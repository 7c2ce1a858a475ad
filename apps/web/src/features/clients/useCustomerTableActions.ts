import { CLIENT_STATUSES } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useAbility } from '../../auth/useAbility';
import type { BulkActions } from '../../components/DataTable';
import { humanize } from '../common/listQuery';
import { CUSTOMERS_KEY } from './api';

export const CLIENT_STATUS_OPTIONS = CLIENT_STATUSES.map((s) => ({ value: s, label: humanize(s) }));

/**
 * What the clients and customers tables (one resource, two screens) offer for their rows, by the caller's
 * permissions: bulk status and delete over the current status filter, and inline edit.
 */
export function useCustomerTableActions(status: string[]) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const canUpdate = ability.can('CUSTOMERS_UPDATE');
  const canDelete = ability.can('CUSTOMERS_DESTROY');
  const bulk: BulkActions | undefined =
    canUpdate || canDelete
      ? {
          resource: 'customers',
          filters: { status },
          statuses: canUpdate ? CLIENT_STATUS_OPTIONS : undefined,
          canDelete,
          onDone: () => void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY }),
        }
      : undefined;
  return { bulk, rowEdit: canUpdate ? { url: 'customers' } : undefined };
}
