export interface WaitingLimit {
  /** Tasks waiting for a slot, at most. */
  maxWaiting: number;
  /** The error a task asked for beyond that is refused with, at once. */
  whenFull: () => Error;
}

/**
 * Runs at most `slots` tasks at once, in the order they were asked for; a task that fails frees
 * its slot like one that succeeds. With `waiting`, a task asked for while that many already wait
 * is refused at once instead of queued, so a burst larger than the slots can work through never
 * makes anyone wait longer than the queue takes to clear.
 */
export function concurrencyLimit(slots: number, waiting?: WaitingLimit) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= slots) {
      if (waiting && queue.length >= waiting.maxWaiting) throw waiting.whenFull();
      await new Promise<void>((start) => queue.push(start));
    } else running += 1;
    try {
      return await task();
    } finally {
      const next = queue.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
