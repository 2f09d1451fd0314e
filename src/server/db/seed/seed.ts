import type { AppContext } from '../../context.js';
import { hashPassword, unusablePasswordHash } from '../../features/auth/password.js';
import { createAnswersService } from '../../features/answers/answers.service.js';
import { createCommentsService } from '../../features/comments/comments.service.js';
import { createQuestionsRepository } from '../../features/questions/questions.repository.js';
import { createQuestionsService } from '../../features/questions/questions.service.js';
import * as users from '../../features/users/users.repository.js';
import type { UserRow } from '../../features/users/users.repository.js';
import { createVotesService } from '../../features/votes/votes.service.js';
import { COMMUNITY_USERNAME, GUEST_USERNAME } from '../../../shared/constants.js';
import { isUniqueViolation } from '../errors.js';
import { inTransaction } from '../transaction.js';
import { demoQuestions, demoUsers } from './demo-data.js';

/**
 * The password of every demo baker (documented in the README). The guest and the community
 * account `crumb` get none that works: every new baker follows `crumb`, so a published password
 * would let anyone post to every newcomer's feed in its name.
 */
export const DEMO_PASSWORD = 'bake-together';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Loads the demo community into an empty database through the same services the API uses, so
 * every counter is kept exactly as in real use. Returns false when the database already has users.
 */
export async function loadDemoDataIfEmpty(ctx: AppContext): Promise<boolean> {
  const any = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;

  const start = ctx.now();
  let clock = start - 120 * DAY;
  const seedCtx: AppContext = { ...ctx, now: () => clock };

  const demoHash = await hashPassword(DEMO_PASSWORD, ctx.config.passwordHash);
  const noPassword = new Set([GUEST_USERNAME, COMMUNITY_USERNAME]);
  const unusableHashes = new Map<string, string>();
  for (const name of noPassword) unusableHashes.set(name, await unusablePasswordHash(ctx.config.passwordHash));
  const byName = new Map<string, UserRow>();
  const user = (name: string) => {
    const row = byName.get(name);
    if (!row) throw new Error(`demo data names an unknown user: ${name}`);
    return row;
  };
  try {
    await inTransaction(ctx.db, async (trx) => {
      for (const u of demoUsers) {
        const row = await users.insertUser(trx, {
          ...u,
          passwordHash: unusableHashes.get(u.username) ?? demoHash,
          now: clock,
        });
        byName.set(u.username, row);
      }
      for (const u of demoUsers) {
        for (const followee of u.following) {
          await users.insertFollow(trx, user(u.username).id, user(followee).id, clock);
        }
      }
    });
  } catch (error) {
    // Another instance sharing the database is loading the demo data at the same moment.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  const repository = createQuestionsRepository(ctx.dialect);
  const answers = createAnswersService(seedCtx, repository);
  const comments = createCommentsService(seedCtx, repository);
  const questions = createQuestionsService(seedCtx, repository, answers, comments);
  const votes = createVotesService(seedCtx, repository);

  const oldestFirst = [...demoQuestions].sort((a, b) => b.daysAgo - a.daysAgo);
  for (const q of oldestFirst) {
    clock = start - q.daysAgo * DAY;
    const posted = clock;
    await questions.add(user(q.author), { questionTitle: q.title, questionText: q.text, tags: q.tags });
    const { id: questionId } = await ctx.db
      .selectFrom('questions')
      .select('id')
      .where('user_id', '=', user(q.author).id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const later = (hours: number) => {
      clock = Math.min(posted + hours * HOUR, start);
    };

    for (const [i, c] of q.comments.entries()) {
      later(0.5 + i);
      await comments.add(user(c.author), questionId, null, { commentText: c.text });
    }
    for (const [i, a] of q.answers.entries()) {
      later(1 + i * 3);
      const { answer } = await answers.add(user(a.author), questionId, { answerText: a.text });
      const answerId = Number(answer._id);
      for (const [j, c] of a.comments.entries()) {
        later(2 + i * 3 + j);
        await comments.add(user(c.author), questionId, answerId, { commentText: c.text });
      }
      for (const name of a.upvoters) await votes.reactToAnswer(user(name), questionId, answerId, 'upvote');
      for (const name of a.downvoters) await votes.reactToAnswer(user(name), questionId, answerId, 'downvote');
    }
    later(4);
    for (const name of q.upvoters) await votes.reactToQuestion(user(name), questionId, 'upvote');
    for (const name of q.downvoters) await votes.reactToQuestion(user(name), questionId, 'downvote');
    for (const name of q.bookmarkedBy) await questions.bookmark(user(name), questionId, true);
  }
  return true;
}
