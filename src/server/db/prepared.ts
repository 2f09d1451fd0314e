import { sql, SqliteAdapter, type Compilable, type CompiledQuery, type DialectAdapter, type RawBuilder } from 'kysely';
import type { Db } from './database.js';

const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * `column IN (list)` with the whole list bound as one parameter, so a prepared query keeps one
 * SQL text whatever the list's length: SQLite reads it from a JSON array (`json_each`),
 * PostgreSQL as an array (`= any`). Pass the list as a plain array of numbers.
 */
export function inList(db: Db, column: string, list: unknown): RawBuilder<boolean> {
  return isSqlite(db)
    ? sql<boolean>`${sql.ref(column)} in (select value from json_each(${list}))`
    : sql<boolean>`${sql.ref(column)} = any(${list})`;
}

/** Stands in for one named parameter while a prepared query is built and compiled. */
class Placeholder {
  constructor(readonly name: string) {}
}

interface Template {
  compiled: CompiledQuery;
  /** SQLite binds no arrays: list arguments go in as JSON text. */
  listsAsJson: boolean;
  /** Per SQL parameter: the name of the argument it takes, or the constant the builder put there. */
  slots: ReadonlyArray<{ name: string } | { value: unknown }>;
}

/**
 * A query built and compiled by Kysely once, then run many times with new arguments.
 *
 * Building a Kysely query and compiling it to SQL costs 25–40 µs of CPU, more than SQLite takes to
 * run most of Crumb's hot statements (a page of explore reads in about 40 µs). A prepared query is
 * built once per database adapter with placeholders in place of its arguments; each call binds
 * the arguments to the stored SQL and executes it (SQLite's statements are cached by SQL text, so
 * they are parsed once too). `build` must give the same SQL whatever the arguments: every value
 * that varies comes from `args`, and lists go in as one parameter (`inList`).
 */
export function prepared<A extends Record<string, unknown>, O>(
  build: (db: Db, args: A) => Compilable<O>,
): (db: Db, args: A) => Promise<O[]> {
  const templates = new WeakMap<DialectAdapter, Template>();

  function templateFor(db: Db): Template {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (template) return template;
    const placeholders = new Proxy({} as A, {
      get: (_target, name) => new Placeholder(String(name)),
    });
    const compiled = build(db, placeholders).compile();
    template = {
      compiled,
      listsAsJson: isSqlite(db),
      slots: compiled.parameters.map((value) => (value instanceof Placeholder ? { name: value.name } : { value })),
    };
    templates.set(adapter, template);
    return template;
  }

  return async (db, args) => {
    const { compiled, slots, listsAsJson } = templateFor(db);
    const parameters = slots.map((slot) => {
      if (!('name' in slot)) return slot.value;
      const value = args[slot.name];
      return listsAsJson && Array.isArray(value) ? JSON.stringify(value) : value;
    });
    const result = await db.executeQuery<O>({ ...compiled, parameters } as CompiledQuery<O>);
    return result.rows;
  };
}

/** A query prepared once for each of a few shapes (say, first page and later pages), chosen per call. */
export function preparedShapes<S, A extends Record<string, unknown>, O>(
  keyOf: (shape: S) => string,
  build: (shape: S) => (db: Db, args: A) => Compilable<O>,
): (shape: S, db: Db, args: A) => Promise<O[]> {
  const byShape = new Map<string, (db: Db, args: A) => Promise<O[]>>();
  return (shape, db, args) => {
    const key = keyOf(shape);
    let query = byShape.get(key);
    if (!query) {
      query = prepared(build(shape));
      byShape.set(key, query);
    }
    return query(db, args);
  };
}
