import type { Db } from './database.js';

/** Runs `work` in one transaction (BEGIN IMMEDIATE on SQLite), committing only if it succeeds. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
