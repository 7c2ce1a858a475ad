import type { PublicConfig, SignedInUser } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { getCurrentUser, getPublicConfig } from './api';

export const USER_QUERY_KEY = ['user'] as const;
export const CONFIG_QUERY_KEY = ['config'] as const;

export const userQuery = queryOptions<SignedInUser | null>({
  queryKey: USER_QUERY_KEY,
  queryFn: ({ signal }) => getCurrentUser(signal),
  staleTime: Number.POSITIVE_INFINITY,
  // Without a token nobody is signed in: no request, no spinner.
  initialData: () => (api.tokens.get() ? undefined : null),
});

export const configQuery = queryOptions<PublicConfig>({
  queryKey: CONFIG_QUERY_KEY,
  queryFn: ({ signal }) => getPublicConfig(signal),
  staleTime: 5 * 60 * 1000,
  meta: { silentError: true },
});

export function useCurrentUser() {
  return useQuery(userQuery);
}

/** The public configuration; undefined until it has loaded. */
export function useConfig(): PublicConfig | undefined {
  return useQuery(configQuery).data;
}

export const DEFAULT_APP_NAME = 'Agency Portal';
