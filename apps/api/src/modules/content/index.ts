import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentRoutes as itemRoutes } from './content.routes';
import { registerContentUploads } from './content-uploads';
import { publicApprovalsRoutes } from './public-approvals.routes';

/**
 * The content module (issue 22, /content): content items per plan, their approval links and the client's public
 * approval page. Other modules use it through this file: the calendar reads scheduled items (`contentInRange`), the
 * demo seed plans items through the commands.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  registerContentUploads();
  await app.register(itemRoutes);
  await app.register(publicApprovalsRoutes);
};
export { createApproval } from './approvals';
export { createContentItem, updateContentItem } from './content-commands';
export { contentInRange } from './content-queries';
