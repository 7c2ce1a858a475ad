import type { TokenStore } from '../../api/token';

/** Must match FILE_COOKIE in apps/api/src/modules/uploads/upload-access.ts. */
const COOKIE = 'portal_files';

function writeCookie(token: string | null) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one encoded token; the Cookie Store API is missing in Firefox and Safari.
  document.cookie = token
    ? `${COOKIE}=${encodeURIComponent(token)}; Path=/api/uploads; SameSite=Strict${secure}`
    : `${COOKIE}=; Path=/api/uploads; Max-Age=0; SameSite=Strict${secure}`;
}

/**
 * Keeps a copy of the bearer token in a cookie scoped to /api/uploads, so <img src="/api/uploads/{uuid}"> and files
 * opened in a new tab pass the server's access check (a browser sends no Authorization header there). SameSite
 * Strict, and the server only ever answers GET redirects with it; the token is no more exposed than in localStorage.
 */
export function withFileCookie(store: TokenStore): TokenStore {
  writeCookie(store.get());
  return {
    get: () => store.get(),
    set: (token) => {
      store.set(token);
      writeCookie(token);
    },
    clear: () => {
      store.clear();
      writeCookie(null);
    },
  };
}
