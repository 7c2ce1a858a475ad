import { useTableState } from '../../components/DataTable';
import { ListPage } from '../common/ListPage';
import { useModalParam } from '../common/useModalParam';
import {
  abbreviationColumn,
  CustomerTable,
  clientStatusColumn,
  companyNameColumn,
  countColumns,
} from './CustomerTable';

/** /clients: the clients table; a row opens the client modal (client_uuid=…). */
export function ClientsPage() {
  const modal = useModalParam('client_uuid');
  const table = useTableState('clients', {
    filters: { status: ['active'] },
    sort: { by: 'business_name', direction: 'asc' },
  });
  return (
    <ListPage
      testId="clients-page"
      title="Clients"
      create={{
        permission: 'CUSTOMERS_CREATE',
        label: 'New client',
        onClick: () => modal.set('create'),
        testId: 'clients-new',
      }}
    >
      <CustomerTable
        table={table}
        testId="clients"
        searchPlaceholder="Search clients"
        columns={[
          companyNameColumn('client-row-link', true),
          abbreviationColumn('Abbreviation'),
          clientStatusColumn,
          ...countColumns,
        ]}
      />
    </ListPage>
  );
}
