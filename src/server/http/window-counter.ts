interface Window {
  startedAt: number;
  count: number;
}

export interface WindowCounter {
  /**
   * Counts one more event for the key: null while within the limit, otherwise the milliseconds
   * until its window ends.
   */
  take(key: string): number | null;
}

/**
 * Fixed windows per key, in memory, remembering at most `maxKeys` keys: the least recently
 * counted is forgotten first, so no number of keys can grow the memory.
 */
export function createWindowCounter(options: {
  max: number;
  windowMs: number;
  maxKeys: number;
  now: () => number;
}): WindowCounter {
  const windows = new Map<string, Window>();
  return {
    take(key) {
      const now = options.now();
      const last = windows.get(key);
      windows.delete(key);
      // A clock set back (NTP, a resumed machine) starts a new window rather than prolonging one.
      const current = last && now >= last.startedAt && now - last.startedAt < options.windowMs;
      const window = current ? last : { startedAt: now, count: 0 };
      window.count += 1;
      // Re-inserted last: the Map's order is then the order keys were last counted.
      windows.set(key, window);
      if (windows.size > options.maxKeys) windows.delete(windows.keys().next().value as string);
      return window.count > options.max ? window.startedAt + options.windowMs - now : null;
    },
  };
}
