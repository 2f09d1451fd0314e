import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { databaseSnapshot } from '../testing/snapshot.js';
import {
  apiClient,
  createTestApp,
  postAnswer,
  postQuestion,
  signUp,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../testing/test-app.js';

/**
 * Nobody can change what someone else wrote: every edit and delete route, called by each kind
 * of user who is not allowed to, answers the spec's 400 and leaves every stored row as it was.
 */
describe('ownership of questions, answers and comments', () => {
  let t: TestApp;
  let api: ApiClient;
  let asker: SignedUpUser;
  let answerer: SignedUpUser;
  let commenter: SignedUpUser;
  let stranger: SignedUpUser;
  let guest: SignedUpUser;
  let q: string;
  let a: string;
  let questionComment: string;
  let answerComment: string;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    [asker, answerer, commenter, stranger] = [
      await signUp(api),
      await signUp(api),
      await signUp(api),
      await signUp(api),
    ];
    const guestLogin = await api.post<{ foundUser: { _id: string; username: string }; encodedToken: string }>(
      '/api/auth/guest',
    );
    guest = {
      token: guestLogin.body.encodedToken,
      id: guestLogin.body.foundUser._id,
      username: guestLogin.body.foundUser.username,
      password: '',
    };
    q = await postQuestion(api, asker);
    a = await postAnswer(api, answerer, q);
    const addComment = async (path: string) => {
      const response = await api.post<{ comment: { _id: string } }>(
        path,
        { commentData: { commentText: 'Mine, not yours.' } },
        commenter.token,
      );
      return response.body.comment._id;
    };
    questionComment = await addComment(`/api/comments/add/${q}`);
    answerComment = await addComment(`/api/comments/add/${q}/${a}`);
  });
  afterAll(() => t.close());

  const intruders = () => ({ asker, answerer, commenter, stranger, guest });
  type Intruder = keyof ReturnType<typeof intruders>;

  /** Each edit/delete route, the users who may not call it on the content above, and the spec's message. */
  const cases = (): {
    route: string;
    method: 'POST' | 'DELETE';
    path: string;
    body?: unknown;
    who: Intruder[];
    message: string;
  }[] => [
    {
      route: 'POST /api/questions/edit/:questionId',
      method: 'POST',
      path: `/api/questions/edit/${q}`,
      body: { questionData: { questionTitle: 'Taken over', questionText: 'By someone else', tags: ['Hacked'] } },
      who: ['answerer', 'commenter', 'stranger', 'guest'],
      message: messages.cannotEditQuestion,
    },
    {
      route: 'DELETE /api/questions/delete/:questionId',
      method: 'DELETE',
      path: `/api/questions/delete/${q}`,
      who: ['answerer', 'commenter', 'stranger', 'guest'],
      message: messages.cannotDeleteQuestion,
    },
    {
      route: 'POST /api/answers/edit/:questionId/:answerId',
      method: 'POST',
      path: `/api/answers/edit/${q}/${a}`,
      body: { answerData: { answerText: 'Taken over' } },
      who: ['asker', 'commenter', 'stranger', 'guest'],
      message: messages.cannotEditAnswer,
    },
    {
      route: 'DELETE /api/answers/delete/:questionId/:answerId',
      method: 'DELETE',
      path: `/api/answers/delete/${q}/${a}`,
      who: ['commenter', 'stranger', 'guest'],
      message: messages.cannotDeleteAnswer,
    },
    {
      route: 'POST /api/comments/edit/:questionId/:commentId',
      method: 'POST',
      path: `/api/comments/edit/${q}/${questionComment}`,
      body: { commentData: { commentText: 'Taken over' } },
      who: ['asker', 'answerer', 'stranger', 'guest'],
      message: messages.cannotEditComment,
    },
    {
      route: 'POST /api/comments/edit/:questionId/:answerId/:commentId',
      method: 'POST',
      path: `/api/comments/edit/${q}/${a}/${answerComment}`,
      body: { commentData: { commentText: 'Taken over' } },
      who: ['asker', 'answerer', 'stranger', 'guest'],
      message: messages.cannotEditComment,
    },
    {
      route: 'DELETE /api/comments/delete/:questionId/:commentId',
      method: 'DELETE',
      path: `/api/comments/delete/${q}/${questionComment}`,
      who: ['answerer', 'stranger', 'guest'],
      message: messages.cannotDeleteComment,
    },
    {
      route: 'DELETE /api/comments/delete/:questionId/:answerId/:commentId',
      method: 'DELETE',
      path: `/api/comments/delete/${q}/${a}/${answerComment}`,
      who: ['stranger', 'guest'],
      message: messages.cannotDeleteComment,
    },
  ];

  it('covers every edit and delete route of posts the app serves', () => {
    const served = t.app.routeInventory
      .filter((r) => r.method !== 'HEAD' && /\/(edit|delete)\//.test(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(served).toEqual(
      cases()
        .map((c) => c.route)
        .sort(),
    );
  });

  it('answers 400 with the spec message to everyone else, and changes nothing', async () => {
    const before = await databaseSnapshot(t.database.db);
    let refused = 0;
    for (const c of cases()) {
      for (const name of c.who) {
        const response = await api.call(c.method, c.path, {
          token: intruders()[name].token,
          ...(c.body === undefined ? {} : { body: c.body }),
        });
        expect(response.status, `${name}: ${c.route}`).toBe(400);
        expect(response.body, `${name}: ${c.route}`).toEqual({ errors: [c.message], code: 'not_owner' });
        refused += 1;
      }
    }
    expect(refused).toBe(28);
    expect(await databaseSnapshot(t.database.db)).toBe(before);
  });

  it('still lets the owners do all of it afterwards (the refusals were about who, not what)', async () => {
    // Edits first, then deletes from the innermost comment out to the question itself.
    const edits = cases().filter((c) => c.method === 'POST');
    const deletes = cases()
      .filter((c) => c.method === 'DELETE')
      .reverse();
    for (const c of [...edits, ...deletes]) {
      const owner = c.route.includes('/comments/') ? commenter : c.route.includes('/answers/') ? answerer : asker;
      const response = await api.call(c.method, c.path, {
        token: owner.token,
        ...(c.body === undefined ? {} : { body: c.body }),
      });
      expect(response.status, c.route).toBe(201);
    }
    expect((await api.get(`/api/questions/${q}`)).status).toBe(404);
  });
});
