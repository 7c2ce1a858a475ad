export { getClientStanding } from './api';
export { OverdueInvoicesBlock } from './BillingBlock';
export { ClientInvoices } from './ClientInvoices';
export { FailedPayments } from './FailedPayments';
export { OverdueInvoices } from './OverdueInvoices';
export { StripeIntegrationCard } from './StripeIntegrationCard';
