/** What other features use of onboarding: the client page's onboarding section. */
export { ClientOnboarding } from './ClientOnboarding';
