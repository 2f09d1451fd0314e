import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { inList, prepared, preparedShapes } from '../../db/prepared.js';
import type { CommentsTable } from '../../db/schema.js';

export type CommentRow = Selectable<CommentsTable>;

/** What a comment's JSON shows: pages of comments read only these columns (a fifth less time than all of them). */
const VIEW_COLUMNS = [
  'comments.id',
  'comments.question_id',
  'comments.answer_id',
  'comments.username',
  'comments.body',
  'comments.created_at',
  'comments.updated_at',
  'users.first_name',
  'users.last_name',
] as const;

/** A comment as shown, with its author's current names. */
export type CommentView = Pick<
  CommentRow,
  'id' | 'question_id' | 'answer_id' | 'username' | 'body' | 'created_at' | 'updated_at'
> & { first_name: string; last_name: string };

const selectView = (db: Db) =>
  db.selectFrom('comments').innerJoin('users', 'users.id', 'comments.user_id').select(VIEW_COLUMNS);

export async function findComment(
  db: Db,
  questionId: number,
  answerId: number | null,
  commentId: number,
): Promise<CommentRow | undefined> {
  return db
    .selectFrom('comments')
    .selectAll()
    .where('id', '=', commentId)
    .where('question_id', '=', questionId)
    .where((eb) => (answerId === null ? eb('answer_id', 'is', null) : eb('answer_id', '=', answerId)))
    .executeTakeFirst();
}

export async function findByClientKey(
  db: Db,
  questionId: number,
  answerId: number | null,
  userId: number,
  clientKey: string,
): Promise<CommentRow | undefined> {
  // The thread is named as the unique index comments_client_key names it, coalesce and all, so
  // both databases look the key up in that index rather than reading the whole thread.
  return db
    .selectFrom('comments')
    .selectAll()
    .where('question_id', '=', questionId)
    .where(sql<number>`coalesce(answer_id, 0)`, '=', answerId ?? 0)
    .where('user_id', '=', userId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
}

const commentsPage = preparedShapes(
  (shape: { onAnswer: boolean; afterCursor: boolean }) => `${shape.onAnswer}:${shape.afterCursor}`,
  ({ onAnswer, afterCursor }) =>
    (db, a: { questionId: number; answerId: number; afterId: number; limit: number }) => {
      const newestFirst = !onAnswer;
      // PostgreSQL has no `is $1`, so a question's own comments are matched with `is null`.
      let query = selectView(db)
        .where('comments.question_id', '=', a.questionId)
        .where((eb) => (onAnswer ? eb('comments.answer_id', '=', a.answerId) : eb('comments.answer_id', 'is', null)))
        .orderBy('comments.id', newestFirst ? 'desc' : 'asc')
        .limit(a.limit);
      if (afterCursor) query = query.where('comments.id', newestFirst ? '<' : '>', a.afterId);
      return query;
    },
);

const firstComments = prepared((db, a: { questionId: number; answerIds: number[]; perAnswer: number }) => {
  const ranked = db
    .selectFrom('comments')
    .select([
      'comments.id',
      sql<number>`row_number() over (partition by comments.answer_id order by comments.id)`.as('rank'),
    ])
    .where('comments.question_id', '=', a.questionId)
    .where(inList(db, 'comments.answer_id', a.answerIds))
    .as('ranked');
  return selectView(db).innerJoin(ranked, 'ranked.id', 'comments.id').where('ranked.rank', '<=', a.perAnswer);
});

/**
 * One page of comments. A question's own comments are newest first (new ones go to the front);
 * an answer's are oldest first (new ones go to the end).
 */
export async function listComments(
  db: Db,
  questionId: number,
  answerId: number | null,
  afterId: number | undefined,
  limit: number,
): Promise<CommentView[]> {
  return commentsPage({ onAnswer: answerId !== null, afterCursor: afterId !== undefined }, db, {
    questionId,
    answerId: answerId ?? 0,
    afterId: afterId ?? 0,
    limit,
  });
}

/** The first `perAnswer` comments (oldest first) of each of several answers, in one query. */
export async function firstCommentsOfAnswers(
  db: Db,
  questionId: number,
  answerIds: number[],
  perAnswer: number,
): Promise<Map<number, CommentView[]>> {
  const byAnswer = new Map<number, CommentView[]>();
  if (answerIds.length === 0) return byAnswer;
  const rows = await firstComments(db, { questionId, answerIds, perAnswer });
  // Ordered here rather than in SQL: a few rows per answer, and no sort in the database.
  for (const row of rows.sort((x, y) => x.id - y.id)) {
    const list = byAnswer.get(row.answer_id ?? 0) ?? [];
    list.push(row);
    byAnswer.set(row.answer_id ?? 0, list);
  }
  return byAnswer;
}

export async function insertComment(
  db: Db,
  comment: {
    questionId: number;
    answerId: number | null;
    userId: number;
    username: string;
    body: string;
    clientKey: string | null;
    now: number;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('comments')
    .values({
      question_id: comment.questionId,
      answer_id: comment.answerId,
      user_id: comment.userId,
      username: comment.username,
      body: comment.body,
      client_key: comment.clientKey,
      created_at: comment.now,
      updated_at: comment.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function findCommentView(db: Db, id: number): Promise<CommentView | undefined> {
  return selectView(db).where('comments.id', '=', id).executeTakeFirst();
}

export async function updateComment(db: Db, id: number, body: string, now: number): Promise<void> {
  await db.updateTable('comments').set({ body, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteComment(db: Db, id: number): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}
