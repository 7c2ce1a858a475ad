import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerAnswerUploads } from './answer-uploads';
import { answersRoutes } from './answers.routes';
import { subscribeAnswerNotifications } from './form-notifications';
import { formsRoutes } from './forms.routes';
import { publicFormsRoutes } from './public-forms.routes';

/**
 * The forms module (issue 20): forms and versions, blueprints, share links and their public page, answers. Its
 * surface is this plugin; a new answer reaches people through the notifications listener subscribed here.
 */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAnswerUploads();
  const unsubscribe = subscribeAnswerNotifications(app.ctx, app.log);
  app.addHook('onClose', async () => unsubscribe());
  await app.register(formsRoutes);
  await app.register(answersRoutes);
  await app.register(publicFormsRoutes);
};
