import { DatabaseSync, type StatementSync, type SQLInputValue } from 'node:sqlite';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import {
  isLiteralLimit,
  limitParameters,
  withLiteralLimits,
  withoutLimits,
  type LimitParameters,
} from './literal-limits.js';

const STATEMENT_CACHE_SIZE = 500;
/** Page sizes run from 1 to PAGE_SIZE_MAX, asked with one more row: a statement sees few limits. */
const LITERAL_LIMIT_TEXTS = 128;

/**
 * Kysely's SQLite dialect expects a better-sqlite3-shaped database. node:sqlite differs in two
 * ways: statements take their parameters as separate arguments rather than one array, and
 * there is no `reader` flag (a statement that returns columns is a reader). Rows are read as
 * arrays and made into objects here (see `adaptStatement`).
 * Prepared statements are cached by SQL text, so each query shape is compiled once.
 */
export class NodeSqliteDatabase implements SqliteDatabase {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, SqliteStatement>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached) return cached;
    const bound = adaptStatement(this.#db.prepare(sql));
    const limits = limitParameters(sql);
    const statement = limits ? this.#withLiteralLimits(bound, limits) : bound;
    if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  /**
   * A statement whose LIMITs take parameters, run as the same statement with their values written
   * in (literal-limits.ts). Each variant is prepared and cached by its own SQL text like any
   * statement, so all of them count against STATEMENT_CACHE_SIZE. A limit that is not a whole
   * number is bound, as written.
   */
  #withLiteralLimits(bound: SqliteStatement, limits: LimitParameters): SqliteStatement {
    // Each set of limits' SQL text, kept so it is written once and its hash computed once.
    const texts = new Map<string, string>();
    const choose = (parameters: ReadonlyArray<unknown>): [SqliteStatement, ReadonlyArray<unknown>] => {
      if (!limits.limits.every((index) => isLiteralLimit(parameters[index]))) return [bound, parameters];
      const key = limits.limits.map((index) => String(parameters[index])).join(',');
      let text = texts.get(key);
      if (text === undefined) {
        text = withLiteralLimits(limits, parameters);
        if (texts.size < LITERAL_LIMIT_TEXTS) texts.set(key, text);
      }
      return [this.prepare(text), withoutLimits(limits, parameters)];
    };
    return {
      reader: bound.reader,
      all: (parameters) => {
        const [statement, rest] = choose(parameters);
        return statement.all(rest);
      },
      run: (parameters) => {
        const [statement, rest] = choose(parameters);
        return statement.run(rest);
      },
      iterate: (parameters) => {
        const [statement, rest] = choose(parameters);
        return statement.iterate(rest);
      },
    };
  }

  close(): void {
    this.#statements.clear();
    if (this.#db.isOpen) this.#db.close();
  }
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  const args = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
  // node:sqlite makes each row object in C++, one property at a time on a null prototype, which
  // V8 keeps as a slow dictionary. Rows read as arrays and made into objects here share one shape
  // per statement: an eighth to a quarter less time for a page's rows, and quicker to present.
  statement.setReturnArrays(true);
  const toRow = rowMaker(statement);
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => (statement.all(...args(parameters)) as unknown as unknown[][]).map(toRow),
    run: (parameters) => statement.run(...args(parameters)),
    *iterate(parameters) {
      for (const values of statement.iterate(...args(parameters))) yield toRow(values as unknown as unknown[]);
    },
  };
}

/**
 * Turns a row's values into an object keyed by the statement's column names, as node:sqlite
 * would (a later column of the same name wins). The names are read again when a row's width
 * differs from them: SQLite prepares a statement anew after the schema changes, and `select *`
 * may then have more or fewer columns.
 */
function rowMaker(statement: StatementSync): (values: unknown[]) => Record<string, unknown> {
  let names = columnNames(statement);
  let make = objectMaker(names);
  return (values) => {
    if (values.length !== names.length) {
      names = columnNames(statement);
      make = objectMaker(names);
    }
    return make(values);
  };
}

/**
 * A function that makes a row as one object literal of these names, compiled once per statement.
 * A loop assigning each name in turn is one store site shared by every statement, which V8 then
 * handles as megamorphic: making the rows of three statements (20 questions, 30 answers, 20 users)
 * took 11–13 µs that way against 1.4–2.5 µs this way (docs/performance.md, "What changed"). Each
 * name is written as a JSON string, which is also a JavaScript string literal, so no name can be
 * read as code; `__proto__` is written as a computed key, which defines a property where a plain
 * one would set the prototype.
 */
function objectMaker(names: readonly string[]): (values: unknown[]) => Record<string, unknown> {
  const properties = names.map((name, index) => {
    const key = JSON.stringify(name);
    return `${name === '__proto__' ? `[${key}]` : key}: values[${index}]`;
  });
  return new Function('values', `return { ${properties.join(', ')} };`) as (
    values: unknown[],
  ) => Record<string, unknown>;
}

const columnNames = (statement: StatementSync) => statement.columns().map((column) => column.name);

/** Writes take the database's write lock up front, so a transaction never fails half-way with SQLITE_BUSY on upgrade. */
class ImmediateTransactionSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * SQLite's schema changes are transactional (FTS5 tables' too), but Kysely's adapter says they
 * are not, so its migrator would run each statement on its own: a migration stopped half-way
 * (a crash, a deploy's restart during a long index rebuild) would leave a schema that neither the
 * old nor the new code knows, and that the migration cannot run on again. Saying so makes the
 * migrator run the pending migrations and their bookkeeping in one transaction.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #database: NodeSqliteDatabase;

  constructor(database: NodeSqliteDatabase) {
    super({ database });
    this.#database = database;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionSqliteDriver({ database: this.#database });
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

export interface SqliteFileOptions {
  busyTimeoutMs: number;
}

export function openSqliteFile(file: string, options: SqliteFileOptions): DatabaseSync {
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: options.busyTimeoutMs });
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = ${options.busyTimeoutMs};
    PRAGMA cache_size = -65536;
    PRAGMA temp_store = MEMORY;
  `);
  return db;
}
