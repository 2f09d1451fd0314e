import type { CommentPage } from '../../../shared/api-types.js';
import { PAGE_SIZE_DEFAULT } from '../../../shared/constants.js';
import { messages } from '../../../shared/messages.js';
import type { CommentData, CommentEdit } from '../../../shared/schemas/comments.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { retriedIfRaced } from '../../db/errors.js';
import { inTransaction, withConnection } from '../../db/transaction.js';
import { notFound, notOwner } from '../../errors.js';
import { decodeCursor, pageOf } from '../../http/cursor.js';
import { presentComment } from '../../presenters.js';
import * as answers from '../answers/answers.repository.js';
import type { QuestionsRepository } from '../questions/questions.repository.js';
import type { UserRow } from '../users/users.repository.js';
import * as comments from './comments.repository.js';

export type CommentsService = ReturnType<typeof createCommentsService>;

/** Comments on a question (answerId null) or on one of its answers. */
export function createCommentsService(ctx: AppContext, questions: QuestionsRepository) {
  const cursorName = (answerId: number | null) => (answerId === null ? 'comments' : 'answer-comments');

  async function page(
    questionId: number,
    answerId: number | null,
    cursor: string | undefined,
    limit: number,
    db: Db = ctx.db,
  ): Promise<CommentPage> {
    const after = decodeCursor(cursor, cursorName(answerId));
    const rows = await comments.listComments(db, questionId, answerId, after?.id, limit + 1);
    const result = pageOf(rows, limit, (row) => ({ order: cursorName(answerId), key: row.id, id: row.id }));
    return { comments: result.items.map(presentComment), nextCursor: result.nextCursor };
  }

  /** Checks that the question (and answer) exist, locking the question for the write. */
  async function target(db: Db, questionId: number, answerId: number | null) {
    const question = await questions.lock(db, questionId);
    if (!question) throw notFound(messages.questionNotFound);
    const answer = answerId === null ? null : await answers.findAnswer(db, questionId, answerId);
    if (answerId !== null && !answer) throw notFound(messages.answerNotFound);
    return { question, answer };
  }

  async function adjustCount(db: Db, questionId: number, answerId: number | null, delta: number) {
    if (answerId === null) await questions.adjustCounts(db, questionId, { comments: delta });
    else await answers.adjustAnswerComments(db, answerId, delta);
  }

  async function ensureTargetExists(questionId: number, answerId: number | null) {
    if (!(await questions.findById(ctx.db, questionId))) throw notFound(messages.questionNotFound);
    if (answerId !== null && !(await answers.findAnswer(ctx.db, questionId, answerId))) {
      throw notFound(messages.answerNotFound);
    }
  }

  return {
    page,

    /**
     * The thread, then whether its question (and answer) still exist: found after the comments
     * were read, they were there when the comments were, so a delete in between is a 404, never
     * an empty thread (checked first, the comments of a question deleted meanwhile read as none).
     */
    async list(questionId: number, answerId: number | null, cursor: string | undefined, limit: number) {
      const thread = await page(questionId, answerId, cursor, limit);
      await ensureTargetExists(questionId, answerId);
      return thread;
    },

    add: (caller: UserRow, questionId: number, answerId: number | null, data: CommentData) =>
      withConnection(ctx.db, async (db) => {
        const clientKey = data._id ?? null;
        // The stored comment is read in the same transaction: a delete arriving just after could
        // otherwise leave nothing to answer with.
        const insert = () =>
          inTransaction(db, async (trx) => {
            const { question } = await target(trx, questionId, answerId);
            const existing = clientKey
              ? await comments.findByClientKey(trx, questionId, answerId, caller.id, clientKey)
              : undefined;
            let id = existing?.id;
            if (id === undefined) {
              id = await comments.insertComment(trx, {
                questionId,
                answerId,
                userId: caller.id,
                username: caller.username,
                body: data.commentText,
                clientKey,
                now: ctx.now(),
              });
              await adjustCount(trx, questionId, answerId, 1);
            }
            const view = await comments.findCommentView(trx, id);
            if (!view) throw new Error(`comment ${id} not found in the transaction that stored it`);
            return { view, authorId: question.user_id };
          });
        const { view, authorId } = await retriedIfRaced(clientKey !== null, insert);
        // The question's comment count (comments on an answer leave it as it is).
        if (answerId === null) await ctx.usersChanged([authorId]);
        return {
          ...(await page(questionId, answerId, undefined, PAGE_SIZE_DEFAULT, db)),
          comment: presentComment(view),
        };
      }),

    edit: (caller: UserRow, questionId: number, answerId: number | null, commentId: number, data: CommentEdit) =>
      withConnection(ctx.db, async (db) => {
        await inTransaction(db, async (trx) => {
          await target(trx, questionId, answerId);
          const comment = await comments.findComment(trx, questionId, answerId, commentId);
          if (!comment) throw notFound(messages.commentNotFound);
          if (comment.user_id !== caller.id) throw notOwner(messages.cannotEditComment);
          await comments.updateComment(trx, commentId, data.commentText, ctx.now());
        });
        return page(questionId, answerId, undefined, PAGE_SIZE_DEFAULT, db);
      }),

    /** The comment's author may delete it, and so may the question's author or, on an answer, the answer's author. */
    delete: (caller: UserRow, questionId: number, answerId: number | null, commentId: number) =>
      withConnection(ctx.db, async (db) => {
        const authorId = await inTransaction(db, async (trx) => {
          const { question, answer } = await target(trx, questionId, answerId);
          const comment = await comments.findComment(trx, questionId, answerId, commentId);
          if (!comment) throw notFound(messages.commentNotFound);
          const allowed = [comment.user_id, question.user_id, answer?.user_id].includes(caller.id);
          if (!allowed) throw notOwner(messages.cannotDeleteComment);
          await comments.deleteComment(trx, commentId);
          await adjustCount(trx, questionId, answerId, -1);
          return question.user_id;
        });
        if (answerId === null) await ctx.usersChanged([authorId]);
        return page(questionId, answerId, undefined, PAGE_SIZE_DEFAULT, db);
      }),
  };
}
