import type { VotesJson } from '../../../shared/api-types.js';
import { RECENT_VOTERS, type Reaction } from '../../../shared/constants.js';
import { messages } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../errors.js';
import { parseNames, presentVotes, voteName, type VoteCounters } from '../../presenters.js';
import * as answers from '../answers/answers.repository.js';
import type { QuestionsRepository } from '../questions/questions.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { currentVote, recentVoters, replaceVote, type VoteTarget } from './votes.repository.js';

const REACTION_VALUE: Record<Reaction, number> = { upvote: 1, downvote: -1, unvote: 0 };

/**
 * Upvote puts the caller among the upvoters (leaving the downvoters), downvote mirrors it, and
 * unvote removes the caller from both. Repeating a reaction changes nothing.
 */
export function createVotesService(ctx: AppContext, questions: QuestionsRepository) {
  /**
   * Applies the reaction and answers with the post's votes as they now stand, computed from what
   * the transaction already read (the post's row, locked): the database is asked for voters only
   * when the caller leaves a side's named voters and older ones take their place.
   */
  async function apply(
    db: Db,
    target: VoteTarget,
    counted: VoteCounters,
    caller: UserRow,
    reaction: Reaction,
  ): Promise<VotesJson> {
    const after = REACTION_VALUE[reaction];
    const before = await replaceVote(db, ctx.dialect, target, caller.id, after, ctx.now());
    if (before === after) return presentVotes(counted, voteName(after));
    /**
     * A side's most recent voters after the vote. The caller's vote is the newest, so joining a
     * side puts them first; leaving it drops them, and only when older voters were left unnamed
     * does the database say who takes their place.
     */
    const recentAfter = async (value: number, listedJson: string, countBefore: number) => {
      const listed = parseNames(listedJson);
      const others = listed.filter((name) => name !== caller.username);
      if (after === value) return [caller.username, ...others].slice(0, RECENT_VOTERS);
      if (before !== value || others.length === listed.length) return listed;
      return countBefore <= listed.length ? others : recentVoters(db, target, value);
    };
    const totals = {
      upvotes: counted.upvotes + (after === 1 ? 1 : 0) - (before === 1 ? 1 : 0),
      downvotes: counted.downvotes + (after === -1 ? 1 : 0) - (before === -1 ? 1 : 0),
      recentUpvoters: await recentAfter(1, counted.recent_upvoters, counted.upvotes),
      recentDownvoters: await recentAfter(-1, counted.recent_downvoters, counted.downvotes),
    };
    if (target.kind === 'question') await questions.setVoteTotals(db, target.id, totals);
    else await answers.setAnswerVoteTotals(db, target.id, totals);
    return {
      upvotedBy: totals.recentUpvoters,
      downvotedBy: totals.recentDownvoters,
      upvotes: totals.upvotes,
      downvotes: totals.downvotes,
      myVote: voteName(after),
    };
  }

  async function questionVotes(db: Db, questionId: number, caller: UserRow | null): Promise<VotesJson> {
    const row = await questions.findById(db, questionId);
    if (!row) throw notFound(messages.questionNotFound);
    const mine = caller ? await currentVote(db, { kind: 'question', id: questionId }, caller.id) : 0;
    return presentVotes(row, voteName(mine));
  }

  async function answerVotes(db: Db, questionId: number, answerId: number, caller: UserRow | null): Promise<VotesJson> {
    if (!(await questions.findById(db, questionId))) throw notFound(messages.questionNotFound);
    const row = await answers.findAnswer(db, questionId, answerId);
    if (!row) throw notFound(messages.answerNotFound);
    const mine = caller ? await currentVote(db, { kind: 'answer', id: answerId }, caller.id) : 0;
    return presentVotes(row, voteName(mine));
  }

  return {
    questionVotes: (questionId: number, caller: UserRow | null) => questionVotes(ctx.db, questionId, caller),
    answerVotes: (questionId: number, answerId: number, caller: UserRow | null) =>
      answerVotes(ctx.db, questionId, answerId, caller),

    async reactToQuestion(caller: UserRow, questionId: number, reaction: Reaction) {
      const { votes, authorId } = await inTransaction(ctx.db, async (trx) => {
        const question = await questions.lock(trx, questionId);
        if (!question) throw notFound(messages.questionNotFound);
        const votes = await apply(trx, { kind: 'question', id: questionId }, question, caller, reaction);
        return { votes, authorId: question.user_id };
      });
      // The question's counts and the caller's own vote on it.
      await ctx.usersChanged([caller.id, authorId]);
      return votes;
    },

    async reactToAnswer(caller: UserRow, questionId: number, answerId: number, reaction: Reaction) {
      return inTransaction(ctx.db, async (trx) => {
        if (!(await questions.lock(trx, questionId))) throw notFound(messages.questionNotFound);
        const answer = await answers.findAnswer(trx, questionId, answerId);
        if (!answer) throw notFound(messages.answerNotFound);
        return apply(trx, { kind: 'answer', id: answerId }, answer, caller, reaction);
      });
    },
  };
}
