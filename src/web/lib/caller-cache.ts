import type { QueryClient } from '@tanstack/react-query';
import { authStore } from './auth-store';

/**
 * Answers carry the caller's own state (`myVote`, `bookmarked`, the feed), so what was cached for
 * one caller must not be shown to the next. Whenever the signed-in account changes (sign-in,
 * sign-up, logout, a 401 that ends the session, or another tab doing any of these), every cached
 * query is reset: those on screen fetch again as the new caller, the rest on their next use. A
 * profile edit or a follow keeps the same caller and the cache.
 */
export function resetQueriesWhenCallerChanges(client: QueryClient): () => void {
  let caller = authStore.getSession()?.user._id ?? null;
  return authStore.subscribe(() => {
    const next = authStore.getSession()?.user._id ?? null;
    if (next === caller) return;
    caller = next;
    void client.resetQueries();
  });
}
