import { RECENT_VOTERS } from '../../../shared/constants.js';
import type { Db, DialectName } from '../../db/database.js';
import { inList, prepared } from '../../db/prepared.js';

/** Votes on questions and on answers are stored alike, in two tables. */
export type VoteTarget = { kind: 'question'; id: number } | { kind: 'answer'; id: number };

type VoteKey = { id: number; userId: number };

const questionVote = prepared((db, a: VoteKey) =>
  db.selectFrom('question_votes').select('value').where('question_id', '=', a.id).where('user_id', '=', a.userId),
);
const answerVote = prepared((db, a: VoteKey) =>
  db.selectFrom('answer_votes').select('value').where('answer_id', '=', a.id).where('user_id', '=', a.userId),
);

export async function currentVote(db: Db, target: VoteTarget, userId: number): Promise<number> {
  const key = { id: target.id, userId };
  const [row] = target.kind === 'question' ? await questionVote(db, key) : await answerVote(db, key);
  return row?.value ?? 0;
}

type VoteValue = VoteKey & { value: number; now: number };

const deleteQuestionVote = prepared((db, a: VoteKey) =>
  db.deleteFrom('question_votes').where('question_id', '=', a.id).where('user_id', '=', a.userId),
);
const upsertQuestionVote = prepared((db, a: VoteValue) =>
  db
    .insertInto('question_votes')
    .values({ question_id: a.id, user_id: a.userId, value: a.value, created_at: a.now })
    .onConflict((oc) => oc.columns(['question_id', 'user_id']).doUpdateSet({ value: a.value, created_at: a.now })),
);
const deleteAnswerVote = prepared((db, a: VoteKey) =>
  db.deleteFrom('answer_votes').where('answer_id', '=', a.id).where('user_id', '=', a.userId),
);
const upsertAnswerVote = prepared((db, a: VoteValue) =>
  db
    .insertInto('answer_votes')
    .values({ answer_id: a.id, user_id: a.userId, value: a.value, created_at: a.now })
    .onConflict((oc) => oc.columns(['answer_id', 'user_id']).doUpdateSet({ value: a.value, created_at: a.now })),
);

/** Stores the caller's vote: 1, -1, or 0 to remove it (SQLite's path: see replaceVote). */
async function writeVote(db: Db, target: VoteTarget, userId: number, value: number, now: number) {
  const key = { id: target.id, userId };
  if (target.kind === 'question') {
    await (value === 0 ? deleteQuestionVote(db, key) : upsertQuestionVote(db, { ...key, value, now }));
  } else {
    await (value === 0 ? deleteAnswerVote(db, key) : upsertAnswerVote(db, { ...key, value, now }));
  }
}

/*
 * PostgreSQL: the vote read and written in one statement, one round trip to the database instead
 * of two. Every sub-statement of a WITH reads the snapshot the statement began with, while the
 * upsert acts on the newest committed row; the two agree because every vote on a post is written
 * under its question's row lock, taken by an earlier statement of the same transaction, so no
 * other vote on it can commit after this statement's snapshot or be under way. An upsert of the
 * value already stored changes nothing (its date included), and removing a vote answers with the
 * one it removed.
 */
const replaceQuestionVoteReturningPrevious = prepared((db, a: VoteValue) =>
  db
    .with('previous', (qb) =>
      qb.selectFrom('question_votes').select('value').where('question_id', '=', a.id).where('user_id', '=', a.userId),
    )
    .with('stored', (qb) =>
      qb
        .insertInto('question_votes')
        .values({ question_id: a.id, user_id: a.userId, value: a.value, created_at: a.now })
        .onConflict((oc) =>
          oc
            .columns(['question_id', 'user_id'])
            .doUpdateSet({ value: a.value, created_at: a.now })
            .where('question_votes.value', '<>', a.value),
        ),
    )
    .selectFrom('previous')
    .select('value'),
);
const replaceAnswerVoteReturningPrevious = prepared((db, a: VoteValue) =>
  db
    .with('previous', (qb) =>
      qb.selectFrom('answer_votes').select('value').where('answer_id', '=', a.id).where('user_id', '=', a.userId),
    )
    .with('stored', (qb) =>
      qb
        .insertInto('answer_votes')
        .values({ answer_id: a.id, user_id: a.userId, value: a.value, created_at: a.now })
        .onConflict((oc) =>
          oc
            .columns(['answer_id', 'user_id'])
            .doUpdateSet({ value: a.value, created_at: a.now })
            .where('answer_votes.value', '<>', a.value),
        ),
    )
    .selectFrom('previous')
    .select('value'),
);
const removeQuestionVoteReturningPrevious = prepared((db, a: VoteKey) =>
  db.deleteFrom('question_votes').where('question_id', '=', a.id).where('user_id', '=', a.userId).returning('value'),
);
const removeAnswerVoteReturningPrevious = prepared((db, a: VoteKey) =>
  db.deleteFrom('answer_votes').where('answer_id', '=', a.id).where('user_id', '=', a.userId).returning('value'),
);

/**
 * Makes the caller's vote on the target `value` (1, -1, or 0 to remove it) and answers with the
 * vote it had before. The caller must hold the question's row locked (for an answer, its
 * question's): on PostgreSQL that puts every earlier vote on the post in the statement's snapshot
 * and keeps later ones out until the transaction ends. On SQLite, whose writer lock serialises
 * transactions and where a statement costs no round trip, the vote is read first and written
 * only if it changes.
 */
export async function replaceVote(
  db: Db,
  dialect: DialectName,
  target: VoteTarget,
  userId: number,
  value: number,
  now: number,
): Promise<number> {
  if (dialect === 'sqlite') {
    const before = await currentVote(db, target, userId);
    if (before !== value) await writeVote(db, target, userId, value, now);
    return before;
  }
  const key = { id: target.id, userId };
  const question = target.kind === 'question';
  const [row] =
    value === 0
      ? await (question ? removeQuestionVoteReturningPrevious : removeAnswerVoteReturningPrevious)(db, key)
      : await (question ? replaceQuestionVoteReturningPrevious : replaceAnswerVoteReturningPrevious)(db, {
          ...key,
          value,
          now,
        });
  return row?.value ?? 0;
}

type Side = { id: number; value: number };

const recentQuestionVoters = prepared((db, a: Side) =>
  db
    .selectFrom('question_votes')
    .innerJoin('users', 'users.id', 'question_votes.user_id')
    .select('users.username')
    .where('question_votes.question_id', '=', a.id)
    .where('question_votes.value', '=', a.value)
    .orderBy('question_votes.created_at', 'desc')
    .limit(RECENT_VOTERS),
);
const recentAnswerVoters = prepared((db, a: Side) =>
  db
    .selectFrom('answer_votes')
    .innerJoin('users', 'users.id', 'answer_votes.user_id')
    .select('users.username')
    .where('answer_votes.answer_id', '=', a.id)
    .where('answer_votes.value', '=', a.value)
    .orderBy('answer_votes.created_at', 'desc')
    .limit(RECENT_VOTERS),
);

/** The usernames of the most recent voters on one side. */
export async function recentVoters(db: Db, target: VoteTarget, value: number): Promise<string[]> {
  const side = { id: target.id, value };
  const rows = target.kind === 'question' ? await recentQuestionVoters(db, side) : await recentAnswerVoters(db, side);
  return rows.map((r) => r.username);
}

const answerVotesRows = prepared((db, a: { userId: number; ids: number[] }) =>
  db
    .selectFrom('answer_votes')
    .select(['answer_id', 'value'])
    .where('user_id', '=', a.userId)
    .where(inList(db, 'answer_id', a.ids)),
);

/** The caller's votes on a set of answers. */
export async function answerVotesOf(db: Db, userId: number, answerIds: number[]): Promise<Map<number, number>> {
  if (answerIds.length === 0) return new Map();
  const rows = await answerVotesRows(db, { userId, ids: answerIds });
  return new Map(rows.map((r) => [r.answer_id, r.value]));
}
