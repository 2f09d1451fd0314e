/**
 * Each item once, where it last appears: pages read at different moments can both hold an item
 * that moved between them while they loaded, and a list must never show it twice.
 */
export function lastOfEach<T extends { _id: string }>(items: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const item of items) {
    byId.delete(item._id);
    byId.set(item._id, item);
  }
  return [...byId.values()];
}
