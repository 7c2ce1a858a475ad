import type { ListParams } from '../common/listQuery';

/**
 * The client modal's contacts (doc 1 §7: page size 300, filtered on the client and on active status): a contact
 * whose account was deactivated no longer shows on the client's card; the People screen still lists every contact.
 */
export function clientContactsParams(customerId: string): ListParams {
  return { size: 300, filters: { customer_id: customerId, status: ['active'] }, sortBy: 'name' };
}
