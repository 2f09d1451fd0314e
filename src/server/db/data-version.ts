import type { DatabaseSync } from 'node:sqlite';
import { CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/**
 * The pragma itself rather than its table-valued form (`pragma_data_version()`), which SQLite
 * parses anew as a PRAGMA statement on every call.
 */
const DATA_VERSION = 'PRAGMA data_version';
const DATA_VERSION_QUERY = CompiledQuery.raw(DATA_VERSION);

/**
 * SQLite's count of transactions committed to the file by other connections, as this connection
 * sees it: it moves when another process (or a second instance) writes, never for this
 * connection's own commits, and reads no page from disk: about 3 µs in SQLite.
 */
export async function writesByOtherConnections(db: Db): Promise<number> {
  const { rows } = await db.executeQuery<{ data_version: number }>(DATA_VERSION_QUERY);
  return rows[0]?.data_version ?? 0;
}

/**
 * `writesByOtherConnections` answered on the spot from the connection Kysely drives, for a check
 * made before every answer served from memory (the feed cache). Through Kysely the pragma waits
 * its turn for the connection and resolves through a chain of promises, several times what SQLite
 * takes to answer it; here it is one call. It is asked this way only outside a transaction, when
 * the connection holds no snapshot and nothing of Kysely's is running on it (node:sqlite runs each
 * statement to its end, and the server reads rows whole, never as a stream). Inside one it waits
 * its turn as before: there the pragma would answer as of the transaction's start.
 */
export function dataVersionReader(connection: DatabaseSync, db: Db): () => number | Promise<number> {
  const statement = connection.prepare(DATA_VERSION);
  statement.setReturnArrays(true);
  return () => {
    if (connection.isTransaction) return writesByOtherConnections(db);
    const row = statement.get() as unknown as [number] | undefined;
    return row?.[0] ?? 0;
  };
}
