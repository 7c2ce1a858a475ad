/** What other features use of onboarding: the client page's section, and the key an invite (which starts one) refreshes. */
export { ONBOARDINGS_KEY } from './api';
export { ClientOnboarding } from './ClientOnboarding';
