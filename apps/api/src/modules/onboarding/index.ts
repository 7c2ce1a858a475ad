import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmOrderOnPlace, registerOnboardingUploads, startOnInvite, tickInformationOnAnswer } from './listeners';
import { onboardingsRoutes } from './onboarding.routes';
import { publicOnboardingRoutes } from './public.routes';
import { onboardingSettingsRoutes } from './settings.routes';

export { markOrderConfirmed, startForCustomer, writeItem } from './commands';
export { onboardingListenersSettled } from './listeners';
export { loadOnboardingDetail } from './queries';
export { runOnboardingDaily } from './reminders';
export { createRequirement } from './requirements';
export { updateInformation, updateWelcomeKit } from './settings';
export { type StartDeps, startOnboarding } from './start';
export { refreshOnboarding, SYSTEM, setStepDone } from './state';

/**
 * The onboarding module (issue 20): each client's onboarding, the agency's process, requirements, welcome kit and
 * information form, and the client's public page. Sending an invite starts an onboarding through the invites
 * module's hook; an information-form answer ticks its step through the committed form_answer event, and a placed
 * order its `order_confirmed` step through the committed order event.
 */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerOnboardingUploads();
  const unsubscribe = [
    startOnInvite(app.ctx),
    tickInformationOnAnswer(app.ctx, app.log),
    confirmOrderOnPlace(app.ctx, app.log),
  ];
  app.addHook('onClose', async () => {
    for (const stop of unsubscribe) {
      stop();
    }
  });
  await app.register(onboardingsRoutes);
  await app.register(onboardingSettingsRoutes);
  await app.register(publicOnboardingRoutes);
};
