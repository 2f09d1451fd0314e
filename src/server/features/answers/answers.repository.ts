import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { prepared, preparedShapes } from '../../db/prepared.js';
import type { AnswersTable } from '../../db/schema.js';

export type AnswerRow = Selectable<AnswersTable>;

const answerOf = prepared((db, a: { questionId: number; answerId: number }) =>
  db.selectFrom('answers').selectAll().where('id', '=', a.answerId).where('question_id', '=', a.questionId),
);

export async function findAnswer(db: Db, questionId: number, answerId: number): Promise<AnswerRow | undefined> {
  return (await answerOf(db, { questionId, answerId }))[0];
}

/**
 * The columns a page of answers shows. node:sqlite takes and releases SQLite's mutex around each
 * value it reads, so a page reads none it does not show (docs/performance.md, "The values a read
 * takes from SQLite").
 */
const ANSWER_PAGE_COLUMNS = [
  'id',
  'question_id',
  'username',
  'body',
  'upvotes',
  'downvotes',
  'comment_count',
  'recent_upvoters',
  'recent_downvoters',
  'created_at',
  'updated_at',
] as const;

export type AnswerPageRow = Pick<AnswerRow, (typeof ANSWER_PAGE_COLUMNS)[number]>;

const answersPage = preparedShapes(
  (afterCursor: boolean) => String(afterCursor),
  (afterCursor) => (db, a: { questionId: number; afterId: number; limit: number }) => {
    const query = db
      .selectFrom('answers')
      .select(ANSWER_PAGE_COLUMNS)
      .where('question_id', '=', a.questionId)
      .orderBy('id')
      .limit(a.limit);
    return afterCursor ? query.where('id', '>', a.afterId) : query;
  },
);

/** A question's answers, oldest first, after the answer `afterId`. */
export async function listAnswers(
  db: Db,
  questionId: number,
  afterId: number | undefined,
  limit: number,
): Promise<AnswerPageRow[]> {
  return answersPage(afterId !== undefined, db, { questionId, afterId: afterId ?? 0, limit });
}

/** The answer this author already stored on this question under this client key, if any. */
export async function findAnswerByClientKey(
  db: Db,
  questionId: number,
  userId: number,
  clientKey: string,
): Promise<AnswerRow | undefined> {
  return db
    .selectFrom('answers')
    .selectAll()
    .where('question_id', '=', questionId)
    .where('user_id', '=', userId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
}

export async function insertAnswer(
  db: Db,
  answer: {
    questionId: number;
    userId: number;
    username: string;
    body: string;
    clientKey: string | null;
    now: number;
  },
): Promise<AnswerRow> {
  return db
    .insertInto('answers')
    .values({
      question_id: answer.questionId,
      user_id: answer.userId,
      username: answer.username,
      body: answer.body,
      client_key: answer.clientKey,
      created_at: answer.now,
      updated_at: answer.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateAnswer(db: Db, id: number, body: string, now: number): Promise<void> {
  await db.updateTable('answers').set({ body, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteAnswer(db: Db, id: number): Promise<void> {
  await db.deleteFrom('answers').where('id', '=', id).execute();
}

export async function adjustAnswerComments(db: Db, id: number, delta: number): Promise<void> {
  await db
    .updateTable('answers')
    .set((eb) => ({ comment_count: eb('comment_count', '+', delta) }))
    .where('id', '=', id)
    .execute();
}

export async function setAnswerVoteTotals(
  db: Db,
  id: number,
  totals: { upvotes: number; downvotes: number; recentUpvoters: string[]; recentDownvoters: string[] },
): Promise<void> {
  await db
    .updateTable('answers')
    .set({
      upvotes: totals.upvotes,
      downvotes: totals.downvotes,
      score: totals.upvotes - totals.downvotes,
      recent_upvoters: JSON.stringify(totals.recentUpvoters),
      recent_downvoters: JSON.stringify(totals.recentDownvoters),
    })
    .where('id', '=', id)
    .execute();
}
