/** The webhooks screen (issue 23): what the router loads of this feature. */
export { WebhooksPage } from './WebhooksPage';
