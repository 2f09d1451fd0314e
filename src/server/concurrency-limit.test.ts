import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency-limit.js';

/** A task that runs until the test lets it finish, counting how many run at once. */
function gate() {
  let active = 0;
  let most = 0;
  const started: number[] = [];
  const finishers = new Map<number, (outcome: 'done' | 'fail') => void>();
  const task = (n: number) => () =>
    new Promise<number>((resolve, reject) => {
      active += 1;
      most = Math.max(most, active);
      started.push(n);
      finishers.set(n, (outcome) => {
        active -= 1;
        if (outcome === 'done') resolve(n);
        else reject(new Error(`task ${n} failed`));
      });
    });
  const finish = async (n: number, outcome: 'done' | 'fail' = 'done') => {
    finishers.get(n)!(outcome);
    // Let the limiter hand the slot on before the test looks.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { task, finish, started, most: () => most };
}

describe('concurrencyLimit', () => {
  it('runs at most its slots at once, the others in the order they were asked for', async () => {
    const run = concurrencyLimit(2);
    const g = gate();
    const results = [1, 2, 3, 4, 5].map((n) => run(g.task(n)));
    await g.finish(1);
    expect(g.started).toEqual([1, 2, 3]);
    await g.finish(3);
    expect(g.started).toEqual([1, 2, 3, 4]);
    await g.finish(2);
    await g.finish(4);
    await g.finish(5);
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5]);
    expect(g.most()).toBe(2);
  });

  it('frees the slot of a task that fails', async () => {
    const run = concurrencyLimit(1);
    const g = gate();
    const first = run(g.task(1));
    const second = run(g.task(2));
    expect(g.started).toEqual([1]);
    await g.finish(1, 'fail');
    await expect(first).rejects.toThrow('task 1 failed');
    expect(g.started).toEqual([1, 2]);
    await g.finish(2);
    expect(await second).toBe(2);
    expect(g.most()).toBe(1);
  });

  it('starts at once while a slot is free, also after every task has finished', async () => {
    const run = concurrencyLimit(1);
    expect(await run(async () => 'a')).toBe('a');
    expect(await run(async () => 'b')).toBe('b');
  });

  it('refuses a task at once while its queue is full, and queues one again once there is room', async () => {
    const run = concurrencyLimit(1, { maxWaiting: 2, whenFull: () => new Error('queue full') });
    const g = gate();
    const queued = [1, 2, 3].map((n) => run(g.task(n)));
    await expect(run(g.task(4))).rejects.toThrow('queue full');
    expect(g.started).toEqual([1]);
    await g.finish(1);
    // Task 2 left the queue for the slot: there is room for one more.
    const fifth = run(g.task(5));
    await expect(run(g.task(6))).rejects.toThrow('queue full');
    await g.finish(2);
    await g.finish(3);
    await g.finish(5);
    expect(await Promise.all([...queued, fifth])).toEqual([1, 2, 3, 5]);
    expect(g.started).toEqual([1, 2, 3, 5]);
  });

  it('drops a waiting task whose signal aborts, freeing its place, and lets a running one finish', async () => {
    const run = concurrencyLimit(1, { maxWaiting: 1, whenFull: () => new Error('queue full') });
    const g = gate();
    const [runningSignal, waitingSignal] = [new AbortController(), new AbortController()];
    const first = run(g.task(1), runningSignal.signal);
    const second = run(g.task(2), waitingSignal.signal);
    await expect(run(g.task(3))).rejects.toThrow('queue full');
    waitingSignal.abort(new Error('client gone'));
    runningSignal.abort(new Error('client gone'));
    await expect(second).rejects.toThrow('client gone');
    // Its place is free, and the task running when its own signal aborted goes on.
    const fourth = run(g.task(4));
    await g.finish(1);
    expect(await first).toBe(1);
    await g.finish(4);
    expect(await fourth).toBe(4);
    expect(g.started).toEqual([1, 4]);
    const aborted = new AbortController();
    aborted.abort(new Error('gone before asking'));
    await expect(run(g.task(5), aborted.signal)).rejects.toThrow('gone before asking');
    expect(g.started).toEqual([1, 4]);
  });
});
