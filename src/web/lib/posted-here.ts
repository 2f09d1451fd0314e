import { skipToken, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * What was posted from this page to a list read oldest first (a question's answers, an answer's
 * comments) while the list's later pages were not loaded yet. Its place is at the end of the
 * list, beyond what is loaded, so it is kept here and shown after the list's Load more button,
 * not among older items; a refetch of the loaded pages, which cannot bring it, leaves it shown.
 * Once the last page is loaded, the list itself holds it in its place.
 */
export interface PostedItem<T> {
  item: T;
  /** When it was posted, which is when what it holds was read from the server. */
  postedAt: number;
}

const postedKey = (listKey: QueryKey) => ['posted here', ...listKey];

export function keepPosted<T>(client: QueryClient, listKey: QueryKey, item: T) {
  client.setQueryData<PostedItem<T>[]>(postedKey(listKey), (posted = []) => [
    ...posted,
    { item, postedAt: Date.now() },
  ]);
}

/** Changes the items posted to a list; an item mapped to `null` is taken out. */
export function mapPosted<T>(client: QueryClient, listKey: QueryKey, map: (item: T) => T | null) {
  client.setQueryData<PostedItem<T>[]>(postedKey(listKey), (posted) =>
    posted?.flatMap((entry) => {
      const item = map(entry.item);
      return item ? [{ ...entry, item }] : [];
    }),
  );
}

export function findPosted<T extends { _id: string }>(client: QueryClient, listKey: QueryKey, id: string) {
  return client.getQueryData<PostedItem<T>[]>(postedKey(listKey))?.find((entry) => entry.item._id === id)?.item;
}

/**
 * The items posted to a list that belong after its loaded pages: none once the last page is
 * loaded, since that page has them.
 */
export function usePostedBeyond<T extends { _id: string }>(
  listKey: QueryKey,
  loaded: readonly T[],
  hasNextPage: boolean,
): PostedItem<T>[] {
  // Nothing to fetch: the list is only ever written by `keepPosted` and `mapPosted`.
  const { data = [] } = useQuery<PostedItem<T>[]>({
    queryKey: postedKey(listKey),
    queryFn: skipToken,
    staleTime: Infinity,
  });
  if (!hasNextPage) return [];
  const shown = new Set(loaded.map((item) => item._id));
  return data.filter((entry) => !shown.has(entry.item._id));
}
