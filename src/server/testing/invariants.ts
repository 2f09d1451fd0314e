import { sql } from 'kysely';
import { RECENT_VOTERS } from '../../shared/constants.js';
import type { Db } from '../db/database.js';

/**
 * Every stored counter or summary that disagrees with the rows it summarises, described as text
 * ("<check>: <ids>"). An empty list means the counters are exact: the vote, answer, comment,
 * follow and question counts, the sort keys copied into question_tags, the recent voters kept on
 * questions and answers, and every answer comment sitting under its own answer's question.
 */
export async function counterMismatches(db: Db): Promise<string[]> {
  const checks: [string, ReturnType<typeof sql>][] = [
    [
      'questions.upvotes/downvotes/score',
      sql`select q.id from questions q where q.upvotes <> (select count(*) from question_votes v where v.question_id = q.id and v.value = 1)
        or q.downvotes <> (select count(*) from question_votes v where v.question_id = q.id and v.value = -1)
        or q.score <> q.upvotes - q.downvotes`,
    ],
    [
      'questions.answer_count',
      sql`select q.id from questions q where q.answer_count <> (select count(*) from answers a where a.question_id = q.id)`,
    ],
    [
      'questions.comment_count',
      sql`select q.id from questions q where q.comment_count <> (select count(*) from comments c where c.question_id = q.id and c.answer_id is null)`,
    ],
    [
      'question_tags sort keys',
      sql`select qt.question_id as id from question_tags qt join questions q on q.id = qt.question_id
        where qt.score <> q.score or qt.updated_at <> q.updated_at`,
    ],
    [
      'answers.upvotes/downvotes/score',
      sql`select a.id from answers a where a.upvotes <> (select count(*) from answer_votes v where v.answer_id = a.id and v.value = 1)
        or a.downvotes <> (select count(*) from answer_votes v where v.answer_id = a.id and v.value = -1)
        or a.score <> a.upvotes - a.downvotes`,
    ],
    [
      'answers.comment_count',
      sql`select a.id from answers a where a.comment_count <> (select count(*) from comments c where c.answer_id = a.id)`,
    ],
    [
      'users.follower_count/following_count',
      sql`select u.id from users u where u.follower_count <> (select count(*) from follows f where f.followee_id = u.id)
        or u.following_count <> (select count(*) from follows f where f.follower_id = u.id)`,
    ],
    [
      'users.question_count',
      sql`select u.id from users u where u.question_count <> (select count(*) from questions q where q.user_id = u.id)`,
    ],
    [
      // Comments a deleted answer leaves behind, or filed under another question than their answer's,
      // would be counted by nothing.
      'comments under their answer’s question',
      sql`select c.id from comments c left join answers a on a.id = c.answer_id
        where c.answer_id is not null and (a.id is null or a.question_id <> c.question_id)`,
    ],
  ];
  const problems: string[] = [];
  for (const [name, query] of checks) {
    const { rows } = await query.execute(db);
    if (rows.length) problems.push(`${name}: ${rows.map((r) => (r as { id: number }).id).join(', ')}`);
  }
  for (const [name, ids] of await recentVoterMismatches(db)) {
    if (ids.length) problems.push(`${name}: ${ids.join(', ')}`);
  }
  return problems;
}

interface Vote {
  target: number;
  value: number;
  at: number;
  username: string;
}

interface Shown {
  id: number;
  recent_upvoters: string;
  recent_downvoters: string;
}

/**
 * The questions and answers whose recent_upvoters / recent_downvoters are not the most recent
 * voters on that side, newest first: all of them up to RECENT_VOTERS, else the RECENT_VOTERS
 * latest (any order among votes cast at the same time). Compared in TypeScript, so the JSON lists
 * are read the same way on SQLite and PostgreSQL.
 */
async function recentVoterMismatches(db: Db): Promise<[string, number[]][]> {
  const questionVotes = await db
    .selectFrom('question_votes as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['v.question_id as target', 'v.value', 'v.created_at as at', 'u.username'])
    .execute();
  const answerVotes = await db
    .selectFrom('answer_votes as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['v.answer_id as target', 'v.value', 'v.created_at as at', 'u.username'])
    .execute();
  const questions = await db.selectFrom('questions').select(['id', 'recent_upvoters', 'recent_downvoters']).execute();
  const answers = await db.selectFrom('answers').select(['id', 'recent_upvoters', 'recent_downvoters']).execute();
  return [
    ['questions.recent_upvoters/recent_downvoters', wrongRecentVoters(questions, questionVotes)],
    ['answers.recent_upvoters/recent_downvoters', wrongRecentVoters(answers, answerVotes)],
  ];
}

function wrongRecentVoters(rows: Shown[], votes: Vote[]): number[] {
  const bySide = new Map<string, Map<string, number>>();
  for (const vote of votes) {
    const key = `${vote.target}/${vote.value}`;
    const side = bySide.get(key) ?? new Map<string, number>();
    side.set(vote.username, vote.at);
    bySide.set(key, side);
  }
  const wrong: number[] = [];
  for (const row of rows) {
    for (const [value, json] of [
      [1, row.recent_upvoters],
      [-1, row.recent_downvoters],
    ] as const) {
      const voters = bySide.get(`${row.id}/${value}`) ?? new Map<string, number>();
      if (!isMostRecent(parseJson(json), voters)) {
        wrong.push(row.id);
        break;
      }
    }
  }
  return wrong;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether `shown` names the most recent of `voters` (username → time of the vote), newest first. */
function isMostRecent(shown: unknown, voters: Map<string, number>): boolean {
  if (!Array.isArray(shown) || shown.length !== Math.min(voters.size, RECENT_VOTERS)) return false;
  if (new Set(shown).size !== shown.length) return false;
  let oldestShown = Infinity;
  for (const name of shown) {
    const at = typeof name === 'string' ? voters.get(name) : undefined;
    if (at === undefined || at > oldestShown) return false;
    oldestShown = at;
  }
  // Nobody left out voted later than the oldest vote shown.
  for (const [name, at] of voters) if (at > oldestShown && !shown.includes(name)) return false;
  return true;
}
