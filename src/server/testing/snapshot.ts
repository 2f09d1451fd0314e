import type { Db } from '../db/database.js';
import { CONTENT_TABLES } from '../db/schema.js';

/**
 * Every stored row of every content table, in a stable order, as one string: two equal
 * snapshots mean a request changed nothing at all (no row, counter, time or token version).
 */
export async function databaseSnapshot(db: Db): Promise<string> {
  const tables: Record<string, string[]> = {};
  for (const table of CONTENT_TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    tables[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(tables);
}
