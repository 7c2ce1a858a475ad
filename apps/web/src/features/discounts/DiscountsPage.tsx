import { DISCOUNT_TYPE_LABELS, DISCOUNT_TYPES, type Discount } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Switch } from 'antd';
import { useAbility } from '../../auth/useAbility';
import { DataTable, FilterSelect, useListQuery, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { reportError } from '../../shell/feedback';
import { PageHeader } from '../common/PageHeader';
import { useModalParam } from '../common/useModalParam';
import { DISCOUNTS_KEY, listDiscounts, updateDiscount } from './api';
import { DiscountDrawer } from './DiscountDrawer';
import { discountScope, discountUse, discountValidity, discountValue } from './discountText';
import './discounts.css';

/**
 * /discounts (PRODUCTS_READ, issue 22): the agency's discount codes, newest first. A row opens the code
 * (`?discount=<uuid>`, `?discount=new`) to edit it and see the orders that used it; the switch turns it on or off.
 */
export function DiscountsPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('PRODUCTS_READ');
  const open = useModalParam('discount');
  const queryClient = useQueryClient();
  const table = useTableState('discounts', { filters: { type: [] } });
  const params = { ...table.listParams, filters: { type: table.state.filters.type } };
  const discounts = useListQuery(DISCOUNTS_KEY, table, (signal) => listDiscounts(params, signal), {
    enabled: allowed,
  });
  const toggle = useMutation({
    mutationFn: (row: Discount) => updateDiscount(row.uuid, { active: !row.active }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISCOUNTS_KEY }),
    onError: reportError,
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const canUpdate = ability.can('PRODUCTS_UPDATE');
  return (
    <div className="list-page" data-testid="discounts-page">
      <PageHeader
        title="Discounts"
        actions={
          ability.can('PRODUCTS_CREATE') ? (
            <Button type="primary" onClick={() => open.set('new')} data-testid="discount-new">
              New code
            </Button>
          ) : null
        }
      />
      <DataTable<Discount>
        table={table}
        query={discounts}
        testId="discounts"
        searchPlaceholder="Search code"
        filters={
          <FilterSelect
            table={table}
            field="type"
            options={DISCOUNT_TYPES.map((value) => ({ value, label: DISCOUNT_TYPE_LABELS[value] }))}
            placeholder="Any type"
            testId="discounts-type-filter"
          />
        }
        columns={[
          {
            key: 'code',
            title: 'Code',
            dataIndex: 'code',
            sortKey: 'code',
            priority: 1,
            render: (_: unknown, row) => (
              <Button type="link" onClick={() => open.set(row.uuid)} data-testid="discount-open">
                {row.code}
              </Button>
            ),
          },
          {
            key: 'value',
            title: 'Discount',
            dataIndex: 'value',
            priority: 1,
            render: (_: unknown, row) => discountValue(row),
          },
          {
            key: 'scope',
            title: 'Applies to',
            dataIndex: 'services',
            priority: 3,
            render: (_: unknown, row) => discountScope(row),
          },
          {
            key: 'validity',
            title: 'Valid',
            dataIndex: 'valid_to',
            sortKey: 'valid_to',
            priority: 3,
            render: (_: unknown, row) => discountValidity(row),
          },
          {
            key: 'used',
            title: 'Used / limit',
            dataIndex: 'redemptions_count',
            sortKey: 'redemptions_count',
            priority: 2,
            render: (_: unknown, row) => <span data-testid="discount-used">{discountUse(row)}</span>,
          },
          {
            key: 'active',
            title: 'Active',
            dataIndex: 'active',
            priority: 2,
            render: (_: unknown, row) => (
              <Switch
                checked={row.active}
                disabled={!canUpdate}
                loading={toggle.isPending && toggle.variables?.uuid === row.uuid}
                onChange={() => toggle.mutate(row)}
                aria-label={`${row.code} active`}
                data-testid="discount-active-toggle"
              />
            ),
          },
        ]}
      />
      {open.value ? <DiscountDrawer uuid={open.value === 'new' ? null : open.value} onClose={open.close} /> : null}
    </div>
  );
}
