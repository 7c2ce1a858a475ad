/**
 * What other modules use of plans besides the files listed in .dependency-cruiser.cjs: a placed order creates or
 * updates the client's plan through the plans module's own rules (issue 20).
 */
export { applyOrderedPlan, type OrderedPlan, type OrderedPlanResult } from './ordered-plan';
