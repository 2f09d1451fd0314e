import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, SQLITE_FILE_NAME, type DatabaseHandle, type Db } from './database.js';
import { BACKLOG_SHARE, createGroupCommit, type GroupCommit } from './group-commit.js';
import { inTransaction } from './transaction.js';

describe('group commit (SQLite)', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let statements: string[];

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'crumb-group-commit-'));
    statements = [];
    handle = createDatabase({ dataDir: dir, onQuery: (event) => statements.push(event.query.sql) });
    await sql`create table t (x integer primary key, parent integer references t (x))`.execute(handle.db);
    statements = [];
  });
  afterEach(async () => {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (trx: Db, x: number, parent: number | null = null) =>
    sql`insert into t (x, parent) values (${x}, ${parent})`.execute(trx);
  const rows = async () =>
    (await sql<{ x: number }>`select x from t order by x`.execute(handle.db)).rows.map((row) => row.x);
  const begins = () => statements.filter((statement) => statement === 'begin immediate').length;
  const commits = () => statements.filter((statement) => statement === 'commit').length;

  /**
   * A queue of its own on the test's connection whose transactions are never overdue, so a pause
   * of the machine (a busy CI run) cannot change how those asked for together are grouped.
   */
  let calm: GroupCommit;
  beforeEach(() => {
    calm = createGroupCommit(handle.db, { overdueMs: 60_000 });
  });

  /** Enough transactions asked for together that the first group takes two of them. */
  const BACKLOG = 2 * BACKLOG_SHARE;
  const fillers = (from: number) =>
    Array.from({ length: BACKLOG - 2 }, (_, i) => calm.run((trx) => insert(trx, from + i)));

  it('commits a few transactions asked for together one by one, with a turn of the event loop between', async () => {
    const order: string[] = [];
    const asked = [1, 2, 3].map((x) =>
      calm.run(async (trx) => {
        await insert(trx, x);
        order.push(`transaction ${x}`);
        return x * 10;
      }),
    );
    // Work that came in meanwhile, a read say, runs between two groups.
    setImmediate(() => order.push('other work'));
    expect(await Promise.all(asked)).toEqual([10, 20, 30]);
    expect(order).toEqual(['transaction 1', 'other work', 'transaction 2', 'transaction 3']);
    expect(await rows()).toEqual([1, 2, 3]);
    expect(begins()).toBe(3);
    expect(commits()).toBe(3);
  });

  it('shares commits when transactions pile up, a group taking a share of the backlog', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 * BACKLOG_SHARE }, (_, i) =>
        calm.run(async (trx) => {
          await insert(trx, i + 1);
          return i + 1;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 8 * BACKLOG_SHARE }, (_, i) => i + 1));
    expect(await rows()).toHaveLength(8 * BACKLOG_SHARE);
    // The first group takes 8 of the 64 waiting (the next 7 of 56, and so on).
    const firstGroup = statements.slice(0, statements.indexOf('commit'));
    expect(firstGroup.filter((statement) => statement === 'savepoint crumb_work')).toHaveLength(8);
    expect(commits()).toBeLessThan(8 * BACKLOG_SHARE);
  });

  it('commits a backlog that has waited too long in one group', async () => {
    const group = createGroupCommit(handle.db, { overdueMs: 10 });
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = group.run(async (trx) => {
      await insert(trx, 1);
      started();
      await released;
    });
    await running;
    const rest = [2, 3, 4].map((x) => group.run((trx) => insert(trx, x)));
    await new Promise((resolve) => setTimeout(resolve, 30));
    release();
    await Promise.all([slow, ...rest]);
    expect(await rows()).toEqual([1, 2, 3, 4]);
    // The first alone, then the three that waited past 10 ms together.
    expect(commits()).toBe(2);
  });

  it('rolls back only the transaction that failed, and gives its caller its error', async () => {
    const failing = calm.run(async (trx) => {
      await insert(trx, 2);
      throw new Error('changed my mind');
    });
    const outcomes = await Promise.allSettled([
      calm.run((trx) => insert(trx, 1)),
      failing,
      ...fillers(100),
      // The same key as the first: a constraint error.
      calm.run((trx) => insert(trx, 1)),
    ]);
    // The first two share a group: the failure is rolled back to its savepoint only.
    expect(commits()).toBeLessThan(BACKLOG + 1);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      ...Array(BACKLOG - 2).fill('fulfilled'),
      'rejected',
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('changed my mind'));
    expect(String((outcomes.at(-1) as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed/);
    expect((await rows()).slice(0, 2)).toEqual([1, 100]);
    expect(await rows()).not.toContain(2);
  });

  it('runs a transaction alone in its group without a savepoint, all of it or none of it', async () => {
    expect(await calm.run(async (trx) => (await insert(trx, 1), 'kept'))).toBe('kept');
    expect(statements).toEqual(['begin immediate', 'insert into t (x, parent) values (?, ?)', 'commit']);
    statements = [];
    const failed = calm.run(async (trx) => {
      await insert(trx, 2);
      await insert(trx, 3);
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toEqual(new Error('changed my mind'));
    expect(statements.filter((statement) => statement.startsWith('savepoint'))).toEqual([]);
    expect(statements.at(-1)).toBe('rollback');
    expect(await rows()).toEqual([1]);
    // The queue goes on after a failure.
    await calm.run((trx) => insert(trx, 4));
    expect(await rows()).toEqual([1, 4]);
  });

  it('answers only once the transaction is committed, visible to another connection', async () => {
    const other = new DatabaseSync(path.join(dir, SQLITE_FILE_NAME));
    try {
      const seenByOther = await Promise.all(
        [1, 2].map((x) =>
          calm
            .run((trx) => insert(trx, x))
            .then(() => (other.prepare('select count(*) as n from t').get() as { n: number }).n),
        ),
      );
      expect(seenByOther).toEqual([1, 2]);
    } finally {
      other.close();
    }
  });

  it('fails every transaction of the group when the commit fails, keeping none of them', async () => {
    const outcomes = await Promise.allSettled([
      calm.run((trx) => insert(trx, 1)),
      calm.run(async (trx) => {
        // A foreign key checked only at commit, so the commit itself fails.
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await insert(trx, 2, 99);
      }),
      ...fillers(100),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'rejected',
      'rejected',
      ...Array(BACKLOG - 2).fill('fulfilled'),
    ]);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY constraint failed/);
    expect(await rows()).not.toContain(1);
    expect(await rows()).toHaveLength(BACKLOG - 2);
    // The database is usable afterwards.
    await calm.run((trx) => insert(trx, 5));
    expect(await rows()).toContain(5);
  });

  it('runs transactions asked for while a group is committing in the next group, in order', async () => {
    const order: number[] = [];
    const first = inTransaction(handle.db, async (trx) => {
      await insert(trx, 1);
      // Real asynchronous work inside a transaction (a timer here) keeps the group open.
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push(1);
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = inTransaction(handle.db, async (trx) => {
      await insert(trx, 2);
      order.push(2);
    });
    await Promise.all([first, second]);
    expect(order).toEqual([1, 2]);
    expect(await rows()).toEqual([1, 2]);
    expect(commits()).toBe(2);
  });

  it('holds transactions back while paused, once the group under way has committed', async () => {
    const group = createGroupCommit(handle.db);
    const order: string[] = [];
    const first = group.run(async (trx) => {
      await insert(trx, 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('first committed');
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const paused = group.pause().then(() => order.push('paused'));
    const held = group.run(async (trx) => {
      await insert(trx, 2);
      order.push('held ran');
    });
    await paused;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['first committed', 'paused']);
    expect(await rows()).toEqual([1]);
    group.resume();
    await Promise.all([first, held]);
    expect(order).toEqual(['first committed', 'paused', 'held ran']);
    expect(await rows()).toEqual([1, 2]);
  });
});
