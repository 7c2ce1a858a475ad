import { createApiClient } from './client';
import { createApiEvents } from './events';
import { createLocalStorageTokenStore } from './token';

/** The app's one API client: same-origin /api, token in localStorage. */
export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  tokens: createLocalStorageTokenStore(window.localStorage),
  events: createApiEvents(),
  appVersion: __APP_VERSION__,
});
