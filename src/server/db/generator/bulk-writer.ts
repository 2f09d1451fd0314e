import { CompiledQuery, sql } from 'kysely';
import type { Db, DialectName } from '../database.js';
import { CONTENT_TABLES } from '../schema.js';

/** A column of a bulk insert: its name and, for PostgreSQL's unnest, its array type. */
export interface Column {
  name: string;
  pgType: 'int4' | 'int8' | 'text';
}

export const int = (name: string): Column => ({ name, pgType: 'int4' });
export const time = (name: string): Column => ({ name, pgType: 'int8' });
export const text = (name: string): Column => ({ name, pgType: 'text' });

type Value = number | string | null;

/** The tables the generator fills, and whose secondary indexes it rebuilds after loading: every content table. */
export const GENERATED_TABLES = CONTENT_TABLES;

/**
 * Buffers rows per table and writes them in large multi-row statements: SQLite gets multi-row
 * VALUES (one prepared statement per batch size, so the statement cache reuses it), PostgreSQL
 * gets one `insert … select from unnest($1::int4[], …)` per batch, a single parameter per column.
 * Give it one connection (`db.connection()`): its statements must run in the order they are sent.
 */
export interface BulkTable {
  add(...values: Value[]): Promise<void>;
  readonly written: number;
}

export interface BulkLoader {
  /**
   * A table to fill. Tables are declared parents first: before a table's batch is written, the
   * batches of every table declared earlier are written, so foreign keys always find their rows.
   */
  table(name: string, columns: Column[], options?: TableOptions): BulkTable;
  flush(): Promise<void>;
}

export interface TableOptions {
  /** PostgreSQL: a column computed in SQL from the unnested ones. */
  computed?: Computed;
  /**
   * Rows buffered before they are written (on SQLite in statements of the usual size, one after
   * another), written only then or at `flush`, never along with a later table's batch: for a
   * table that no other references. SQLite's full-text index needs it: FTS5 writes the terms it
   * holds in memory to disk as a new segment whenever another statement of the transaction opens
   * a savepoint, as an insert into a table with a key does, so its rows written between the other
   * tables' batches made one small segment per batch, merged over and over.
   */
  rowsPerWrite?: number;
}

/** PostgreSQL: a column computed in SQL from the unnested ones (the search vector from its text). */
export interface Computed {
  name: string;
  expression: string;
  /** Columns unnested only to feed the expression. */
  inputs: Column[];
}

const SQLITE_ROWS_PER_STATEMENT = 200;
const PG_ROWS_PER_STATEMENT = 20_000;

export function bulkLoader(db: Db, dialect: DialectName): BulkLoader {
  const pg = dialect === 'postgres';
  const batchRows = pg ? PG_ROWS_PER_STATEMENT : SQLITE_ROWS_PER_STATEMENT;
  const flushers: (() => Promise<void>)[] = [];

  /**
   * PostgreSQL: the statement last sent, still running while the generator makes the next batch
   * (about half the time of a load that waited for each). The next is sent once it is done, and
   * `flush` waits for it, so at most one is outstanding. A failure is thrown by whichever waits
   * for it; the handler attached meanwhile only keeps it from counting as unhandled.
   */
  let outstanding: Promise<unknown> = Promise.resolve();
  const sendAfterOutstanding = async (query: CompiledQuery, done: () => void) => {
    await outstanding;
    outstanding = db.executeQuery(query).then(done);
    outstanding.catch(() => undefined);
  };

  /** Tables written only when their own buffer is full or at `flush` (`TableOptions.rowsPerWrite`). */
  const apart = new Set<number>();

  const flushThrough = async (index: number, all = false) => {
    for (let i = 0; i <= index; i += 1) {
      if (all || !apart.has(i)) await (flushers[i] as () => Promise<void>)();
    }
  };

  function table(name: string, insertColumns: Column[], options: TableOptions = {}): BulkTable {
    const { computed } = options;
    const columns = pg && computed ? [...insertColumns, ...computed.inputs] : insertColumns;
    const width = columns.length;
    let buffer: Value[] = [];
    let written = 0;
    const names = insertColumns.map((c) => c.name).join(', ');

    const sqliteStatement = (rows: number) => {
      const row = `(${new Array(width).fill('?').join(', ')})`;
      return `insert into ${name} (${names}) values ${new Array(rows).fill(row).join(', ')}`;
    };
    const arrays = columns.map((c, i) => `$${i + 1}::${c.pgType}[]`).join(', ');
    const aliases = columns.map((c) => c.name).join(', ');
    const pgStatement = computed
      ? `insert into ${name} (${names}, ${computed.name}) select ${names}, ${computed.expression} from unnest(${arrays}) as t(${aliases})`
      : `insert into ${name} (${names}) select ${names} from unnest(${arrays}) as t(${aliases})`;

    async function flush() {
      const values = buffer;
      buffer = [];
      const rows = values.length / width;
      if (rows === 0) return;
      if (pg) {
        const parameters = columns.map((_, c) => {
          const column: Value[] = new Array(rows);
          for (let r = 0; r < rows; r += 1) column[r] = values[r * width + c] as Value;
          return column;
        });
        await sendAfterOutstanding(CompiledQuery.raw(pgStatement, parameters), () => {
          written += rows;
        });
        return;
      }
      for (let first = 0; first < rows; first += batchRows) {
        const part = values.slice(first * width, Math.min(rows, first + batchRows) * width);
        await db.executeQuery(CompiledQuery.raw(sqliteStatement(part.length / width), part));
      }
      written += rows;
    }

    const index = flushers.push(flush) - 1;
    if (options.rowsPerWrite !== undefined) apart.add(index);
    const rowsPerWrite = options.rowsPerWrite ?? batchRows;
    return {
      async add(...values) {
        for (const value of values) buffer.push(value);
        if (buffer.length < rowsPerWrite * width) return;
        if (!apart.has(index)) return flushThrough(index);
        await flushThrough(index - 1);
        await flush();
      },
      get written() {
        return written;
      },
    };
  }

  return {
    table,
    async flush() {
      await flushThrough(flushers.length - 1, true);
      await outstanding;
    },
  };
}

/** An index dropped before the load, with the statement that recreates it. */
export interface SavedIndex {
  name: string;
  definition: string;
}

/**
 * Drops the secondary indexes of the generated tables (those not backing a primary key or unique
 * constraint) and returns them: building an index once over sorted data is many times faster
 * than keeping it up to date row by row. The definitions are read from the database itself, so
 * the generator follows whatever the migrations created.
 */
export async function dropSecondaryIndexes(db: Db, dialect: DialectName): Promise<SavedIndex[]> {
  const tables = sql.join(GENERATED_TABLES.map((t) => sql.lit(t)));
  const { rows } =
    dialect === 'postgres'
      ? await sql<SavedIndex>`
          select i.relname as name, pg_get_indexdef(i.oid) as definition
          from pg_index x
          join pg_class i on i.oid = x.indexrelid
          join pg_class t on t.oid = x.indrelid
          where t.relnamespace = current_schema()::regnamespace
            and t.relname in (${tables})
            and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`.execute(db)
      : await sql<SavedIndex>`
          select name, sql as definition from sqlite_master
          where type = 'index' and sql is not null and tbl_name in (${tables})`.execute(db);
  for (const index of rows) await sql`drop index ${sql.ref(index.name)}`.execute(db);
  return rows;
}

export async function recreateIndexes(db: Db, indexes: SavedIndex[]): Promise<void> {
  for (const index of indexes) await sql.raw(index.definition).execute(db);
}
