import type { QueryClient } from '@tanstack/react-query';
import { authStore } from './auth-store';

/**
 * Answers carry the caller's own state (`myVote`, `bookmarked`, the feed), so what was cached for
 * one caller must not be shown to the next. Whenever the signed-in account changes (sign-in,
 * sign-up, logout, a 401 that ends the session, or another tab doing any of these), queries not
 * on screen are dropped and those on screen fetch again as the new caller. They are not reset: a
 * reset would put a query seeded from another (the answers that came with their question) back
 * to that seed, the previous caller's copy, and keep it as fresh. Queries with nothing to fetch
 * count as off screen, so what the previous caller posted beyond a list's loaded pages
 * (`posted-here.ts`) is dropped too; the list brings it when its last page loads. A profile edit
 * or a follow keeps the same caller and the cache.
 */
export function refetchWhenCallerChanges(client: QueryClient): () => void {
  let caller = authStore.getSession()?.user._id ?? null;
  return authStore.subscribe(() => {
    const next = authStore.getSession()?.user._id ?? null;
    if (next === caller) return;
    caller = next;
    client.removeQueries({ type: 'inactive' });
    void client.invalidateQueries();
  });
}
