import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { apiClient, createTestApp, type TestApp } from '../../testing/test-app.js';
import { counterMismatches } from '../../testing/invariants.js';
import { demoQuestions, demoUsers } from './demo-data.js';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
  });
  afterAll(() => t.close());

  it('loads every demo user and question, with answers, comments, votes and bookmarks', async () => {
    const db = t.database.db;
    const count = async (table: 'users' | 'questions' | 'answers' | 'comments' | 'bookmarks' | 'follows') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('users')).toBe(demoUsers.length);
    expect(await count('questions')).toBe(demoQuestions.length);
    expect(await count('answers')).toBe(demoQuestions.reduce((n, q) => n + q.answers.length, 0));
    const comments = demoQuestions.reduce(
      (n, q) => n + q.comments.length + q.answers.reduce((m, a) => m + a.comments.length, 0),
      0,
    );
    expect(await count('comments')).toBe(comments);
    expect(await count('bookmarks')).toBe(demoQuestions.reduce((n, q) => n + q.bookmarkedBy.length, 0));
    expect(await count('follows')).toBe(demoUsers.reduce((n, u) => n + u.following.length, 0));
  });

  it('keeps every counter equal to the rows it counts', async () => {
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });

  it('dates posts in the past, newest first on the explore page', async () => {
    const { body } = await apiClient(t.app).get<{ questions: { createdAt: string }[] }>('/api/questions?limit=100');
    const times = body.questions.map((q) => Date.parse(q.createdAt));
    expect(times.length).toBe(demoQuestions.length);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    expect(Math.min(...times)).toBeLessThan(Date.now() - 30 * 86_400_000);
  });

  it('lets demo bakers sign in with the documented password', async () => {
    const response = await apiClient(t.app).post('/api/auth/login', {
      username: 'owen.levain',
      password: 'bake-together',
    });
    expect(response.status).toBe(200);
  });

  it('gives the community account and the guest no password that works', async () => {
    for (const username of ['crumb', 'guest']) {
      const response = await apiClient(t.app).post('/api/auth/login', { username, password: 'bake-together' });
      expect(response.status, username).toBe(401);
    }
  });

  it('is loaded only into an empty database', async () => {
    const again = await buildApp({
      config: t.config,
      database: { ...t.database, destroy: async () => {} },
      logger: false,
    });
    await again.close();
    const users = await t.database.db.selectFrom('users').select('id').execute();
    expect(users.length).toBe(demoUsers.length);
  });
});
