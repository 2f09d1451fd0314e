import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionJson, UserJson } from '../../shared/api-types.js';
import { buildApp } from '../app.js';
import { createDatabase } from '../db/database.js';
import { CONCURRENT_HASHES, MAX_WAITING_HASHES } from '../features/auth/password.js';
import { counterMismatches } from '../testing/invariants.js';
import {
  apiClient,
  createTestApp,
  postAnswer,
  postQuestion,
  signUp,
  testDialect,
  type ApiClient,
  type ApiResponse,
  type SignedUpUser,
  type TestApp,
} from '../testing/test-app.js';
import { testEnv } from '../testing/test-env.js';

/**
 * Races: the same write sent 50 times at once, and random mixes of every counted write. On
 * PostgreSQL they go through two app instances (two pools, 20 connections), so transactions
 * really overlap in the database. On SQLite one process has one connection: a second one in the
 * same process would wait for the first one's lock synchronously, blocking the very event loop
 * that must finish the first transaction, so there requests interleave on one instance (as they
 * do in production, where each process has its own connection).
 */
const FULL = testEnv.reliabilityFull;
const PARALLEL = 50;

describe(`concurrent writes (${testDialect})`, () => {
  let t: TestApp;
  let second: FastifyInstance | undefined;
  let apis: ApiClient[];
  /** Alternates between the two instances. */
  const via = (i: number) => apis[i % 2] as ApiClient;

  beforeAll(async () => {
    t = await createTestApp();
    if (testDialect === 'postgres') {
      const database = createDatabase({
        databaseUrl: t.config.databaseUrl,
        dataDir: t.config.dataDir,
        ...(t.database.schema ? { searchPath: t.database.schema } : {}),
      });
      second = await buildApp({ config: t.config, database, logger: false });
    }
    apis = second ? [apiClient(t.app), apiClient(second)] : [apiClient(t.app), apiClient(t.app)];
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  const times = <T>(n: number, make: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: n }, (_, i) => make(i)));
  const statuses = (responses: ApiResponse[]) => responses.map((r) => r.status).sort();

  it('lets exactly one of 50 simultaneous sign-ups with one username (in any letter case) through', async () => {
    const responses = await times(PARALLEL, (i) =>
      via(i).post('/api/auth/signup', {
        username: i % 2 ? 'RaceBaker' : 'racebaker',
        password: 'race-password-1',
        firstName: 'Race',
        lastName: 'Baker',
      }),
    );
    // Past the hashes a server computes or queues at once, a sign-up is refused with 503 before
    // any write (password.ts); every other one races to the insert, and one wins.
    const answered = statuses(responses);
    expect(answered.filter((status) => status === 201)).toHaveLength(1);
    expect(answered.filter((status) => status === 503).length).toBeLessThanOrEqual(
      PARALLEL - CONCURRENT_HASHES - MAX_WAITING_HASHES,
    );
    expect(answered.every((status) => [201, 422, 503].includes(status))).toBe(true);
    const users = await t.database.db
      .selectFrom('users')
      .select('username')
      .where('username_key', '=', 'racebaker')
      .execute();
    expect(users).toHaveLength(1);
  });

  it('counts 50 simultaneous identical votes, bookmarks and follows once each', async () => {
    const [author, fan] = [await signUp(apis[0]!), await signUp(apis[0]!)];
    const question = await postQuestion(apis[0]!, author);
    const answer = await postAnswer(apis[0]!, author, question);

    const votes = await times(PARALLEL, (i) =>
      via(i).post(`/api/votes/react/${question}`, { reaction: 'upvote' }, fan.token),
    );
    expect(statuses(votes)).toEqual(Array<number>(PARALLEL).fill(201));
    const answerVotes = await times(PARALLEL, (i) =>
      via(i).post(`/api/votes/vote/${question}/${answer}`, { reaction: 'downvote' }, fan.token),
    );
    expect(statuses(answerVotes)).toEqual(Array<number>(PARALLEL).fill(201));

    const bookmarks = await times(PARALLEL, (i) => via(i).post(`/api/question/addBookmark/${question}`, {}, fan.token));
    expect(statuses(bookmarks)).toEqual([200, ...Array<number>(PARALLEL - 1).fill(400)]);

    const follows = await times(PARALLEL, (i) => via(i).post(`/api/users/follow/${author.id}`, {}, fan.token));
    expect(statuses(follows)).toEqual([200, ...Array<number>(PARALLEL - 1).fill(400)]);

    const stored = (await apis[1]!.get<{ question: QuestionJson }>(`/api/questions/${question}`, fan.token)).body
      .question;
    expect(stored.votes).toMatchObject({ upvotes: 1, downvotes: 0, myVote: 'upvote' });
    expect(stored.answers[0]?.votes).toMatchObject({ upvotes: 0, downvotes: 1, myVote: 'downvote' });
    expect(stored.bookmarked).toBe(true);
    const user = (await apis[1]!.get<{ user: UserJson }>(`/api/users/${author.id}`)).body.user;
    expect(user.followerCount).toBe(1);
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });

  type Op =
    | { kind: 'vote'; user: number; question: number; reaction: 'upvote' | 'downvote' | 'unvote' }
    | { kind: 'answerVote'; user: number; question: number; reaction: 'upvote' | 'downvote' | 'unvote' }
    | { kind: 'follow' | 'unfollow'; user: number; target: number }
    | { kind: 'bookmark' | 'unbookmark'; user: number; question: number }
    | { kind: 'comment' | 'answerComment' | 'answer'; user: number; question: number }
    | { kind: 'deleteComment' | 'deleteAnswer' | 'deleteQuestion'; user: number; question: number };

  const USERS = 8;
  const QUESTIONS = 6;
  const reaction = fc.constantFrom('upvote' as const, 'downvote' as const, 'unvote' as const);
  const user = fc.integer({ min: 0, max: USERS - 1 });
  const question = fc.integer({ min: 0, max: QUESTIONS - 1 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('vote' as const), user, question, reaction }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('answerVote' as const), user, question, reaction }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constantFrom('follow' as const, 'unfollow' as const), user, target: user }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constantFrom('bookmark' as const, 'unbookmark' as const), user, question }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constantFrom('comment' as const, 'answerComment' as const, 'answer' as const),
        user,
        question,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constantFrom('deleteComment' as const, 'deleteAnswer' as const),
        user,
        question,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteQuestion' as const), user, question }) },
  );

  it('keeps every stored counter equal to the real row count after random concurrent mixes', async () => {
    let requests = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 60, maxLength: FULL ? 400 : 120 }), async (ops) => {
        const users: SignedUpUser[] = await times(USERS, () => signUp(apis[0]!));
        const questions = await times(QUESTIONS, (i) => postQuestion(apis[0]!, users[i % USERS]!));
        const answers = await times(QUESTIONS, (i) => postAnswer(apis[1]!, users[(i + 1) % USERS]!, questions[i]!));
        /** The newest comment or answer the run has seen on each question, for the deletes to aim at. */
        const latestComment = new Map<number, string>();
        const latestAnswer = new Map<number, string>(answers.map((a, i) => [i, a]));

        const run = async (o: Op, i: number): Promise<ApiResponse> => {
          const api = via(i);
          const token = users[o.user]!.token;
          const q = 'question' in o ? questions[o.question]! : '';
          const a = 'question' in o ? (latestAnswer.get(o.question) ?? answers[o.question]!) : '';
          switch (o.kind) {
            case 'vote':
              return api.post(`/api/votes/react/${q}`, { reaction: o.reaction }, token);
            case 'answerVote':
              return api.post(`/api/votes/vote/${q}/${a}`, { reaction: o.reaction }, token);
            case 'follow':
            case 'unfollow':
              return api.post(`/api/users/${o.kind}/${users[o.target]!.id}`, {}, token);
            case 'bookmark':
              return api.post(`/api/question/addBookmark/${q}`, {}, token);
            case 'unbookmark':
              return api.post(`/api/question/removeBookmark/${q}`, {}, token);
            case 'comment':
            case 'answerComment': {
              const path = o.kind === 'comment' ? q : `${q}/${a}`;
              const response = await api.post<{ comment?: { _id: string } }>(
                `/api/comments/add/${path}`,
                { commentData: { commentText: `race ${i}` } },
                token,
              );
              if (response.body.comment && o.kind === 'comment')
                latestComment.set(o.question, response.body.comment._id);
              return response;
            }
            case 'answer': {
              const response = await api.post<{ answer?: { _id: string } }>(
                `/api/answers/add/${q}`,
                { answerData: { answerText: `race ${i}` } },
                token,
              );
              if (response.body.answer) latestAnswer.set(o.question, response.body.answer._id);
              return response;
            }
            case 'deleteComment':
              return api.del(`/api/comments/delete/${q}/${latestComment.get(o.question) ?? '1'}`, token);
            case 'deleteAnswer':
              return api.del(`/api/answers/delete/${q}/${a}`, token);
            case 'deleteQuestion':
              return api.del(`/api/questions/delete/${q}`, token);
          }
        };
        // All at once: deletes aim at whichever comment or answer this run has seen created so far.
        const responses = await Promise.all(ops.map((o, i) => run(o, i)));
        requests += responses.length;
        const failures = responses.flatMap((r, i) => (r.status >= 500 ? [`${ops[i]?.kind}: ${r.status}`] : []));
        expect(failures).toEqual([]);
        expect(await counterMismatches(t.database.db)).toEqual([]);
      }),
      { numRuns: FULL ? 40 : 6 },
    );
    console.info(`concurrency (${testDialect}): ${requests} concurrent writes in random mixes, counters exact`);
  }, 300_000);
});
