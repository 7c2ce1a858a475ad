/** Integrations (issue 21): what the router loads of this feature. */
export { GoogleOAuthPage } from './GoogleOAuthPage';
export { GoogleSettingsPage } from './GoogleSettingsPage';
export { IntegrationsPage } from './IntegrationsPage';
