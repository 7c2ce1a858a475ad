export { OverdueInvoicesBlock } from './BillingBlock';
export { ClientInvoices } from './ClientInvoices';
export { ClientStandingAlert } from './ClientStandingAlert';
export { FailedPayments } from './FailedPayments';
export { OverdueInvoices } from './OverdueInvoices';
export { StripeIntegrationCard } from './StripeIntegrationCard';
