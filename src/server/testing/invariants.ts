import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Every stored counter that disagrees with a real count of the rows it counts, described as
 * text. An empty list means the counters are exact.
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
  ];
  const problems: string[] = [];
  for (const [name, query] of checks) {
    const { rows } = await query.execute(db);
    if (rows.length) problems.push(`${name}: ${rows.map((r) => (r as { id: number }).id).join(', ')}`);
  }
  return problems;
}
