import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionJson, QuestionPage } from '../../../shared/api-types.js';
import { counterMismatches } from '../../testing/invariants.js';
import { apiClient, createTestApp, type ApiClient, type TestApp } from '../../testing/test-app.js';
import { generateCommunity, SHOWCASE_ANSWERS, withDefaults } from './community.js';

describe('generated community', () => {
  let t: TestApp;
  let api: ApiClient;
  const size = withDefaults({ users: 200, posts: 600, votes: 5000, follows: 4000 });

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    await t.database.db.connection().execute((db) =>
      generateCommunity(db, t.database.dialect, {
        size,
        passwordHash: 'scrypt$1024$8$1$c2FsdA==$a2V5',
        now: Date.UTC(2025, 0, 1),
        seed: 7,
      }),
    );
  }, 60_000);
  afterAll(() => t.close());

  it('has the asked-for rows', async () => {
    const count = async (table: 'users' | 'questions' | 'follows') =>
      Number(
        (
          await t.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('users')).toBe(size.users);
    expect(await count('questions')).toBe(size.posts);
    expect(await count('follows')).toBe(size.follows);
  });

  it('keeps every stored counter and recent-voter list exact', async () => {
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });

  it('serves the generated posts through the API: lists, tags, search and the showcase question', async () => {
    const latest = await api.get<QuestionPage>('/api/questions?limit=5');
    expect(latest.status).toBe(200);
    expect(latest.body.questions).toHaveLength(5);
    const tag = latest.body.questions[0]?.tags[0] as string;
    const tagged = await api.get<QuestionPage>(`/api/questions?tag=${encodeURIComponent(tag)}`);
    expect(tagged.body.questions.every((q) => q.tags.includes(tag))).toBe(true);
    const search = await api.get<QuestionPage>('/api/questions?q=dough');
    expect(search.body.questions.length).toBeGreaterThan(0);
    const showcase = await t.database.db
      .selectFrom('questions')
      .select('id')
      .where('answer_count', '=', SHOWCASE_ANSWERS)
      .executeTakeFirstOrThrow();
    const page = await api.get<{ question: QuestionJson }>(`/api/questions/${showcase.id}`);
    expect(page.body.question.answers).toHaveLength(20);
    expect(page.body.question.comments.length).toBeGreaterThan(0);
  });

  it('refuses a database that already has users', async () => {
    await expect(
      generateCommunity(t.database.db, t.database.dialect, {
        size,
        passwordHash: 'x',
        now: Date.now(),
        seed: 1,
      }),
    ).rejects.toThrow(/empty database/);
  });

  it('leaves new rows free to take the next ids', async () => {
    const signUp = await api.post('/api/auth/signup', {
      username: 'fresh.baker',
      password: 'correct-horse-battery',
      firstName: 'Fresh',
      lastName: 'Baker',
    });
    expect(signUp.status).toBe(201);
  });
});
