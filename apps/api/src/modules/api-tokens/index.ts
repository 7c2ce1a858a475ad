/** Personal API tokens: their routes, and how the access control recognises, resolves and limits them. */
export { isApiToken, limitApiToken, resolveApiToken } from './api-token-service';
export { apiTokenRoutes } from './api-tokens.routes';
