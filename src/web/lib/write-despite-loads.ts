import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Writes a change into cached queries without a load under way undoing it. A load (Load more, a
 * refetch) keeps the pages as they were when it began and writes them back with its own, so a
 * change written meanwhile would vanish when it lands: a comment added while the next page of
 * comments was on its way, or a deleted one coming back. So the loads of the queries under
 * `queryKeys` that already show something are stopped, the change is written, and those queries
 * are fetched again, which brings the change with them since the server has it. A Load more
 * stopped that way is simply not done: its button is there to press again.
 */
export async function writeDespiteLoads(client: QueryClient, queryKeys: QueryKey[], write: () => void): Promise<void> {
  const loading = queryKeys.flatMap((queryKey) =>
    client
      .getQueryCache()
      .findAll({ queryKey, fetchStatus: 'fetching', predicate: (query) => query.state.data !== undefined }),
  );
  await Promise.all(loading.map((query) => client.cancelQueries({ queryKey: query.queryKey, exact: true })));
  write();
  for (const query of loading) void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
}
