import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { CUSTOMERS_KEY, listActiveCustomers } from '../clients/api';

/** One active client, searchable by name; empty means "no client". */
export function ClientPicker({
  value,
  onChange,
  id,
  testId,
  placeholder = 'No client',
}: {
  value: string | null;
  onChange(uuid: string | null): void;
  id?: string;
  testId: string;
  placeholder?: string;
}) {
  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'selector'],
    queryFn: ({ signal }) => listActiveCustomers(signal),
  });
  return (
    <Select
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={placeholder}
      loading={customers.isLoading}
      value={value ?? undefined}
      onChange={(uuid?: string) => onChange(uuid ?? null)}
      options={(customers.data?.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }))}
      data-testid={testId}
      style={{ width: '100%' }}
    />
  );
}
