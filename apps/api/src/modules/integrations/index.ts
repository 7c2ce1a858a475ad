/** Integrations configured by the environment (issue 21): their states and real connection tests. */
export { integrationRoutes } from './integrations.routes';
