import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkRoutes } from './bulk.routes';
import { exportRoutes } from './export.routes';

/**
 * The data-table toolkit's calls (doc 2 §7 Tables): bulk operations (bulk.routes.ts) and export-all
 * (export.routes.ts). Both sit beside the lists they serve, under the lists' own paths.
 */
export const tableRoutes: FastifyPluginAsyncZod = async (app, options) => {
  await bulkRoutes(app, options);
  await exportRoutes(app, options);
};
