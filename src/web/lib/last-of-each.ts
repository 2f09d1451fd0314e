/**
 * Each item once, where it last appears. An answer or comment posted here is shown at the end of
 * what is loaded and comes back from the server on a later page once the rest is loaded: it then
 * moves to that place, after the older ones, instead of staying among them.
 */
export function lastOfEach<T extends { _id: string }>(items: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const item of items) {
    byId.delete(item._id);
    byId.set(item._id, item);
  }
  return [...byId.values()];
}
