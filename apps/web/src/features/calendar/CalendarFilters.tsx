import { CALENDAR_KIND_LABELS, CALENDAR_KINDS, type CalendarKind } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useAbility } from '../../auth/useAbility';
import { type CalendarFilters, listClients, listPeople, listPlans } from './api';

const KIND_OPTIONS = CALENDAR_KINDS.map((kind) => ({ value: kind, label: CALENDAR_KIND_LABELS[kind] }));

/** Person, plan, client and kind; each list shows only to those who may read it (the server answers 403 otherwise). */
export function CalendarFiltersBar({
  filters,
  onChange,
}: {
  filters: CalendarFilters;
  onChange: (name: string, value: string | undefined) => void;
}) {
  const ability = useAbility();
  const mayListClients = ability.isRegularUser && ability.can('CUSTOMERS_READ');
  const people = useQuery({ queryKey: ['project-users', 'calendar'], queryFn: ({ signal }) => listPeople(signal) });
  const plans = useQuery({
    queryKey: ['plans', 'lite', 'calendar'],
    queryFn: ({ signal }) => listPlans(signal),
    enabled: ability.mayListPlans,
  });
  const clients = useQuery({
    queryKey: ['customers', 'calendar'],
    queryFn: ({ signal }) => listClients(signal),
    enabled: mayListClients,
  });
  const common = { allowClear: true, showSearch: true, optionFilterProp: 'label', className: 'calendar-filter' };
  return (
    <div className="calendar-filters" data-testid="calendar-filters">
      <Select<CalendarKind[]>
        mode="multiple"
        aria-label="Kinds"
        placeholder="All kinds"
        options={KIND_OPTIONS}
        value={filters.kinds}
        onChange={(kinds) => onChange('kinds', kinds.join(',') || undefined)}
        allowClear
        className="calendar-filter calendar-filter--kinds"
        data-testid="calendar-filter-kinds"
      />
      <Select
        {...common}
        aria-label="Person"
        placeholder="Everyone"
        options={(people.data ?? []).map((p) => ({ value: p.uuid, label: p.name }))}
        value={filters.user_uuid}
        onChange={(value?: string) => onChange('user', value)}
        data-testid="calendar-filter-person"
      />
      {ability.mayListPlans ? (
        <Select
          {...common}
          aria-label="Plan"
          placeholder="All plans"
          options={(plans.data ?? []).map((p) => ({ value: p.uuid, label: p.title }))}
          value={filters.project_uuid}
          onChange={(value?: string) => onChange('plan', value)}
          data-testid="calendar-filter-plan"
        />
      ) : null}
      {mayListClients ? (
        <Select
          {...common}
          aria-label="Client"
          placeholder="All clients"
          options={(clients.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }))}
          value={filters.customer_uuid}
          onChange={(value?: string) => onChange('client', value)}
          data-testid="calendar-filter-client"
        />
      ) : null}
    </div>
  );
}
