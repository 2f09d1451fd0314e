import { sql } from 'kysely';
import type { Db } from './database.js';

type Work<T> = (trx: Db) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface GroupCommit {
  run<T>(work: Work<T>): Promise<T>;
  /**
   * Holds every transaction back until `resume`, once the group under way (if any) has committed:
   * the checkpoint worker then has the write lock to itself for a moment, while requests that only
   * read go on.
   */
  pause(): Promise<void>;
  resume(): void;
}

/**
 * SQLite runs one write transaction at a time, and each commit appends every page it changed to
 * the write-ahead log. Transactions asked for in the same turn of the event loop (the requests
 * read from the network together) run one after another in one database transaction, each in its
 * own savepoint, and commit once: a page several of them change (a tag's row, an index leaf near
 * the newest entries) goes to the log once per group instead of once per transaction, and the
 * commit's own cost is shared.
 *
 * Each transaction keeps its own outcome: one that fails is rolled back to its savepoint and its
 * caller gets its error, while the others go on. Every caller hears back only after the group's
 * commit, so nothing is reported done before it is durable; if the commit fails, they all get its
 * error. The transactions still run in order, one at a time, each seeing the ones before it, so
 * the outcome is that of running them one by one.
 */
export function createGroupCommit(db: Db): GroupCommit {
  let waiting: Job[] = [];
  let scheduled = false;
  let running = false;
  let paused = false;
  let onGroupDone: Array<() => void> = [];

  function schedule() {
    if (scheduled || running || paused || waiting.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (!paused) void commitGroup();
    });
  }

  async function commitGroup() {
    const jobs = waiting;
    waiting = [];
    running = true;
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const job of jobs) {
          await sql`savepoint crumb_work`.execute(trx);
          try {
            const value = await job.work(trx);
            await sql`release crumb_work`.execute(trx);
            outcomes.push({ ok: true, value });
          } catch (error) {
            // If SQLite already rolled the whole transaction back (a full disk, say), this throws
            // and the whole group fails below.
            await sql`rollback to crumb_work`.execute(trx);
            await sql`release crumb_work`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
      });
      jobs.forEach((job, index) => {
        const outcome = outcomes[index];
        if (outcome?.ok) job.resolve(outcome.value);
        else job.reject(outcome?.error);
      });
    } catch (error) {
      for (const job of jobs) job.reject(error);
    } finally {
      running = false;
      const done = onGroupDone;
      onGroupDone = [];
      for (const notify of done) notify();
      schedule();
    }
  }

  return {
    run<T>(work: Work<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
    pause() {
      paused = true;
      return running ? new Promise<void>((resolve) => onGroupDone.push(resolve)) : Promise.resolve();
    },
    resume() {
      paused = false;
      schedule();
    },
  };
}
