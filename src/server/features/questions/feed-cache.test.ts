import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  apiClient,
  createTestApp,
  postAnswer,
  postQuestion,
  secondDatabase,
  signUp,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../../testing/test-app.js';

/**
 * The feed kept in memory (decision 39) against the feed read from the database, after every
 * kind of write. `t` keeps feeds; `reader`, a second instance on the same database with the
 * cache off, always reads them. After each write every baker's feed, under several URLs, must be the
 * same from both, and the write routes exercised must be all the app has. The writes go through
 * `t`, which then knows what each changed, or through `reader`, which must tell it.
 */
describe.each(['this instance', 'another instance'] as const)('feeds kept in memory, written through %s', (through) => {
  let t: TestApp;
  let reader: FastifyInstance;
  let api: ApiClient;
  let readerApi: ApiClient;
  /** Where the writes of 'matches the database after every kind of write' go. */
  let writer: ApiClient;
  const bakers: Record<'ana' | 'ben' | 'cas' | 'dee', SignedUpUser> = {} as never;
  const exercised = new Set<string>();
  const FEED_URLS = ['/api/feed', '/api/feed?limit=2', '/api/feed?sort=trending', '/api/feed?tag=Breads'];

  const anotherInstance = async () =>
    buildApp({ config: { ...t.config, feedCache: false }, database: secondDatabase(t), logger: false });

  beforeAll(async () => {
    t = await createTestApp({ feedCache: true });
    reader = await anotherInstance();
    api = apiClient(t.app);
    readerApi = apiClient(reader);
    writer = through === 'this instance' ? api : readerApi;
    for (const name of ['ana', 'ben', 'cas', 'dee'] as const) bakers[name] = await signUp(api, { username: name });
    exercised.add('POST /api/auth/signup');
    const follows: [keyof typeof bakers, keyof typeof bakers][] = [
      ['ana', 'ben'],
      ['ana', 'cas'],
      ['ben', 'ana'],
      ['dee', 'ana'],
      ['dee', 'ben'],
      ['dee', 'cas'],
    ];
    for (const [who, whom] of follows) {
      expect((await api.post(`/api/users/follow/${bakers[whom].id}`, {}, bakers[who].token)).status).toBe(200);
    }
  });
  afterAll(async () => {
    await reader.close();
    await t.close();
  });

  /** Every baker's feed under every URL, from memory where kept, equals the database's. */
  async function expectFeedsAsStored(after: string) {
    for (const baker of Object.values(bakers)) {
      for (const url of FEED_URLS) {
        const kept = await api.get(url, baker.token);
        const stored = await readerApi.get(url, baker.token);
        expect(kept.status, `${after}: ${baker.username} ${url}`).toBe(200);
        expect(kept.body, `${after}: ${baker.username} ${url}`).toEqual(stored.body);
      }
    }
  }

  /** Runs a write that must succeed and records its route. */
  async function write(route: string, send: () => Promise<{ status: number; body: unknown }>) {
    const response = await send();
    expect(response.status, `${route}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    exercised.add(route);
    await expectFeedsAsStored(route);
    return response.body as Record<string, unknown>;
  }

  it('serves a feed read again from memory, reading nothing through Kysely, not even the baker', async () => {
    const { ana } = bakers;
    await postQuestion(api, bakers.ben);
    t.queries.length = 0;
    await api.get('/api/feed', ana.token);
    const first = t.queries.map((q) => q.query.sql);
    expect(first.filter((sql) => /\bquestions\b/.test(sql)).length).toBeGreaterThan(0);
    t.queries.length = 0;
    const again = await api.get<{ questions: unknown[] }>('/api/feed', ana.token);
    expect(again.body.questions).toHaveLength(1);
    expect(t.queries.map((q) => q.query.sql)).toEqual([]);
  });

  it('matches the database after every kind of write', async () => {
    const { ana, ben, cas, dee } = bakers;
    await expectFeedsAsStored('start');
    const q1 = await postQuestion(writer, ben, { tags: ['Breads'] });
    exercised.add('POST /api/questions/add');
    await expectFeedsAsStored('ben posts');
    const q2 = await postQuestion(writer, cas, { tags: ['Cakes'] });
    await expectFeedsAsStored('cas posts');
    await postQuestion(writer, ana, { tags: ['Breads', 'Cakes'] });
    await expectFeedsAsStored('ana posts');

    const a1 = await postAnswer(writer, ana, q1);
    exercised.add('POST /api/answers/add/:questionId');
    await expectFeedsAsStored('ana answers ben');
    await write('POST /api/answers/edit/:questionId/:answerId', () =>
      writer.post(`/api/answers/edit/${q1}/${a1}`, { answerData: { answerText: 'More steam, then less.' } }, ana.token),
    );

    const onQuestion = await write('POST /api/comments/add/:questionId', () =>
      writer.post(`/api/comments/add/${q2}`, { commentData: { commentText: 'Which flour?' } }, dee.token),
    );
    const c1 = (onQuestion.comment as { _id: string })._id;
    const onAnswer = await write('POST /api/comments/add/:questionId/:answerId', () =>
      writer.post(`/api/comments/add/${q1}/${a1}`, { commentData: { commentText: 'Thanks!' } }, dee.token),
    );
    const c2 = (onAnswer.comment as { _id: string })._id;
    await write('POST /api/comments/edit/:questionId/:commentId', () =>
      writer.post(`/api/comments/edit/${q2}/${c1}`, { commentData: { commentText: 'Which rye flour?' } }, dee.token),
    );
    await write('POST /api/comments/edit/:questionId/:answerId/:commentId', () =>
      writer.post(`/api/comments/edit/${q1}/${a1}/${c2}`, { commentData: { commentText: 'Thank you!' } }, dee.token),
    );

    await write('POST /api/votes/react/:questionId', () =>
      writer.post(`/api/votes/react/${q1}`, { reaction: 'upvote' }, cas.token),
    );
    await write('POST /api/votes/react/:questionId', () =>
      writer.post(`/api/votes/react/${q2}`, { reaction: 'downvote' }, ana.token),
    );
    await write('POST /api/votes/vote/:questionId/:answerId', () =>
      writer.post(`/api/votes/vote/${q1}/${a1}`, { reaction: 'upvote' }, ben.token),
    );

    await write('POST /api/question/addBookmark/:questionId', () =>
      writer.post(`/api/question/addBookmark/${q2}`, {}, ana.token),
    );
    await write('POST /api/question/removeBookmark/:questionId', () =>
      writer.post(`/api/question/removeBookmark/${q2}`, {}, ana.token),
    );

    await write('POST /api/questions/edit/:questionId', () =>
      writer.post(
        `/api/questions/edit/${q1}`,
        {
          questionData: {
            questionTitle: 'Proofing brioche overnight?',
            questionText: 'In the fridge.',
            tags: ['Pastry'],
          },
        },
        ben.token,
      ),
    );

    await write('DELETE /api/comments/delete/:questionId/:answerId/:commentId', () =>
      writer.del(`/api/comments/delete/${q1}/${a1}/${c2}`, dee.token),
    );
    await write('DELETE /api/comments/delete/:questionId/:commentId', () =>
      writer.del(`/api/comments/delete/${q2}/${c1}`, cas.token),
    );
    await write('DELETE /api/answers/delete/:questionId/:answerId', () =>
      writer.del(`/api/answers/delete/${q1}/${a1}`, ben.token),
    );

    await write('POST /api/users/follow/:followUserId', () =>
      writer.post(`/api/users/follow/${ana.id}`, {}, cas.token),
    );
    await write('POST /api/users/unfollow/:followUserId', () =>
      writer.post(`/api/users/unfollow/${ben.id}`, {}, ana.token),
    );
    await write('POST /api/users/edit', () =>
      writer.post('/api/users/edit', { userData: { firstName: 'Ana', lastName: 'Levain', bio: 'Rye.' } }, ana.token),
    );
    await write('DELETE /api/questions/delete/:questionId', () => writer.del(`/api/questions/delete/${q2}`, cas.token));

    await write('POST /api/auth/login', () =>
      writer.post('/api/auth/login', { username: 'ben', password: ben.password }),
    );
    await write('POST /api/auth/guest', () => writer.post('/api/auth/guest', {}));

    const writes = t.app.routeInventory
      .filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method) && route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${route.url}`);
    expect([...exercised].sort()).toEqual([...new Set(writes)].sort());
  });

  it('sees at once a write made through another instance on the same database', async () => {
    const { ana, ben } = bakers;
    await api.get('/api/feed', ana.token);
    const other = await anotherInstance();
    try {
      await apiClient(other).post('/api/users/follow/' + ben.id, {}, ana.token);
      await postQuestion(apiClient(other), ben, { questionTitle: 'Posted through the other instance' });
    } finally {
      await other.close();
    }
    const feed = await api.get<{ questions: { questionTitle: string }[] }>('/api/feed', ana.token);
    expect(feed.body.questions[0]?.questionTitle).toBe('Posted through the other instance');
  });

  it('answers a kept feed to no token a new password ended, set here or through another instance', async () => {
    const { dee } = bakers;
    const changePassword = async (client: ApiClient, token: string, from: string, to: string) => {
      const userData = { firstName: 'Dee', lastName: 'Crumb', bio: '', password: to, currentPassword: from };
      const response = await client.post<{ encodedToken: string }>('/api/users/edit', { userData }, token);
      expect(response.status).toBe(201);
      return response.body.encodedToken;
    };
    const before = dee.token;
    expect((await api.get('/api/feed', before)).status).toBe(200);
    expect((await api.get('/api/feed', before)).status).toBe(200);
    const after = await changePassword(api, before, dee.password, 'a-new-rye-password');
    expect((await api.get('/api/feed', before)).status).toBe(401);
    expect((await api.get('/api/feed', after)).status).toBe(200);
    expect((await api.get('/api/feed', after)).status).toBe(200);
    expect((await api.get('/api/feed', before)).status).toBe(401);

    const other = await anotherInstance();
    let latest: string;
    try {
      latest = await changePassword(apiClient(other), after, 'a-new-rye-password', 'a-third-rye-password');
    } finally {
      await other.close();
    }
    expect((await api.get('/api/feed', after)).status).toBe(401);
    const feed = await api.get('/api/feed', latest);
    expect(feed.status).toBe(200);
    expect(feed.body).toEqual((await readerApi.get('/api/feed', latest)).body);
  });
});
