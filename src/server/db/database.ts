import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Database } from './schema.js';
import { NodeSqliteDatabase, NodeSqliteDialect, openSqliteFile } from './node-sqlite-dialect.js';
import { startBackgroundCheckpoints } from './background-checkpoints.js';
import { migrations } from './migrations/index.js';
import { commitInGroups } from './transaction.js';
import { dataVersionReader } from './data-version.js';
import { listenForWritesElsewhere, WRITES_CHANNEL, type WriteNotices } from './write-notices.js';

export type DialectName = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/** A count of the commits other processes made to the database; see `watchWritesElsewhere`. */
export type WritesElsewhere = () => number | Promise<number>;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** PostgreSQL: the schema the app's tables live in, when not the default. */
  schema?: string | undefined;
  /**
   * Starts hearing of other processes' commits and resolves, once it hears them, with a reader of
   * a count that moves at each commit whose changes are not known: on SQLite every other
   * connection's (`PRAGMA data_version`, read on the spot when it can be: data-version.ts); on
   * PostgreSQL those of writers other than Crumb's servers, whose notices migration 0011's
   * triggers send. `onUsersChanged` hears the users another server names as it writes
   * (PostgreSQL, write-notices.ts), by the time the reader answers.
   */
  watchWritesElsewhere(onUsersChanged: (userIds: readonly number[]) => void): Promise<WritesElsewhere>;
  /**
   * After a commit, the users whose data it changed (as `AppContext.usersChanged` names them):
   * on PostgreSQL a server (`announcesWrites`) tells the other instances; resolves once any of
   * them asking for its count would hear it. SQLite: nothing to do, `data_version` tells them.
   */
  announceUsersChanged(userIds: readonly number[]): Promise<void>;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; when absent the database is a SQLite file in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL only: the schema to use (tests give each run its own). */
  searchPath?: string;
  /**
   * PostgreSQL: this process announces its writes itself once committed (`announceUsersChanged`;
   * the server), so the triggers of migration 0011 stay silent for its sessions. Tools leave it
   * off, and their writes announce themselves.
   */
  announcesWrites?: boolean;
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
/**
 * Under a steady stream of writes the checkpoint worker starts the log over once it holds this
 * many pages (256 MB). Each restart holds the app's writes back while the frames that came during
 * the last PASSIVE checkpoint are synced and copied: 190–310 ms on the twenty-eighth machine,
 * where at 64 MB that happened about once a second under votes and held them back a quarter of
 * the time (docs/performance.md, "What changed").
 */
const WAL_RESTART_ABOVE_FRAMES = 65_536;
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
    // The server announces its own writes once they commit (write-notices.ts); the triggers of
    // migration 0011 announce everyone else's.
    const sessionOptions = [
      ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
      ...(options.announcesWrites ? ['-c crumb.announces_writes=on'] : []),
    ].join(' ');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      ...(options.longStatements ? {} : { statement_timeout: 10_000, query_timeout: 15_000 }),
      types,
      ...(sessionOptions ? { options: sessionOptions } : {}),
    });
    // A client losing its connection must not crash the process. The pool listens for that only
    // while a client is idle; a client that is checked out (between the statements of a
    // transaction, say) would emit an unhandled 'error' and take the process down. So every
    // client gets its own listener; its pending query fails (503) and the pool drops it on release.
    pool.on('error', (error) => options.onPoolError?.(error));
    pool.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
    let notices: WriteNotices | undefined;
    const writeNotices = () =>
      (notices ??= listenForWritesElsewhere({
        client: {
          connectionString: options.databaseUrl,
          connectionTimeoutMillis: 5000,
          // Its statements are empty or a notice, answered at once: one that is not has lost its
          // connection, and feeds wait on it.
          query_timeout: 2000,
          keepAlive: true,
          application_name: 'crumb write notices',
          ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
        },
        announceElsewhere: async (suffix) => {
          await sql`select pg_notify(${WRITES_CHANNEL}, current_schema() || ${suffix})`.execute(db);
        },
        retryMs: 1000,
        onError: (error) => options.onPoolError?.(error),
      }));
    return {
      db,
      dialect: 'postgres',
      schema: options.searchPath,
      async watchWritesElsewhere(onUsersChanged) {
        const heard = writeNotices();
        heard.onUsersChanged(onUsersChanged);
        await heard.ready;
        return heard.writesElsewhere;
      },
      async announceUsersChanged(userIds) {
        if (options.announcesWrites) await writeNotices().announce(userIds);
      },
      async destroy() {
        await notices?.close();
        await db.destroy();
      },
    };
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
  const watchWritesElsewhere = async () => writesByOtherConnections;
  const announceUsersChanged = async () => {};
  const background = options.backgroundCheckpoints;
  if (!background) {
    return { db, dialect: 'sqlite', watchWritesElsewhere, announceUsersChanged, destroy: () => db.destroy() };
  }

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
    watchWritesElsewhere,
    announceUsersChanged,
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
