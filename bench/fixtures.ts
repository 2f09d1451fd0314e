import { sql } from 'kysely';
import { createDatabase } from '../src/server/db/database.js';
import type { Location } from './datasets.js';

/** What the scenarios need from the dataset: who to sign in as and which posts to read or vote on. */
export interface Fixtures {
  /** A baker following about 100 others. */
  feedUser: { username: string; following: number };
  /** A question with 30 or more answers and comments. */
  showcaseQuestion: { id: number; answers: number; comments: number };
  voters: string[];
  voteQuestionIds: number[];
  /**
   * The (voter index, question id) pairs upvoted before the run, as `${voter}/${question}`: an
   * earlier run or the generator may have left them, and the toggles must start from the truth
   * so that every request really writes.
   */
  upvoted: string[];
  posts: number;
}

const VOTERS = 20;
const VOTE_QUESTIONS = 1000;

export async function readFixtures(location: Location): Promise<Fixtures> {
  const database = createDatabase(
    location.kind === 'sqlite' ? { dataDir: location.dataDir } : { databaseUrl: location.url, dataDir: '.' },
  );
  const db = database.db;
  try {
    const feedUser = await db
      .selectFrom('users')
      .select(['username', 'following_count'])
      .orderBy(sql`abs(following_count - 100)`)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const showcase = await db
      .selectFrom('questions')
      .select(['id', 'answer_count', 'comment_count'])
      .where('answer_count', '>=', 30)
      .where('comment_count', '>=', 20)
      .orderBy('answer_count')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const voters = await db
      .selectFrom('users')
      .select(['id', 'username'])
      .orderBy('id', 'desc')
      .limit(VOTERS)
      .execute();
    const { max } = await db
      .selectFrom('questions')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    const posts = Number(max);
    // Spread evenly over the whole history, so writes touch old and new posts alike.
    const voteQuestionIds = Array.from({ length: Math.min(VOTE_QUESTIONS, posts) }, (_, i) =>
      Math.max(1, Math.round(((i + 0.5) * posts) / Math.min(VOTE_QUESTIONS, posts))),
    );
    const voterIds = voters.map((v) => v.id);
    const upvoted = await db
      .selectFrom('question_votes')
      .select(['user_id', 'question_id'])
      .where('value', '=', 1)
      .where('user_id', 'in', voterIds)
      .where('question_id', 'in', voteQuestionIds)
      .execute();
    return {
      upvoted: upvoted.map((v) => `${voterIds.indexOf(v.user_id)}/${v.question_id}`),
      feedUser: { username: feedUser.username, following: feedUser.following_count },
      showcaseQuestion: { id: showcase.id, answers: showcase.answer_count, comments: showcase.comment_count },
      voters: voters.map((v) => v.username),
      voteQuestionIds,
      posts,
    };
  } finally {
    await database.destroy();
  }
}
