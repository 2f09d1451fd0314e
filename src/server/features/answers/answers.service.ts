import type { AnswerPage } from '../../../shared/api-types.js';
import { ANSWER_PAGE_TEXT_BUDGET, EMBEDDED_ANSWER_COMMENTS, PAGE_SIZE_DEFAULT } from '../../../shared/constants.js';
import { messages } from '../../../shared/messages.js';
import type { AnswerData, AnswerEdit } from '../../../shared/schemas/answers.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { retriedIfRaced } from '../../db/errors.js';
import { inTransaction, readTogether, withConnection } from '../../db/transaction.js';
import { notFound, notOwner } from '../../errors.js';
import { decodeCursor, pageOf, withinTextBudget } from '../../http/cursor.js';
import { presentAnswer, voteName } from '../../presenters.js';
import { firstCommentsOfAnswers } from '../comments/comments.repository.js';
import type { QuestionsRepository } from '../questions/questions.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { answerVotesOf } from '../votes/votes.repository.js';
import * as answers from './answers.repository.js';

export type AnswersService = ReturnType<typeof createAnswersService>;

/**
 * Two reads at once, answered once both have finished, even when one fails: on a connection held
 * by `withConnection`, a read still queued when the other failed would otherwise run after the
 * connection went back to the pool, on whichever request had it next.
 */
async function bothSettled<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

export function createAnswersService(ctx: AppContext, questions: QuestionsRepository) {
  /** One page of a question's answers (oldest first), each with its first comments and the caller's vote. */
  async function page(
    questionId: number,
    caller: UserRow | null,
    cursor: string | undefined,
    limit: number,
    db: Db = ctx.db,
  ): Promise<AnswerPage> {
    const after = decodeCursor(cursor, 'answers');
    const rows = await answers.listAnswers(db, questionId, after?.id, limit + 1);
    const cursorOf = (row: answers.AnswerPageRow) => ({ order: 'answers', key: row.id, id: row.id });
    // Answers past the budget on their own text are not on this page whatever their comments.
    const candidates = withinTextBudget(
      pageOf(rows, limit, cursorOf),
      ANSWER_PAGE_TEXT_BUDGET,
      (row) => [row.body],
      cursorOf,
    );
    const ids = candidates.items.map((a) => a.id);
    const [commentsByAnswer, myVotes] = await bothSettled(
      firstCommentsOfAnswers(db, questionId, ids, EMBEDDED_ANSWER_COMMENTS),
      caller ? answerVotesOf(db, caller.id, ids) : Promise.resolve(new Map<number, number>()),
    );
    const textsOf = (row: answers.AnswerPageRow) => [
      row.body,
      ...(commentsByAnswer.get(row.id) ?? []).map((comment) => comment.body),
    ];
    const result = withinTextBudget(candidates, ANSWER_PAGE_TEXT_BUDGET, textsOf, cursorOf);
    return {
      answers: result.items.map((row) =>
        presentAnswer(row, voteName(myVotes.get(row.id)), commentsByAnswer.get(row.id) ?? []),
      ),
      nextCursor: result.nextCursor,
    };
  }

  /** What a write answers with: the first page of answers, read together like any page (`list`). */
  const firstPage = (questionId: number, caller: UserRow, db: Db) =>
    readTogether(db, (snapshot) => page(questionId, caller, undefined, PAGE_SIZE_DEFAULT, snapshot));

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
  async function presentStored(db: Db, row: answers.AnswerRow, caller: UserRow) {
    const [commentsByAnswer, myVotes] = await bothSettled(
      firstCommentsOfAnswers(db, row.question_id, [row.id], EMBEDDED_ANSWER_COMMENTS),
      answerVotesOf(db, caller.id, [row.id]),
    );
    return presentAnswer(row, voteName(myVotes.get(row.id)), commentsByAnswer.get(row.id) ?? []);
  }

  return {
    page,

    /** A page of answers, each comment count read as of the moment its comments are (`readTogether`). */
    async list(questionId: number, caller: UserRow | null, cursor: string | undefined, limit: number) {
      // A malformed cursor is refused (400) before an unknown question (404), as on every list.
      decodeCursor(cursor, 'answers');
      return readTogether(ctx.db, async (db) => {
        if (!(await questions.findById(db, questionId))) throw notFound(messages.questionNotFound);
        return page(questionId, caller, cursor, limit, db);
      });
    },

    add: (caller: UserRow, questionId: number, data: AnswerData) =>
      withConnection(ctx.db, async (db) => {
        const clientKey = data._id ?? null;
        // An answer stored by an earlier send is presented in the transaction that found it, its
        // comment count, comments and the caller's vote as of one moment, and before a delete
        // arriving just after could leave nothing to answer with.
        const insert = () =>
          inTransaction(db, async (trx) => {
            const question = await lockQuestion(trx, questionId);
            if (clientKey) {
              const stored = await answers.findAnswerByClientKey(trx, questionId, caller.id, clientKey);
              if (stored) return { answer: await presentStored(trx, stored, caller), authorId: question.user_id };
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
            return { answer: presentAnswer(row, null, []), authorId: question.user_id };
          });
        const { answer, authorId } = await retriedIfRaced(clientKey !== null, insert);
        // The question's answer count.
        await ctx.usersChanged([authorId]);
        return { ...(await firstPage(questionId, caller, db)), answer };
      }),

    edit: (caller: UserRow, questionId: number, answerId: number, data: AnswerEdit) =>
      withConnection(ctx.db, async (db) => {
        await inTransaction(db, async (trx) => {
          await lockQuestion(trx, questionId);
          const answer = await existingAnswer(trx, questionId, answerId);
          if (answer.user_id !== caller.id) throw notOwner(messages.cannotEditAnswer);
          await answers.updateAnswer(trx, answerId, data.answerText, ctx.now());
        });
        return firstPage(questionId, caller, db);
      }),

    /** The answer's author may delete it, and so may the question's author. */
    delete: (caller: UserRow, questionId: number, answerId: number) =>
      withConnection(ctx.db, async (db) => {
        const authorId = await inTransaction(db, async (trx) => {
          const question = await lockQuestion(trx, questionId);
          const answer = await existingAnswer(trx, questionId, answerId);
          if (answer.user_id !== caller.id && question.user_id !== caller.id) {
            throw notOwner(messages.cannotDeleteAnswer);
          }
          await answers.deleteAnswer(trx, answerId);
          await questions.adjustCounts(trx, questionId, { answers: -1 });
          return question.user_id;
        });
        await ctx.usersChanged([authorId]);
        return firstPage(questionId, caller, db);
      }),
  };
}
