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
 * makes anyone wait longer than the queue takes to clear. A task whose `signal` aborts while it
 * waits (its client has gone) leaves the queue at once, rejected with the signal's reason, and
 * never runs; one already running runs to its end.
 */
export function concurrencyLimit(slots: number, waiting?: WaitingLimit) {
  let running = 0;
  const queue: (() => void)[] = [];

  function waitForSlot(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((start, reject) => {
      const leave = () => {
        queue.splice(queue.indexOf(begin), 1);
        reject(signal?.reason);
      };
      const begin = () => {
        signal?.removeEventListener('abort', leave);
        start();
      };
      queue.push(begin);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }

  return async function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (running >= slots) {
      if (waiting && queue.length >= waiting.maxWaiting) throw waiting.whenFull();
      await waitForSlot(signal);
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
