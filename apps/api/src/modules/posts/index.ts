import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerPostCoverUploads } from './post-cover';
import { postRoutes as routes } from './posts.routes';
import { publicPostsRoutes } from './public-posts.routes';

/**
 * The agency's blog (issue 22, /cms): posts, their categories and revisions, and the public read API for the
 * website. Its surface is this plugin, the job scheduler and the commands the demo seed goes through.
 */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPostCoverUploads();
  await app.register(routes);
  await app.register(publicPostsRoutes);
};

export { createCategory } from './post-categories';
export { createPost, publishDuePosts, publishPost } from './post-commands';
export { schedulePostJobs } from './post-jobs';
