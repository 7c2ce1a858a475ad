import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { administrationRoutes as routes } from './administration.routes';
import { registerLogoUploads } from './settings';

/**
 * Administration (issue 21): the agency's billing and invoice settings and hourly rates. Its surface is this
 * plugin, the reports' pricing (loadPricer, ratesForPlan) and the demo seed's commands.
 */
export const administrationRoutes: FastifyPluginAsyncZod = async (app) => {
  registerLogoUploads();
  await app.register(routes);
};

export { logAmountSql, maySeeMoney, rateSql } from './money';
export { listPlanRates, loadPricer, type Pricer, ratesForPlan, setPlanRates } from './plan-rates';
export { agencyRates, getAdministration, updateAdministration } from './settings';
