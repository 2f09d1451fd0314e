import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Writes a change into cached queries without a load under way undoing it. A load (Load more, a
 * refetch) keeps the pages as they were when it began and writes them back with its own, so a
 * change written meanwhile would vanish when it lands: a comment added while the next page of
 * comments was on its way, a deleted one coming back, a vote or bookmark clicked while the next
 * page of posts loads. So the loads of the queries under `queryKeys` that already show something
 * are stopped, the change is written, and those queries are fetched again once the server has
 * the change, which they then bring. A Load more stopped that way is simply not done: its button
 * is there to press again. With no load to stop, the change is written at once, together with
 * whatever the caller writes beside it. Resolves with what `write` returned.
 */
export async function writeDespiteLoads<T>(client: QueryClient, queryKeys: QueryKey[], write: () => T): Promise<T> {
  const loading = queryKeys.flatMap((queryKey) =>
    client
      .getQueryCache()
      .findAll({ queryKey, fetchStatus: 'fetching', predicate: (query) => query.state.data !== undefined }),
  );
  if (loading.length === 0) return write();
  await Promise.all(loading.map((query) => client.cancelQueries({ queryKey: query.queryKey, exact: true })));
  const written = write();
  void whenChangesAnswered(client).then(() => {
    for (const query of loading) void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
  });
  return written;
}

/**
 * Resolves once every change this client is sending (each pending mutation) is answered. A
 * change shown before it is sent, such as a vote, is not on the server yet: the pages fetched
 * again before then would bring back the post as it was.
 */
function whenChangesAnswered(client: QueryClient): Promise<void> {
  const mutations = client.getMutationCache();
  const sending = mutations.findAll({ status: 'pending' });
  return new Promise((resolve) => {
    const check = () => {
      if (sending.some((mutation) => mutation.state.status === 'pending')) return;
      stop();
      resolve();
    };
    const stop = mutations.subscribe(check);
    check();
  });
}
