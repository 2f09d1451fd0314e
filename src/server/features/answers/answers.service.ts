import type { AnswerPage } from '../../../shared/api-types.js';
import { EMBEDDED_ANSWER_COMMENTS, PAGE_SIZE_DEFAULT } from '../../../shared/constants.js';
import { messages } from '../../../shared/messages.js';
import type { AnswerData } from '../../../shared/schemas/answers.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound, notOwner } from '../../errors.js';
import { decodeCursor, pageOf } from '../../http/cursor.js';
import { presentAnswer, voteName } from '../../presenters.js';
import { firstCommentsOfAnswers } from '../comments/comments.repository.js';
import type { QuestionsRepository } from '../questions/questions.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { answerVotesOf } from '../votes/votes.repository.js';
import * as answers from './answers.repository.js';

export type AnswersService = ReturnType<typeof createAnswersService>;

export function createAnswersService(ctx: AppContext, questions: QuestionsRepository) {
  /** One page of a question's answers (oldest first), each with its first comments and the caller's vote. */
  async function page(
    questionId: number,
    caller: UserRow | null,
    cursor: string | undefined,
    limit: number,
  ): Promise<AnswerPage> {
    const after = decodeCursor(cursor, 'answers');
    const rows = await answers.listAnswers(ctx.db, questionId, after?.id, limit + 1);
    const result = pageOf(rows, limit, (row) => ({ order: 'answers', key: row.id, id: row.id }));
    const ids = result.items.map((a) => a.id);
    const [commentsByAnswer, myVotes] = await Promise.all([
      firstCommentsOfAnswers(ctx.db, questionId, ids, EMBEDDED_ANSWER_COMMENTS),
      caller ? answerVotesOf(ctx.db, caller.id, ids) : Promise.resolve(new Map<number, number>()),
    ]);
    return {
      answers: result.items.map((row) =>
        presentAnswer(row, voteName(myVotes.get(row.id)), commentsByAnswer.get(row.id) ?? []),
      ),
      nextCursor: result.nextCursor,
    };
  }

  async function lockQuestion(db: Db, questionId: number) {
    const question = await questions.lock(db, questionId);
    if (!question) throw notFound(messages.questionNotFound);
    return question;
  }

  async function existingAnswer(db: Db, questionId: number, answerId: number) {
    const answer = await answers.findAnswer(db, questionId, answerId);
    if (!answer) throw notFound(messages.answerNotFound);
    return answer;
  }

  /** An answer stored earlier, as it stands now: with its first comments and the caller's vote. */
  async function presentStored(row: answers.AnswerRow, caller: UserRow) {
    const [commentsByAnswer, myVotes] = await Promise.all([
      firstCommentsOfAnswers(ctx.db, row.question_id, [row.id], EMBEDDED_ANSWER_COMMENTS),
      answerVotesOf(ctx.db, caller.id, [row.id]),
    ]);
    return presentAnswer(row, voteName(myVotes.get(row.id)), commentsByAnswer.get(row.id) ?? []);
  }

  return {
    page,

    async list(questionId: number, caller: UserRow | null, cursor: string | undefined, limit: number) {
      if (!(await questions.findById(ctx.db, questionId))) throw notFound(messages.questionNotFound);
      return page(questionId, caller, cursor, limit);
    },

    async add(caller: UserRow, questionId: number, data: AnswerData) {
      const clientKey = data._id ?? null;
      const insert = () =>
        inTransaction(ctx.db, async (trx) => {
          await lockQuestion(trx, questionId);
          if (clientKey) {
            const stored = await answers.findAnswerByClientKey(trx, questionId, caller.id, clientKey);
            if (stored) return { row: stored, repeated: true };
          }
          const row = await answers.insertAnswer(trx, {
            questionId,
            userId: caller.id,
            username: caller.username,
            body: data.answerText,
            clientKey,
            now: ctx.now(),
          });
          await questions.adjustCounts(trx, questionId, { answers: 1 });
          return { row, repeated: false };
        });
      let stored: Awaited<ReturnType<typeof insert>>;
      try {
        stored = await insert();
      } catch (error) {
        // A concurrent send of the same answer won the race: the retry finds it.
        if (!clientKey || !isUniqueViolation(error)) throw error;
        stored = await insert();
      }
      return {
        ...(await page(questionId, caller, undefined, PAGE_SIZE_DEFAULT)),
        answer: stored.repeated ? await presentStored(stored.row, caller) : presentAnswer(stored.row, null, []),
      };
    },

    async edit(caller: UserRow, questionId: number, answerId: number, data: AnswerData) {
      await inTransaction(ctx.db, async (trx) => {
        await lockQuestion(trx, questionId);
        const answer = await existingAnswer(trx, questionId, answerId);
        if (answer.user_id !== caller.id) throw notOwner(messages.cannotEditAnswer);
        await answers.updateAnswer(trx, answerId, data.answerText, ctx.now());
      });
      return page(questionId, caller, undefined, PAGE_SIZE_DEFAULT);
    },

    /** The answer's author may delete it, and so may the question's author. */
    async delete(caller: UserRow, questionId: number, answerId: number) {
      await inTransaction(ctx.db, async (trx) => {
        const question = await lockQuestion(trx, questionId);
        const answer = await existingAnswer(trx, questionId, answerId);
        if (answer.user_id !== caller.id && question.user_id !== caller.id) throw notOwner(messages.cannotDeleteAnswer);
        await answers.deleteAnswer(trx, answerId);
        await questions.adjustCounts(trx, questionId, { answers: -1 });
      });
      return page(questionId, caller, undefined, PAGE_SIZE_DEFAULT);
    },
  };
}
