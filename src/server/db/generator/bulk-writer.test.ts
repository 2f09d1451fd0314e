import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { Db } from '../database.js';
import { bulkLoader, int, text } from './bulk-writer.js';

/**
 * The loader writes parents before children, and a table with its own `rowsPerWrite` only when
 * its own buffer is full or at `flush`. Each table's writes are logged by a trigger into `writes`,
 * so the order the loader wrote them in is what the test reads.
 */
describe('bulk loader', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const { db, dialect } = t.database;
    const serial = dialect === 'postgres' ? sql`serial primary key` : sql`integer primary key`;
    await sql`create table bulk_writes (seq ${serial}, tbl text not null, n integer not null)`.execute(db);
    await sql`create table bulk_parents (id integer primary key, name text not null)`.execute(db);
    await sql`create table bulk_children (id integer primary key, parent_id integer not null references bulk_parents (id))`.execute(
      db,
    );
    await sql`create table bulk_apart (id integer primary key, parent_id integer not null references bulk_parents (id))`.execute(
      db,
    );
    for (const table of ['bulk_parents', 'bulk_children', 'bulk_apart']) {
      if (dialect === 'postgres') {
        await sql`
          create function ${sql.raw(`${table}_logged`)}() returns trigger language plpgsql as $$
          begin
            insert into bulk_writes (tbl, n) select ${sql.lit(table)}, count(*) from added;
            return null;
          end $$`.execute(db);
        await sql`
          create trigger ${sql.raw(`${table}_log`)} after insert on ${sql.table(table)}
          referencing new table as added for each statement execute function ${sql.raw(`${table}_logged`)}()`.execute(
          db,
        );
      } else {
        // SQLite's triggers are per row: consecutive rows of one table are counted together below.
        await sql`
          create trigger ${sql.raw(`${table}_log`)} after insert on ${sql.table(table)}
          begin insert into bulk_writes (tbl, n) values (${sql.lit(table)}, 1); end`.execute(db);
      }
    }
  });
  afterAll(() => t.close());

  /**
   * The tables written, in order, each run of consecutive rows of one table counted together.
   * Read on the loader's connection, after whatever statement it still has running.
   */
  async function writes(db: Db): Promise<string[]> {
    const { rows } = await sql<{ tbl: string; n: number }>`select tbl, n from bulk_writes order by seq`.execute(db);
    const runs: { tbl: string; n: number }[] = [];
    for (const { tbl, n } of rows) {
      const last = runs.at(-1);
      if (last?.tbl === tbl) last.n += Number(n);
      else runs.push({ tbl, n: Number(n) });
    }
    return runs.map(({ tbl, n }) => `${tbl.replace('bulk_', '')} ${n}`);
  }

  it('writes a table kept apart only when its own buffer is full, after its parents, and everything at flush', () =>
    t.database.db.connection().execute(async (db) => {
      const { dialect } = t.database;
      const load = bulkLoader(db, dialect);
      const parents = load.table('bulk_parents', [int('id'), text('name')]);
      const apart = load.table('bulk_apart', [int('id'), int('parent_id')], { rowsPerWrite: 450 });
      const children = load.table('bulk_children', [int('id'), int('parent_id')]);
      const childBatch = dialect === 'postgres' ? 20_000 : 200;

      for (let id = 1; id <= 449; id += 1) {
        await parents.add(id, `parent ${id}`);
        await apart.add(id, id);
      }
      // A child's full batch writes the parents before it, and leaves the table kept apart buffered.
      for (let id = 1; id <= childBatch; id += 1) await children.add(id, 1 + (id % 449));
      expect(await writes(db)).toEqual([`parents 449`, `children ${childBatch}`]);
      expect(apart.written).toBe(0);

      // Its 450th row fills it: the rows of the tables before it go first, then its own.
      await parents.add(450, 'parent 450');
      await apart.add(450, 450);
      expect(await writes(db)).toEqual([`parents 449`, `children ${childBatch}`, 'parents 1', 'apart 450']);
      expect(apart.written).toBe(450);

      await parents.add(451, 'parent 451');
      await apart.add(451, 451);
      await children.add(childBatch + 1, 451);
      await load.flush();
      expect(await writes(db)).toEqual([
        `parents 449`,
        `children ${childBatch}`,
        'parents 1',
        'apart 450',
        'parents 1',
        'apart 1',
        'children 1',
      ]);
      expect([parents.written, apart.written, children.written]).toEqual([451, 451, childBatch + 1]);
    }));

  it('throws a write that failed, even one left running while the next batch was made', () =>
    t.database.db.connection().execute(async (db) => {
      const load = bulkLoader(db, t.database.dialect);
      const parents = load.table('bulk_parents', [int('id'), text('name')]);
      await parents.add(9001, 'a parent');
      await parents.add(9001, 'the same id again');
      await expect(load.flush()).rejects.toThrow(/unique|primary key/i);
      expect(parents.written).toBe(0);
    }));
});
