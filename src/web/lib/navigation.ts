import type { Location } from 'react-router';

/** The state a link to /signIn carries so sign-in can return to where the visitor was. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export function originOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): FromState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/** Where to go after signing in or up: the remembered origin, or /feed. */
export function destinationAfterSignIn(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname.startsWith('/sign')) return '/feed';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
