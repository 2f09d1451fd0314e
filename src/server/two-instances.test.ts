import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { counterMismatches } from './testing/invariants.js';
import { apiClient, createTestApp, postQuestion, secondDatabase, signUp, type TestApp } from './testing/test-app.js';
import type { FastifyInstance } from 'fastify';

/** Two app instances on one database: nothing either keeps in memory may disagree with the other. */
describe('two instances sharing one database', () => {
  let first: TestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    first = await createTestApp();
    second = await buildApp({ config: first.config, database: secondDatabase(first), logger: false });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('accept each other’s tokens', async () => {
    const user = await signUp(apiClient(first.app));
    const feed = await apiClient(second).get('/api/feed', user.token);
    expect(feed.status).toBe(200);
  });

  it('keep counters exact under concurrent writes through both', async () => {
    const apis = [apiClient(first.app), apiClient(second)];
    const author = await signUp(apis[0]!);
    const questionId = await postQuestion(apis[0]!, author);
    const voters = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp(apis[i % 2]!)));
    const results = await Promise.all(
      voters.flatMap((voter, i) => [
        apis[i % 2]!.post(`/api/votes/react/${questionId}`, { reaction: i % 3 ? 'upvote' : 'downvote' }, voter.token),
        apis[(i + 1) % 2]!.post(`/api/users/follow/${author.id}`, {}, voter.token),
        apis[i % 2]!.post(`/api/comments/add/${questionId}`, { commentData: { commentText: `c${i}` } }, voter.token),
        apis[(i + 1) % 2]!.post(`/api/question/addBookmark/${questionId}`, {}, voter.token),
      ]),
    );
    expect(results.filter((r) => r.status >= 300).map((r) => r.body)).toEqual([]);
    const votes = await apis[1]!.get<{ votes: { upvotes: number; downvotes: number } }>(`/api/votes/${questionId}`);
    expect(votes.body.votes).toMatchObject({ upvotes: 8, downvotes: 4 });
    const user = await apis[0]!.get<{ user: { followerCount: number } }>(`/api/users/${author.id}`);
    expect(user.body.user.followerCount).toBe(12);
    expect(await counterMismatches(first.database.db)).toEqual([]);
  });
});
