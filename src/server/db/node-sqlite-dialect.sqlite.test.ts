import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeSqliteDatabase, NodeSqliteDialect } from './node-sqlite-dialect.js';

describe('node:sqlite statements as Kysely sees them', () => {
  let raw: DatabaseSync;
  let database: NodeSqliteDatabase;

  beforeEach(() => {
    raw = new DatabaseSync(':memory:');
    raw.exec(`
      create table t (id integer primary key, name text, ratio real, data blob, note text);
      insert into t values (1, 'Ada', 0.5, x'0102', null), (2, 'Zoë', -2.25, null, 'crème');
    `);
    database = new NodeSqliteDatabase(raw);
  });
  afterEach(() => database.close());

  /** What node:sqlite itself answers, as plain objects. */
  const direct = (query: string, ...parameters: Array<number | string>) =>
    raw
      .prepare(query)
      .all(...parameters)
      .map((row) => ({ ...row }));

  it('answers the rows node:sqlite answers, with every value type, as ordinary objects', () => {
    const query = 'select id, name, ratio, data, note from t where id >= ? order by id';
    const rows = database.prepare(query).all([1]) as Array<Record<string, unknown>>;

    expect(rows).toEqual(direct(query, 1));
    expect(rows[0]).toEqual({ id: 1, name: 'Ada', ratio: 0.5, data: new Uint8Array([1, 2]), note: null });
    expect(Object.keys(rows[1] ?? {})).toEqual(['id', 'name', 'ratio', 'data', 'note']);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  });

  it('gives a repeated column name the later value, as node:sqlite does', () => {
    const query = `select id, name, 'later' as name from t where id = ?`;
    const rows = database.prepare(query).all([2]);

    expect(rows).toEqual([{ id: 2, name: 'later' }]);
    expect(rows).toEqual(direct(query, 2));
  });

  it('keeps a column named __proto__ as a value, never as the prototype', () => {
    const [row] = database.prepare(`select 7 as "__proto__", 'x' as "constructor"`).all([]) as Array<
      Record<string, unknown>
    >;

    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(7);
    expect(Object.keys(row ?? {})).toEqual(['__proto__', 'constructor']);
    expect(row?.constructor).toBe('x');
  });

  it('keeps column names that look like code, quotes or numbers as plain keys', () => {
    const names = [`a" }; throw 1; ({ "`, 'back\\slash', 'line\nbreak', '\u2028', '2', 'x y', '${name}'];
    const query = `select ${names.map((name, index) => `${index} as "${name.replaceAll('"', '""')}"`).join(', ')}`;
    const [row] = database.prepare(query).all([]) as Array<Record<string, unknown>>;

    expect(row).toEqual(direct(query)[0]);
    expect(Object.keys(row ?? {})).toEqual(Object.keys(direct(query)[0] ?? {}));
    expect(Object.keys(row ?? {}).sort()).toEqual([...names].sort());
    names.forEach((name, index) => expect(row?.[name]).toBe(index));
  });

  it('orders and overwrites keys as node:sqlite does: an empty name, numbers first, a repeated __proto__', () => {
    const query = `select 1 as "b", 2 as "", 3 as "10", 4 as "__proto__", 5 as "2", 6 as "__proto__", 7 as "b"`;
    const [row] = database.prepare(query).all([]) as Array<Record<string, unknown>>;
    const expected = direct(query)[0] ?? {};

    expect(Object.keys(row ?? {})).toEqual(Object.keys(expected));
    expect(Object.keys(row ?? {})).toEqual(['2', '10', 'b', '', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(6);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row).toMatchObject({ b: 7, '': 2, '10': 3, '2': 5 });
  });

  it('makes rows of as many columns as a statement has', () => {
    const query = `select ${Array.from({ length: 300 }, (_, index) => `${index} as c${index}`).join(', ')}`;
    const [row] = database.prepare(query).all([]) as Array<Record<string, unknown>>;

    expect(Object.keys(row ?? {})).toHaveLength(300);
    expect(row?.c299).toBe(299);
    expect(row).toEqual(direct(query)[0]);
  });

  it('follows a schema change under a statement prepared before it', () => {
    const statement = database.prepare('select * from t where id = ?');
    expect(statement.all([1])).toEqual([{ id: 1, name: 'Ada', ratio: 0.5, data: new Uint8Array([1, 2]), note: null }]);

    raw.exec(`alter table t add column baked integer not null default 3`);
    expect(statement.all([1])).toEqual([
      { id: 1, name: 'Ada', ratio: 0.5, data: new Uint8Array([1, 2]), note: null, baked: 3 },
    ]);

    raw.exec(`alter table t drop column data`);
    expect(statement.all([2])).toEqual([{ id: 2, name: 'Zoë', ratio: -2.25, note: 'crème', baked: 3 }]);
  });

  it('iterates the same rows as it returns all at once', () => {
    const statement = database.prepare('select id, name from t order by id');

    expect([...statement.iterate([])]).toEqual(statement.all([]));
    expect([...statement.iterate([])]).toEqual([
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Zoë' },
    ]);
  });

  it('prepares a statement with a LIMIT parameter once per limit, the limit written into its SQL', () => {
    const prepared: string[] = [];
    const prepare = raw.prepare.bind(raw);
    raw.prepare = (query: string) => {
      prepared.push(query);
      return prepare(query);
    };
    raw.exec(`insert into t (id, name) values (3, 'Bea'), (4, 'Cy')`);
    const statement = database.prepare('select id from t where id > ? order by id limit ?');

    expect(statement.all([0, 2])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(statement.all([1, 2])).toEqual([{ id: 2 }, { id: 3 }]);
    expect(statement.all([0, 3])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect([...statement.iterate([2, 1])]).toEqual([{ id: 3 }]);
    expect(statement.all([0, -1])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);

    expect(prepared).toEqual([
      'select id from t where id > ? order by id limit ?',
      'select id from t where id > ? order by id limit 2',
      'select id from t where id > ? order by id limit 3',
      'select id from t where id > ? order by id limit 1',
      'select id from t where id > ? order by id limit -1',
    ]);
  });

  it('binds a LIMIT that is not a whole number, as written', () => {
    const statement = database.prepare('select id from t order by id limit ?');

    expect(statement.all(['1'])).toEqual([{ id: 1 }]);
    expect(() => statement.all([1.5])).toThrow();
    expect(statement.all([2])).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('runs statements that return no columns and reports their changes', () => {
    const insert = database.prepare('insert into t (id, name) values (?, ?)');

    expect(insert.reader).toBe(false);
    expect(insert.run([3, 'Bea'])).toMatchObject({ changes: 1, lastInsertRowid: 3 });
    expect(database.prepare('select count(*) as n from t').all([])).toEqual([{ n: 3 }]);
    expect(database.prepare('select id from t').reader).toBe(true);
  });
});

describe('migrations on node:sqlite', () => {
  it('leave nothing behind when one fails half-way, so the next start runs it again', async () => {
    const raw = new DatabaseSync(':memory:');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = new Kysely<any>({ dialect: new NodeSqliteDialect(new NodeSqliteDatabase(raw)) });
    const tables = () =>
      raw
        .prepare(`select name from sqlite_master where name in ('m_first', 'm_second', 'm_search') order by name`)
        .all()
        .map((row) => row.name);
    let failHalfWay = true;
    const migrations: Record<string, Migration> = {
      '0001': {
        async up(m) {
          await sql`create table m_first (id integer primary key)`.execute(m);
        },
      },
      '0002': {
        async up(m) {
          await sql`create table m_second (id integer primary key)`.execute(m);
          await sql`create virtual table m_search using fts5(body)`.execute(m);
          if (failHalfWay) throw new Error('stopped half-way');
        },
      },
    };
    const migrate = () => new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();

    const failed = await migrate();
    expect(failed.error).toBeInstanceOf(Error);
    expect(tables()).toEqual([]);

    failHalfWay = false;
    const again = await migrate();
    expect(again.error).toBeUndefined();
    expect(again.results?.map((r) => [r.migrationName, r.status])).toEqual([
      ['0001', 'Success'],
      ['0002', 'Success'],
    ]);
    expect(tables()).toEqual(['m_first', 'm_search', 'm_second']);
    await db.destroy();
  });
});
