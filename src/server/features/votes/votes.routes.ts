import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/messages.js';
import { reactionBody } from '../../../shared/schemas/votes.js';
import { callerOf, type Authenticator } from '../../http/authenticate.js';
import { parseId } from '../../http/ids.js';
import { routeAccess } from '../../http/route-access.js';
import { validate } from '../../http/validate.js';
import type { createVotesService } from './votes.service.js';

type QuestionParams = { Params: { questionId: string } };
type AnswerParams = { Params: { questionId: string; answerId: string } };

export async function votesRoutes(
  app: FastifyInstance,
  { auth, votes }: { auth: Authenticator; votes: ReturnType<typeof createVotesService> },
) {
  const { publicRoute, writeRoute } = routeAccess(auth);
  const questionId = (raw: string) => parseId(raw, messages.questionNotFound);
  const answerId = (raw: string) => parseId(raw, messages.answerNotFound);
  // Visitors may see vote counts up to the anonymous cache's time to live late (decision 14).
  const changeRoute = writeRoute('change');
  const voteRoute = { ...changeRoute, config: { ...changeRoute.config, keepsAnonymousCache: true } };

  app.get<QuestionParams>('/votes/:questionId', publicRoute, async (request) => ({
    votes: await votes.questionVotes(questionId(request.params.questionId), request.caller),
  }));

  app.get<AnswerParams>('/votes/:questionId/:answerId', publicRoute, async (request) => ({
    votes: await votes.answerVotes(
      questionId(request.params.questionId),
      answerId(request.params.answerId),
      request.caller,
    ),
  }));

  app.post<QuestionParams>('/votes/react/:questionId', voteRoute, async (request, reply) => {
    const id = questionId(request.params.questionId);
    const { reaction } = validate(reactionBody, request.body);
    return reply.code(201).send({ votes: await votes.reactToQuestion(callerOf(request), id, reaction) });
  });

  app.post<AnswerParams>('/votes/vote/:questionId/:answerId', voteRoute, async (request, reply) => {
    const qid = questionId(request.params.questionId);
    const aid = answerId(request.params.answerId);
    const { reaction } = validate(reactionBody, request.body);
    return reply.code(201).send({ votes: await votes.reactToAnswer(callerOf(request), qid, aid, reaction) });
  });
}
