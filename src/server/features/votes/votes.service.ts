import type { VotesJson } from '../../../shared/api-types.js';
import type { Reaction } from '../../../shared/constants.js';
import { messages } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../errors.js';
import { presentVotes, voteName } from '../../presenters.js';
import * as answers from '../answers/answers.repository.js';
import type { QuestionsRepository } from '../questions/questions.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { currentVote, recentVoters, writeVote, type VoteTarget } from './votes.repository.js';

const REACTION_VALUE: Record<Reaction, number> = { upvote: 1, downvote: -1, unvote: 0 };

interface Counted {
  upvotes: number;
  downvotes: number;
}

/**
 * Upvote puts the caller among the upvoters (leaving the downvoters), downvote mirrors it, and
 * unvote removes the caller from both. Repeating a reaction changes nothing.
 */
export function createVotesService(ctx: AppContext, questions: QuestionsRepository) {
  async function apply(db: Db, target: VoteTarget, counted: Counted, caller: UserRow, reaction: Reaction) {
    const before = await currentVote(db, target, caller.id);
    const after = REACTION_VALUE[reaction];
    if (before === after) return;
    await writeVote(db, target, caller.id, after, ctx.now());
    const totals = {
      upvotes: counted.upvotes + (after === 1 ? 1 : 0) - (before === 1 ? 1 : 0),
      downvotes: counted.downvotes + (after === -1 ? 1 : 0) - (before === -1 ? 1 : 0),
      recentUpvoters: await recentVoters(db, target, 1),
      recentDownvoters: await recentVoters(db, target, -1),
    };
    if (target.kind === 'question') await questions.setVoteTotals(db, target.id, totals);
    else await answers.setAnswerVoteTotals(db, target.id, totals);
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
      return inTransaction(ctx.db, async (trx) => {
        const question = await questions.lock(trx, questionId);
        if (!question) throw notFound(messages.questionNotFound);
        await apply(trx, { kind: 'question', id: questionId }, question, caller, reaction);
        return questionVotes(trx, questionId, caller);
      });
    },

    async reactToAnswer(caller: UserRow, questionId: number, answerId: number, reaction: Reaction) {
      return inTransaction(ctx.db, async (trx) => {
        if (!(await questions.lock(trx, questionId))) throw notFound(messages.questionNotFound);
        const answer = await answers.findAnswer(trx, questionId, answerId);
        if (!answer) throw notFound(messages.answerNotFound);
        await apply(trx, { kind: 'answer', id: answerId }, answer, caller, reaction);
        return answerVotes(trx, questionId, answerId, caller);
      });
    },
  };
}
