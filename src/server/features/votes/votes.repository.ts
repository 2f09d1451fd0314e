import { RECENT_VOTERS } from '../../../shared/constants.js';
import type { Db } from '../../db/database.js';

/** Votes on questions and on answers are stored alike, in two tables. */
export type VoteTarget = { kind: 'question'; id: number } | { kind: 'answer'; id: number };

export async function currentVote(db: Db, target: VoteTarget, userId: number): Promise<number> {
  const row =
    target.kind === 'question'
      ? await db
          .selectFrom('question_votes')
          .select('value')
          .where('question_id', '=', target.id)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : await db
          .selectFrom('answer_votes')
          .select('value')
          .where('answer_id', '=', target.id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
  return row?.value ?? 0;
}

/** Stores the caller's vote: 1, -1, or 0 to remove it. */
export async function writeVote(db: Db, target: VoteTarget, userId: number, value: number, now: number) {
  if (target.kind === 'question') {
    if (value === 0) {
      await db
        .deleteFrom('question_votes')
        .where('question_id', '=', target.id)
        .where('user_id', '=', userId)
        .execute();
      return;
    }
    await db
      .insertInto('question_votes')
      .values({ question_id: target.id, user_id: userId, value, created_at: now })
      .onConflict((oc) => oc.columns(['question_id', 'user_id']).doUpdateSet({ value, created_at: now }))
      .execute();
    return;
  }
  if (value === 0) {
    await db.deleteFrom('answer_votes').where('answer_id', '=', target.id).where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('answer_votes')
    .values({ answer_id: target.id, user_id: userId, value, created_at: now })
    .onConflict((oc) => oc.columns(['answer_id', 'user_id']).doUpdateSet({ value, created_at: now }))
    .execute();
}

/** The usernames of the most recent voters on one side. */
export async function recentVoters(db: Db, target: VoteTarget, value: number): Promise<string[]> {
  const rows =
    target.kind === 'question'
      ? await db
          .selectFrom('question_votes')
          .innerJoin('users', 'users.id', 'question_votes.user_id')
          .select('users.username')
          .where('question_votes.question_id', '=', target.id)
          .where('question_votes.value', '=', value)
          .orderBy('question_votes.created_at', 'desc')
          .limit(RECENT_VOTERS)
          .execute()
      : await db
          .selectFrom('answer_votes')
          .innerJoin('users', 'users.id', 'answer_votes.user_id')
          .select('users.username')
          .where('answer_votes.answer_id', '=', target.id)
          .where('answer_votes.value', '=', value)
          .orderBy('answer_votes.created_at', 'desc')
          .limit(RECENT_VOTERS)
          .execute();
  return rows.map((r) => r.username);
}

/** The caller's votes on a set of answers. */
export async function answerVotesOf(db: Db, userId: number, answerIds: number[]): Promise<Map<number, number>> {
  if (answerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('answer_votes')
    .select(['answer_id', 'value'])
    .where('user_id', '=', userId)
    .where('answer_id', 'in', answerIds)
    .execute();
  return new Map(rows.map((r) => [r.answer_id, r.value]));
}
