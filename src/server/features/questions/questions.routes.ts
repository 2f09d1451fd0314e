import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/messages.js';
import { pageQuery, questionListQuery } from '../../../shared/schemas/lists.js';
import { questionDataBody } from '../../../shared/schemas/questions.js';
import { callerOf, type Authenticator } from '../../http/authenticate.js';
import type { FeedCache } from '../../http/feed-cache.js';
import { parseId } from '../../http/ids.js';
import { routeAccess } from '../../http/route-access.js';
import { validate } from '../../http/validate.js';
import type { QuestionsService } from './questions.service.js';

type QuestionParams = { Params: { questionId: string } };
type UsernameParams = { Params: { username: string } };

export async function questionsRoutes(
  app: FastifyInstance,
  { auth, questions, feedCache }: { auth: Authenticator; questions: QuestionsService; feedCache: FeedCache },
) {
  const { publicRoute, protectedRoute, writeRoute } = routeAccess(auth);
  const questionId = (raw: string) => parseId(raw, messages.questionNotFound);

  app.get('/questions', publicRoute, async (request) =>
    questions.list(validate(questionListQuery, request.query), request.caller, { kind: 'all' }),
  );

  // Protected, but the token is checked here rather than before: a feed kept in memory is
  // answered without reading the baker's row (http/feed-cache.ts).
  app.get('/feed', { config: { access: 'protected' }, onSend: feedCache.keepOnSend }, async (request, reply) =>
    feedCache.answer(request, reply, auth.viewer(request), async () => {
      await auth.required(request, reply);
      const query = validate(questionListQuery, request.query);
      const caller = callerOf(request);
      return {
        dependsOn: () => questions.feedDependencies(caller),
        compute: () => questions.list(query, caller, { kind: 'feed' }),
      };
    }),
  );

  app.get<QuestionParams>('/questions/:questionId', publicRoute, async (request) => ({
    question: await questions.get(questionId(request.params.questionId), request.caller),
  }));

  app.get<UsernameParams>('/user/questions/:username', publicRoute, async (request) =>
    questions.list(validate(questionListQuery, request.query), request.caller, {
      kind: 'author',
      username: request.params.username,
    }),
  );

  app.post('/questions/add', writeRoute('contribution'), async (request, reply) => {
    const { questionData } = validate(questionDataBody, request.body);
    return reply.code(201).send(await questions.add(callerOf(request), questionData));
  });

  app.post<QuestionParams>('/questions/edit/:questionId', writeRoute('change'), async (request, reply) => {
    const id = questionId(request.params.questionId);
    const { questionData } = validate(questionDataBody, request.body);
    return reply.code(201).send(await questions.edit(callerOf(request), id, questionData));
  });

  app.delete<QuestionParams>('/questions/delete/:questionId', writeRoute('change'), async (request, reply) => {
    const id = questionId(request.params.questionId);
    return reply.code(201).send(await questions.delete(callerOf(request), id));
  });

  app.post<QuestionParams>('/question/addBookmark/:questionId', writeRoute('change'), async (request) =>
    questions.bookmark(callerOf(request), questionId(request.params.questionId), true),
  );

  app.post<QuestionParams>('/question/removeBookmark/:questionId', writeRoute('change'), async (request) =>
    questions.bookmark(callerOf(request), questionId(request.params.questionId), false),
  );

  app.get('/bookmarks', protectedRoute, async (request) => {
    const { cursor, limit } = validate(pageQuery, request.query);
    return questions.bookmarks(callerOf(request), cursor, limit);
  });
}
