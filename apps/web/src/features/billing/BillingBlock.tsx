import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { OverdueInvoices } from './OverdueInvoices';

/**
 * The dashboard's "Overdue invoices" block for regular staff with CHARGES_READ; its Settings link (INTEGRATIONS_READ)
 * leads to the Stripe card on /integrations.
 */
export function OverdueInvoicesBlock({ Card }: { Card: BlockCard }) {
  const ability = useAbility();
  if (!(ability.isRegularUser && ability.can('CHARGES_READ'))) {
    return null;
  }
  return (
    <Card
      title="Overdue invoices"
      testId="dashboard-overdue-invoices"
      wide
      extra={
        ability.can('INTEGRATIONS_READ') ? (
          <Link to="/integrations" data-testid="billing-settings-open">
            Settings
          </Link>
        ) : null
      }
    >
      <OverdueInvoices />
    </Card>
  );
}

/** The dashboard's card component, passed in so this feature does not reach into the dashboard's files. */
export type BlockCard = (props: {
  title: string;
  testId: string;
  extra?: React.ReactNode;
  wide?: boolean;
  children: React.ReactNode;
}) => React.ReactNode;
