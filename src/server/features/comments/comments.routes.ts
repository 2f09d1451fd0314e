import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/messages.js';
import { commentDataBody, commentEditBody } from '../../../shared/schemas/comments.js';
import { pageQuery } from '../../../shared/schemas/lists.js';
import { callerOf, type Authenticator } from '../../http/authenticate.js';
import { parseId } from '../../http/ids.js';
import { routeAccess } from '../../http/route-access.js';
import { validate } from '../../http/validate.js';
import type { CommentsService } from './comments.service.js';

interface CommentPathParams {
  questionId: string;
  answerId?: string;
  commentId?: string;
}

/** Each call exists twice: on a question's own comments, and (with an answer id) on an answer's. */
export async function commentsRoutes(
  app: FastifyInstance,
  { auth, comments }: { auth: Authenticator; comments: CommentsService },
) {
  const { publicRoute, writeRoute } = routeAccess(auth);
  const ids = (params: CommentPathParams) => ({
    questionId: parseId(params.questionId, messages.questionNotFound),
    answerId: params.answerId === undefined ? null : parseId(params.answerId, messages.answerNotFound),
    commentId: params.commentId === undefined ? 0 : parseId(params.commentId, messages.commentNotFound),
  });

  for (const answerPart of ['', '/:answerId']) {
    app.get<{ Params: CommentPathParams }>(`/comments/:questionId${answerPart}`, publicRoute, async (request) => {
      const { questionId, answerId } = ids(request.params);
      const { cursor, limit } = validate(pageQuery, request.query);
      return comments.list(questionId, answerId, cursor, limit);
    });

    app.post<{ Params: CommentPathParams }>(
      `/comments/add/:questionId${answerPart}`,
      writeRoute('contribution'),
      async (request, reply) => {
        const { questionId, answerId } = ids(request.params);
        const { commentData } = validate(commentDataBody, request.body);
        return reply.code(201).send(await comments.add(callerOf(request), questionId, answerId, commentData));
      },
    );

    app.post<{ Params: CommentPathParams }>(
      `/comments/edit/:questionId${answerPart}/:commentId`,
      writeRoute('change'),
      async (request, reply) => {
        const { questionId, answerId, commentId } = ids(request.params);
        const { commentData } = validate(commentEditBody, request.body);
        return reply
          .code(201)
          .send(await comments.edit(callerOf(request), questionId, answerId, commentId, commentData));
      },
    );

    app.delete<{ Params: CommentPathParams }>(
      `/comments/delete/:questionId${answerPart}/:commentId`,
      writeRoute('change'),
      async (request, reply) => {
        const { questionId, answerId, commentId } = ids(request.params);
        return reply.code(201).send(await comments.delete(callerOf(request), questionId, answerId, commentId));
      },
    );
  }
}
