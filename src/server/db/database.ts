import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Database } from './schema.js';
import { NodeSqliteDatabase, NodeSqliteDialect, openSqliteFile } from './node-sqlite-dialect.js';
import { startBackgroundCheckpoints } from './background-checkpoints.js';
import { migrations } from './migrations/index.js';
import { commitInGroups } from './transaction.js';
import { dataVersionReader } from './data-version.js';

export type DialectName = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** PostgreSQL: the schema the app's tables live in, when not the default. */
  schema?: string | undefined;
  /**
   * SQLite: the count of commits by other connections (`PRAGMA data_version`), read on the spot
   * when it can be (data-version.ts).
   */
  writesByOtherConnections?: () => number | Promise<number>;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; when absent the database is a SQLite file in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL only: the schema to use (tests give each run its own). */
  searchPath?: string;
  onQuery?: (event: LogEvent) => void;
  onPoolError?: (error: Error) => void;
  /**
   * PostgreSQL: no statement or query timeouts, for tools whose statements (index builds over
   * millions of rows) outlast the app's limits.
   */
  longStatements?: boolean;
  /**
   * SQLite only: checkpoint the write-ahead log from a worker thread instead of inside commits
   * (see background-checkpoints.ts). The server turns it on; tools and most tests do not need it.
   */
  backgroundCheckpoints?: { intervalMs: number; onFailure: (error: Error) => void };
}

const SQLITE_BUSY_TIMEOUT_MS = 5000;
const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
/** Under a steady stream of writes the checkpoint worker starts the log over once it holds this many pages (64 MB). */
const WAL_RESTART_ABOVE_FRAMES = 16_384;
/** After a burst of writes the checkpoint worker cuts the log file back once the app is idle, if it grew past this. */
const WAL_TRUNCATE_ABOVE_BYTES = 64 * 1024 * 1024;
const INT8_OID = 20;

export const SQLITE_FILE_NAME = 'crumb.db';

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const log = options.onQuery ? (event: LogEvent) => options.onQuery?.(event) : undefined;
  if (options.databaseUrl) {
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
    };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      ...(options.longStatements ? {} : { statement_timeout: 10_000, query_timeout: 15_000 }),
      types,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // A client losing its connection must not crash the process. The pool listens for that only
    // while a client is idle; a client that is checked out (between the statements of a
    // transaction, say) would emit an unhandled 'error' and take the process down. So every
    // client gets its own listener; its pending query fails (503) and the pool drops it on release.
    pool.on('error', (error) => options.onPoolError?.(error));
    pool.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
    return { db, dialect: 'postgres', schema: options.searchPath, destroy: () => db.destroy() };
  }

  // The file holds password hashes and the secret that signs tokens: a new one is readable by
  // its owner only, and so are the log files SQLite makes beside it (they take its permissions).
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(options.dataDir, SQLITE_FILE_NAME);
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const connection = openSqliteFile(file, { busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS });
  const database = new NodeSqliteDatabase(connection);
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(database), ...(log ? { log } : {}) });
  const group = commitInGroups(db);
  const writesByOtherConnections = dataVersionReader(connection, db);
  const background = options.backgroundCheckpoints;
  if (!background) return { db, dialect: 'sqlite', writesByOtherConnections, destroy: () => db.destroy() };

  // No journal_size_limit: it would truncate the log inside a commit (see background-checkpoints.ts).
  connection.exec('PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = -1');
  const checkpoints = startBackgroundCheckpoints({
    file,
    intervalMs: background.intervalMs,
    restartAboveFrames: WAL_RESTART_ABOVE_FRAMES,
    truncateAboveBytes: WAL_TRUNCATE_ABOVE_BYTES,
    pauseWrites: () => group.pause(),
    resumeWrites: () => group.resume(),
    onFailure(error) {
      // Without the worker the log would grow without end: commits checkpoint again.
      if (connection.isOpen) connection.exec(`PRAGMA wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES}`);
      background.onFailure(error);
    },
  });
  return {
    db,
    dialect: 'sqlite',
    writesByOtherConnections,
    async destroy() {
      await checkpoints.stop();
      await db.destroy();
    },
  };
}

export async function migrateToLatest({ db, schema }: Pick<DatabaseHandle, 'db' | 'schema'>): Promise<void> {
  // The migrator looks for its own tables across every schema, so a non-default schema is named.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
