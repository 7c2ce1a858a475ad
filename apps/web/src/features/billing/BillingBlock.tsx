import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { OverdueInvoices } from './OverdueInvoices';
import { StripeIntegrationCard } from './StripeIntegrationCard';

/**
 * The dashboard's "Overdue invoices" block for regular staff with CHARGES_READ; its Settings button (INTEGRATIONS_READ)
 * opens the Stripe card in a drawer until the /integrations screen mounts it.
 */
export function OverdueInvoicesBlock({ Card }: { Card: BlockCard }) {
  const ability = useAbility();
  const [settings, setSettings] = useState(false);
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
          <Button size="small" type="link" onClick={() => setSettings(true)} data-testid="billing-settings-open">
            Settings
          </Button>
        ) : null
      }
    >
      <OverdueInvoices />
      <Drawer
        open={settings}
        onClose={() => setSettings(false)}
        title="Card payments"
        width="min(560px, 100vw)"
        destroyOnHidden
        data-testid="billing-settings-drawer"
      >
        <StripeIntegrationCard />
      </Drawer>
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
