import { useSyncExternalStore } from 'react';

/**
 * Follows and unfollows this tab has seen the server confirm, per signed-in baker. The stored
 * user names only the first 100 follows, so for a baker who follows more it cannot say whether a
 * newer follow holds; these answers can, wherever the follow was made (the suggestions or the
 * profile's list).
 */
const confirmed = new Map<string, boolean>();
const listeners = new Set<() => void>();
const keyOf = (callerId: string, username: string) => `${callerId}\n${username.toLowerCase()}`;

export function confirmFollow(callerId: string, username: string, follows: boolean) {
  confirmed.set(keyOf(callerId, username), follows);
  listeners.forEach((listener) => listener());
}

/** Whether the caller follows `username` as last confirmed in this tab; undefined if never. */
export function useConfirmedFollow(callerId: string | undefined, username: string): boolean | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (callerId === undefined ? undefined : confirmed.get(keyOf(callerId, username))),
  );
}
