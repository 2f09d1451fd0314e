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
 * (`posted-here.ts`) is dropped too; the list brings it when its last page loads. The queries on
 * screen are fetched again once React has drawn the new caller, in the next task: a query keyed
 * by the previous caller (their suggestions) has then given way to the new caller's, instead of
 * being fetched once more for an account whose token is gone (a 401 on every logout). A profile
 * edit or a follow keeps the same caller and the cache.
 */
export function refetchWhenCallerChanges(client: QueryClient): () => void {
  let caller = authStore.getSession()?.user._id ?? null;
  return authStore.subscribe(() => {
    const next = authStore.getSession()?.user._id ?? null;
    if (next === caller) return;
    caller = next;
    client.removeQueries({ type: 'inactive' });
    // Answers on their way were asked for as the previous caller.
    void client.cancelQueries();
    // What each query held as the previous caller's, counted by answers rather than by the clock:
    // an answer for the new caller can arrive within the millisecond of the change.
    const previous = new Map(
      client
        .getQueryCache()
        .getAll()
        .map((query) => [query, query.state.dataUpdateCount]),
    );
    setTimeout(() => {
      client.removeQueries({ type: 'inactive' });
      // What the new caller's page has asked for since (fetching, or answered) is not asked twice.
      void client.invalidateQueries({
        predicate: (query) => query.state.fetchStatus === 'idle' && previous.get(query) === query.state.dataUpdateCount,
      });
    });
  });
}
