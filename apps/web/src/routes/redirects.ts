import type { Location } from 'react-router';

/** The location state /login receives so it can send the user back after sign-in. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || from.pathname === '/login') {
    return '/';
  }
  return `${from.pathname}${from.search}${from.hash}`;
}
