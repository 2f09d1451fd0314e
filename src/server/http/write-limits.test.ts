import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import {
  apiClient,
  createTestApp,
  postQuestion,
  signUp,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../testing/test-app.js';
import { registerWriteLimits, WRITE_LIMITS, writerKey } from './write-limits.js';

const RATE_LIMITED = { errors: [messages.tooManyRequests], code: 'rate_limited' };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** An app with rate limits on and a clock the test moves. */
async function limitedApp() {
  const clock = { time: Date.UTC(2026, 0, 5, 9) };
  t = await createTestApp({ rateLimits: true, now: () => clock.time });
  return { app: t.app, api: apiClient(t.app), clock };
}

const comment = (api: ApiClient, user: SignedUpUser, questionId: string, text = 'Brush it with milk.') =>
  api.post(`/api/comments/add/${questionId}`, { commentData: { commentText: text } }, user.token);

const commentsOn = async (api: ApiClient, questionId: string) =>
  (await api.get<{ comments: { commentText: string }[] }>(`/api/comments/${questionId}`)).body.comments;

describe('write limits (rate limits on)', () => {
  it(`refuses a baker's contribution beyond ${WRITE_LIMITS.contribution} a minute, changing nothing, until the minute ends`, async () => {
    const { api, clock } = await limitedApp();
    const anna = await signUp(api);
    const ben = await signUp(api);
    // Posts, answers and comments share one count.
    const questionId = await postQuestion(api, anna);
    for (let i = 0; i < 10; i += 1) {
      const answer = await api.post(
        `/api/answers/add/${questionId}`,
        { answerData: { answerText: `Tip ${i}` } },
        anna.token,
      );
      expect(answer.status).toBe(201);
    }
    for (let i = 0; i < WRITE_LIMITS.contribution - 11; i += 1)
      expect((await comment(api, anna, questionId)).status).toBe(201);

    clock.time += 20_000;
    const refused = await comment(api, anna, questionId, 'One too many.');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(RATE_LIMITED);
    expect(refused.headers['retry-after']).toBe('40');
    const refusedQuestion = await api.post(
      '/api/questions/add',
      { questionData: { questionTitle: 'Another one', questionText: 'Refused.', tags: ['Breads'] } },
      anna.token,
    );
    expect(refusedQuestion.status).toBe(429);
    const stored = await commentsOn(api, questionId);
    expect(stored).toHaveLength(WRITE_LIMITS.contribution - 11);
    expect(stored.map((c) => c.commentText)).not.toContain('One too many.');
    const annasPosts = await api.get<{ questions: unknown[] }>(`/api/user/questions/${anna.username}`);
    expect(annasPosts.body.questions).toHaveLength(1);

    // Another baker, and the same baker's other kind of write, are not held back.
    expect((await comment(api, ben, questionId)).status).toBe(201);
    expect((await api.post(`/api/votes/react/${questionId}`, { reaction: 'upvote' }, anna.token)).status).toBe(201);

    clock.time += 40_000;
    expect((await comment(api, anna, questionId, 'A new minute.')).status).toBe(201);
    expect((await commentsOn(api, questionId)).map((c) => c.commentText)).toContain('A new minute.');
  });

  it(`refuses a baker's change beyond ${WRITE_LIMITS.change} a minute, changing nothing`, async () => {
    const { api } = await limitedApp();
    const anna = await signUp(api);
    const ben = await signUp(api);
    const questionId = await postQuestion(api, ben);
    // Votes, bookmarks and follows share one count.
    const changes = [
      () => api.post(`/api/votes/react/${questionId}`, { reaction: 'upvote' }, anna.token),
      () => api.post(`/api/votes/react/${questionId}`, { reaction: 'unvote' }, anna.token),
      () => api.post(`/api/question/addBookmark/${questionId}`, {}, anna.token),
      () => api.post(`/api/question/removeBookmark/${questionId}`, {}, anna.token),
      () => api.post(`/api/users/follow/${ben.id}`, {}, anna.token),
      () => api.post(`/api/users/unfollow/${ben.id}`, {}, anna.token),
    ];
    for (let i = 0; i < WRITE_LIMITS.change; i += 1) {
      const answer = await changes[i % changes.length]!();
      expect(answer.status, `change ${i + 1}`).toBeLessThan(300);
    }
    const refused = await api.post(`/api/question/addBookmark/${questionId}`, {}, anna.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(RATE_LIMITED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const bookmarks = await api.get<{ questions: unknown[] }>('/api/bookmarks', anna.token);
    expect(bookmarks.body.questions).toEqual([]);
    // Contributions are counted apart.
    expect((await comment(api, anna, questionId)).status).toBe(201);
  });

  it('counts a baker wherever they write from, and the shared guest per client address', async () => {
    const { app, api } = await limitedApp();
    const anna = await signUp(api);
    const questionId = await postQuestion(api, anna);
    const guestLogin = await app.inject({ method: 'POST', url: '/api/auth/guest', remoteAddress: '198.51.100.1' });
    const guestToken = (guestLogin.json() as { encodedToken: string }).encodedToken;
    const commentFrom = (remoteAddress: string, token: string) =>
      app.inject({
        method: 'POST',
        url: `/api/comments/add/${questionId}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { commentData: { commentText: 'From afar.' } },
        remoteAddress,
      });

    for (let i = 0; i < WRITE_LIMITS.contribution; i += 1) {
      expect((await commentFrom('198.51.100.1', guestToken)).statusCode).toBe(201);
    }
    expect((await commentFrom('198.51.100.1', guestToken)).statusCode).toBe(429);
    // Another guest, somewhere else, still posts.
    expect((await commentFrom('203.0.113.9', guestToken)).statusCode).toBe(201);
    // IPv6 addresses count by their /64 network, as sign-in's limits do.
    for (let i = 1; i <= WRITE_LIMITS.contribution; i += 1) {
      expect((await commentFrom(`2001:db8:7:7::${i.toString(16)}`, guestToken)).statusCode).toBe(201);
    }
    expect((await commentFrom('2001:db8:7:7::ffff', guestToken)).statusCode).toBe(429);

    // A baker's own account is one writer, from any address (anna has posted once already).
    for (let i = 1; i < WRITE_LIMITS.contribution; i += 1) {
      expect((await commentFrom(`192.0.2.${i}`, anna.token)).statusCode).toBe(201);
    }
    expect((await commentFrom('192.0.2.200', anna.token)).statusCode).toBe(429);
  });

  it('answers a bad token with 401 without counting it', async () => {
    const { api } = await limitedApp();
    const anna = await signUp(api);
    const questionId = await postQuestion(api, anna);
    for (let i = 0; i < WRITE_LIMITS.contribution + 5; i += 1) {
      expect((await comment(api, { ...anna, token: `${anna.token}x` }, questionId)).status).toBe(401);
    }
    for (let i = 1; i < WRITE_LIMITS.contribution; i += 1)
      expect((await comment(api, anna, questionId)).status).toBe(201);
  });
});

describe('write limits (rate limits off)', () => {
  it('counts nothing', async () => {
    t = await createTestApp();
    const api = apiClient(t.app);
    const anna = await signUp(api);
    const questionId = await postQuestion(api, anna);
    for (let i = 0; i < WRITE_LIMITS.contribution + 5; i += 1)
      expect((await comment(api, anna, questionId)).status).toBe(201);
  });
});

describe('write limit declarations', () => {
  it('puts every write on the limit decision 37 names', async () => {
    t = await createTestApp();
    const limits = Object.fromEntries(
      t.app.routeInventory.filter((r) => r.writeLimit).map((r) => [`${r.method} ${r.url}`, r.writeLimit]),
    );
    expect(limits).toEqual({
      'POST /api/questions/add': 'contribution',
      'POST /api/answers/add/:questionId': 'contribution',
      'POST /api/comments/add/:questionId': 'contribution',
      'POST /api/comments/add/:questionId/:answerId': 'contribution',
      'POST /api/questions/edit/:questionId': 'change',
      'DELETE /api/questions/delete/:questionId': 'change',
      'POST /api/question/addBookmark/:questionId': 'change',
      'POST /api/question/removeBookmark/:questionId': 'change',
      'POST /api/answers/edit/:questionId/:answerId': 'change',
      'DELETE /api/answers/delete/:questionId/:answerId': 'change',
      'POST /api/comments/edit/:questionId/:commentId': 'change',
      'POST /api/comments/edit/:questionId/:answerId/:commentId': 'change',
      'DELETE /api/comments/delete/:questionId/:commentId': 'change',
      'DELETE /api/comments/delete/:questionId/:answerId/:commentId': 'change',
      'POST /api/votes/react/:questionId': 'change',
      'POST /api/votes/vote/:questionId/:answerId': 'change',
      'POST /api/users/edit': 'change',
      'POST /api/users/follow/:followUserId': 'change',
      'POST /api/users/unfollow/:followUserId': 'change',
    });
  });

  it('keys a baker by account, a guest by address (IPv6 by /64), and a guest whose address is gone apart', () => {
    const baker = { id: 7, username_key: 'anna' };
    const guest = { id: 2, username_key: 'guest' };
    expect(writerKey(baker, '198.51.100.1')).toBe(writerKey(baker, '2001:db8::1'));
    expect(writerKey(guest, '198.51.100.1')).not.toBe(writerKey(guest, '198.51.100.2'));
    expect(writerKey(guest, '2001:db8:1:2::1')).toBe(writerKey(guest, '2001:db8:1:2:ffff::9'));
    expect(writerKey(guest, '2001:db8:1:2::1')).not.toBe(writerKey(guest, '2001:db8:1:3::1'));
    // Node answers no address once the client has closed the connection.
    expect(writerKey(guest, undefined)).toBe('guest of a closed connection');
  });

  it('refuses a protected write route that names no limit, and needs none on reads or public routes', () => {
    const app = Fastify();
    registerWriteLimits(app, { enabled: false, now: Date.now });
    const handler = async () => ({});
    expect(() => app.post('/unlimited', { config: { access: 'protected' } }, handler)).toThrow(
      'Route POST /unlimited must declare config.writeLimit',
    );
    expect(() => app.delete('/unlimited', { config: { access: 'protected' } }, handler)).toThrow(/writeLimit/);
    expect(() => app.get('/read', { config: { access: 'protected' } }, handler)).not.toThrow();
    expect(() => app.post('/public', { config: { access: 'public' } }, handler)).not.toThrow();
    expect(() =>
      app.post('/limited', { config: { access: 'protected', writeLimit: 'change' } }, handler),
    ).not.toThrow();
  });
});
