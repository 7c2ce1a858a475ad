import { withFileCookie } from '../features/uploads/fileCookie';
import { createApiClient } from './client';
import { createApiEvents } from './events';
import { createLocalStorageTokenStore } from './token';

/** The app's one API client: same-origin /api, token in localStorage. */
export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  // The file cookie lets <img src="/api/uploads/{uuid}"> pass the server's access check (features/uploads/fileCookie.ts).
  tokens: withFileCookie(createLocalStorageTokenStore(window.localStorage)),
  events: createApiEvents(),
  appVersion: __APP_VERSION__,
});
