import type { Db } from '../../db/database.js';

/** Adds a bookmark; false when the caller already had it. */
export async function insertBookmark(db: Db, userId: number, questionId: number, now: number): Promise<boolean> {
  const result = await db
    .insertInto('bookmarks')
    .values({ user_id: userId, question_id: questionId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes a bookmark; false when there was none. */
export async function deleteBookmark(db: Db, userId: number, questionId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('bookmarks')
    .where('user_id', '=', userId)
    .where('question_id', '=', questionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The caller's bookmarks, most recently bookmarked first, keyed by (created_at, question_id). */
export async function listBookmarks(
  db: Db,
  userId: number,
  after: { key: number; id: number } | undefined,
  limit: number,
): Promise<{ id: number; key: number }[]> {
  let query = db
    .selectFrom('bookmarks')
    .select(['question_id as id', 'created_at as key'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('question_id', 'desc')
    .limit(limit);
  if (after)
    query = query.where((eb) => eb(eb.refTuple('created_at', 'question_id'), '<', eb.tuple(after.key, after.id)));
  return query.execute();
}
