/** Advertising (issue 22): what other features show of it. The pages are loaded by the router (routes/pages.ts). */
export { MetaConnectionsCard } from './MetaConnectionsCard';
