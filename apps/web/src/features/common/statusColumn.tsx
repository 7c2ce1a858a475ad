import type { DataColumn } from '../../components/DataTable';
import { StatusTag } from './StatusTag';

/** A list's Status column: sortable, a tag, edited in place with the list's own statuses. */
export function statusColumn<T>(options: readonly { value: string; label: string }[]): DataColumn<T> {
  return {
    key: 'status',
    title: 'Status',
    dataIndex: 'status',
    sortKey: 'status',
    edit: { field: 'status', input: 'select', options },
    render: (s: string) => <StatusTag status={s} />,
  };
}
