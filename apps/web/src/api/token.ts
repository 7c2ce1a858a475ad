/** Where the bearer token lives between page loads. */
export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

const TOKEN_KEY = 'portal.auth_token';

export function createLocalStorageTokenStore(storage: Storage): TokenStore {
  return {
    get: () => storage.getItem(TOKEN_KEY),
    set: (token) => storage.setItem(TOKEN_KEY, token),
    clear: () => storage.removeItem(TOKEN_KEY),
  };
}

export function createMemoryTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  return {
    get: () => token,
    set: (value) => {
      token = value;
    },
    clear: () => {
      token = null;
    },
  };
}
