import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/messages.js';
import { answerDataBody, answerEditBody } from '../../../shared/schemas/answers.js';
import { pageQuery } from '../../../shared/schemas/lists.js';
import { callerOf, type Authenticator } from '../../http/authenticate.js';
import { parseId } from '../../http/ids.js';
import { routeAccess } from '../../http/route-access.js';
import { validate } from '../../http/validate.js';
import type { AnswersService } from './answers.service.js';

type QuestionParams = { Params: { questionId: string } };
type AnswerParams = { Params: { questionId: string; answerId: string } };

export async function answersRoutes(
  app: FastifyInstance,
  { auth, answers }: { auth: Authenticator; answers: AnswersService },
) {
  const { publicRoute, writeRoute } = routeAccess(auth);
  const ids = (params: { questionId: string; answerId?: string }) => ({
    questionId: parseId(params.questionId, messages.questionNotFound),
    answerId: params.answerId === undefined ? 0 : parseId(params.answerId, messages.answerNotFound),
  });

  app.get<QuestionParams>('/answers/:questionId', publicRoute, async (request) => {
    const { questionId } = ids(request.params);
    const { cursor, limit } = validate(pageQuery, request.query);
    return answers.list(questionId, request.caller, cursor, limit);
  });

  app.post<QuestionParams>('/answers/add/:questionId', writeRoute('contribution'), async (request, reply) => {
    const { questionId } = ids(request.params);
    const { answerData } = validate(answerDataBody, request.body);
    return reply.code(201).send(await answers.add(callerOf(request), questionId, answerData));
  });

  app.post<AnswerParams>('/answers/edit/:questionId/:answerId', writeRoute('change'), async (request, reply) => {
    const { questionId, answerId } = ids(request.params);
    const { answerData } = validate(answerEditBody, request.body);
    return reply.code(201).send(await answers.edit(callerOf(request), questionId, answerId, answerData));
  });

  app.delete<AnswerParams>('/answers/delete/:questionId/:answerId', writeRoute('change'), async (request, reply) => {
    const { questionId, answerId } = ids(request.params);
    return reply.code(201).send(await answers.delete(callerOf(request), questionId, answerId));
  });
}
