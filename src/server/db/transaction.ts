import type { Db } from './database.js';
import { isDatabaseUnavailable, WrittenButUnreadError } from './errors.js';
import { createGroupCommit, type GroupCommit } from './group-commit.js';

/** SQLite databases whose transactions commit in groups (see group-commit.ts). */
const groups = new WeakMap<Db, GroupCommit>();

export function commitInGroups(db: Db): GroupCommit {
  const group = createGroupCommit(db);
  groups.set(db, group);
  return group;
}

/** Connections lent by `withConnection`, and whether a transaction on each has committed. */
const committedOn = new WeakMap<Db, { committed: boolean }>();

/**
 * Runs a write and the reads that answer it on one connection. On PostgreSQL the pooled
 * connection is held from the transaction to the last read: a write that committed is never
 * answered 503 because the pool, saturated, had no connection left to read its answer with. If
 * the database drops out after the commit, the read fails with `WrittenButUnreadError` rather
 * than as unavailable: a 503 would tell the client to send the write again. SQLite has one
 * connection, and its transactions commit in groups on `db` itself.
 */
export function withConnection<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (groups.has(db)) return work(db);
  return db.connection().execute(async (connection) => {
    const state = { committed: false };
    committedOn.set(connection, state);
    try {
      return await work(connection);
    } catch (error) {
      if (state.committed && isDatabaseUnavailable(error)) throw new WrittenButUnreadError(error);
      throw error;
    }
  });
}

/**
 * Runs `work` in one transaction (BEGIN IMMEDIATE on SQLite), committing only if it succeeds and
 * answering only once it is committed. On SQLite it may share its commit with transactions asked
 * for at the same moment, each still all or nothing.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const group = groups.get(db);
  if (group) return group.run(work);
  const value = await db.transaction().execute(work);
  const lent = committedOn.get(db);
  if (lent) lent.committed = true;
  return value;
}

/**
 * Runs reads that must agree with each other, such as a question's counts and the answers and
 * comments it embeds, or a page sized by one read and filled by the next, as of one moment. On
 * PostgreSQL that is a read-only REPEATABLE READ transaction on one connection: read on several
 * connections at once, a comment committed between two reads showed in the list but not in the
 * count. SQLite needs nothing: node:sqlite runs each statement to its end on the one thread,
 * writes commit in groups that start on a later turn of the event loop (group-commit.ts), and one
 * request's reads, waiting on nothing but each other, all run within one turn.
 */
export function readTogether<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (groups.has(db)) return work(db);
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
}
