import { useQuery } from '@tanstack/react-query';
import { Skeleton, Tabs, type TabsProps } from 'antd';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { FailedPayments, OverdueInvoices } from '../billing';
import { PageHeader } from '../common/PageHeader';
import { ADMINISTRATION_KEY, getAdministration } from './api';
import { BillingSettings } from './BillingSettings';
import { PlanRates } from './PlanRates';
import './administration.css';

/**
 * /administration (CHARGES_READ; CHARGES_UPDATE edits): the agency's billing and invoice settings with its hourly
 * rates, the plans' own rates, and the card payment provider's overdue invoices and failed payments. Webhooks keep their own screen, linked here for those who manage them.
 */
export function AdministrationPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('CHARGES_READ');
  const canEdit = ability.can('CHARGES_UPDATE');
  const settings = useQuery({
    queryKey: ADMINISTRATION_KEY,
    queryFn: ({ signal }) => getAdministration(signal),
    enabled: allowed,
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  // The card payment provider's lists (features/billing) are read under the same CHARGES_READ.
  const items: TabsProps['items'] = settings.data
    ? [
        {
          key: 'billing',
          label: 'Billing and invoice settings',
          children: <BillingSettings settings={settings.data} canEdit={canEdit} />,
        },
        {
          key: 'plan-rates',
          label: 'Plan rates',
          children: <PlanRates agency={settings.data.hourly_rates} canEdit={canEdit} />,
        },
        { key: 'overdue-invoices', label: 'Overdue invoices', children: <OverdueInvoices /> },
        { key: 'failed-payments', label: 'Failed payments', children: <FailedPayments /> },
      ]
    : [];
  return (
    <div className="administration-page" data-testid="administration-page">
      <PageHeader
        title="Administration"
        actions={
          ability.can('WEBHOOKS_MANAGE') ? (
            <Link to="/administration/webhooks" data-testid="administration-webhooks-link">
              Webhooks
            </Link>
          ) : null
        }
      />
      {settings.data ? <Tabs items={items} destroyOnHidden={false} /> : <Skeleton active />}
    </div>
  );
}
