import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import type { Db } from './database.js';
import { inTransaction, withConnection } from './transaction.js';

/** The pool's size in createDatabase. */
const POOL_SIZE = 10;

const backendPid = async (db: Db) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;

describe('withConnection (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads the answer to a committed write on its own connection, even with every other one taken', async () => {
    const { db } = t.database;
    // Every other connection of the pool is held until the end of the test.
    let releaseOthers = () => {};
    const othersReleased = new Promise<void>((resolve) => (releaseOthers = resolve));
    const othersHeld: Promise<void>[] = [];
    let held = 0;
    const allHeld = new Promise<void>((resolve) => {
      for (let i = 0; i < POOL_SIZE - 1; i++) {
        othersHeld.push(
          db.connection().execute(async () => {
            held += 1;
            if (held === POOL_SIZE - 1) resolve();
            await othersReleased;
          }),
        );
      }
    });
    await allHeld;

    let queuedRead: Promise<unknown> | undefined;
    try {
      const { writtenOn, readOn, value } = await withConnection(db, async (conn) => {
        const writtenOn = await inTransaction(conn, async (trx) => {
          await sql`create temporary table written (value integer)`.execute(trx);
          await sql`insert into written values (42)`.execute(trx);
          return backendPid(trx);
        });
        // Another request now waits for a connection, to hold it long: it must not get this one
        // before the answer is read (the read would wait for it until the pool gave up).
        queuedRead = db.connection().execute(() => othersReleased);
        const readOn = await backendPid(conn);
        const { rows } = await sql<{ value: number }>`select value from written`.execute(conn);
        return { writtenOn, readOn, value: rows[0]?.value };
      });
      expect(readOn).toBe(writtenOn);
      expect(value).toBe(42);
    } finally {
      releaseOthers();
      await Promise.allSettled([...othersHeld, queuedRead]);
    }
  });
});
