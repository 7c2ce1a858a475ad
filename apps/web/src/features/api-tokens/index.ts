/** Personal API tokens: the profile's "API tokens" section. */
export { ApiTokensSection } from './ApiTokensSection';
