/**
 * What other features use of plans: the link to a plan's page (the hub) and its addresses. The screens themselves
 * are loaded lazily by routes/pages.ts, so they are not re-exported here (that would pull them into every importer).
 */
export { PlanLink } from './PlanLink';
export { canOpenPlans, type PlanTab, planPath } from './planPaths';
