import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations never import app code: they speak only Kysely, so they stay valid as the app changes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * SQLite: a read-only view of the full-text index's vocabulary. A search word is a prefix, and
 * FTS5 answers a long prefix by first merging the whole posting list of every term it covers;
 * looking the terms up here first lets a search ask for those few terms exactly, which FTS5
 * reads lazily in rowid order and stops after one page.
 */
export const searchTerms: Migration = {
  async up(db: AnyDb) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    await sql`create virtual table questions_fts_terms using fts5vocab(questions_fts, 'row')`.execute(db);
  },
};
