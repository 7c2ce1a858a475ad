import './billing.css';
import { Typography } from 'antd';
import { FailedPayments } from './FailedPayments';
import { OverdueInvoices } from './OverdueInvoices';

/** The client modal's Invoices tab: the client's overdue invoices and failed payments (regular staff, CHARGES_READ). */
export function ClientInvoices({ customerUuid }: { customerUuid: string }) {
  return (
    <div data-testid="client-invoices">
      <Typography.Title level={3} className="billing-section-title">
        Overdue invoices
      </Typography.Title>
      <OverdueInvoices customerUuid={customerUuid} />
      <Typography.Title level={3} className="billing-section-title">
        Failed payments
      </Typography.Title>
      <FailedPayments customerUuid={customerUuid} />
    </div>
  );
}
