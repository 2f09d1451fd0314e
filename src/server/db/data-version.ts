import { CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/**
 * The pragma itself rather than its table-valued form (`pragma_data_version()`), which SQLite
 * parses anew as a PRAGMA statement on every call.
 */
const DATA_VERSION = CompiledQuery.raw('PRAGMA data_version');

/**
 * SQLite's count of transactions committed to the file by other connections, as this connection
 * sees it: it moves when another process (or a second instance) writes, never for this
 * connection's own commits, and reads no page from disk: about 3 µs in SQLite.
 */
export async function writesByOtherConnections(db: Db): Promise<number> {
  const { rows } = await db.executeQuery<{ data_version: number }>(DATA_VERSION);
  return rows[0]?.data_version ?? 0;
}
