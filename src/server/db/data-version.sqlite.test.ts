import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle, type WritesElsewhere } from './database.js';
import { writesByOtherConnections } from './data-version.js';

/** Two handles on one file stand for two processes: each is the other's "other connection". */
describe('writes by other connections (SQLite data_version)', () => {
  let dir: string;
  let mine: DatabaseHandle;
  let theirs: DatabaseHandle;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'crumb-data-version-'));
    mine = createDatabase({ dataDir: dir });
    theirs = createDatabase({ dataDir: dir });
    await sql`create table t (x integer primary key)`.execute(theirs.db);
    read = await mine.watchWritesElsewhere(() => {});
  });
  afterEach(async () => {
    await mine.destroy();
    await theirs.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  let read: WritesElsewhere;
  const readNow = () => read();

  it('answers on the spot, moved by the other connection’s commits and not by its own', async () => {
    const start = readNow();
    expect(typeof start).toBe('number');
    expect(readNow()).toBe(start);
    await sql`insert into t (x) values (1)`.execute(mine.db);
    expect(readNow()).toBe(start);
    await sql`insert into t (x) values (2)`.execute(theirs.db);
    const moved = readNow();
    expect(moved).not.toBe(start);
    expect(moved).toBe(await writesByOtherConnections(mine.db));
  });

  it('inside a transaction on its connection, waits for it to end', async () => {
    await sql`insert into t (x) values (3)`.execute(theirs.db);
    let pending: number | Promise<number> = 0;
    await mine.db.transaction().execute(async (trx) => {
      await sql`insert into t (x) values (4)`.execute(trx);
      pending = readNow();
      expect(pending).toBeInstanceOf(Promise);
    });
    expect(await pending).toBe(readNow());
  });
});
