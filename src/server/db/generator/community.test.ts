import { sql } from 'kysely';
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

  // Both databases load without checking foreign keys: every reference must hold by construction.
  it('leaves every reference pointing at a stored row', async () => {
    const { db, dialect } = t.database;
    if (dialect === 'sqlite') {
      expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
      // And the connection checks them again once the load is over.
      expect((await sql`pragma foreign_keys`.execute(db)).rows).toEqual([{ foreign_keys: 1 }]);
      return;
    }
    const { rows: references } = await sql<{
      child: string;
      parent: string;
      columns: string[];
      parentColumns: string[];
    }>`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
        array(select a.attname from unnest(c.conkey) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i)::text[] as "columns",
        array(select a.attname from unnest(c.confkey) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i)::text[] as "parentColumns"
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db);
    expect(references.length).toBeGreaterThan(5);
    const orphans: string[] = [];
    for (const { child, parent, columns, parentColumns } of references) {
      const matches = sql.join(
        columns.map((column, i) => sql`p.${sql.ref(parentColumns[i] as string)} = c.${sql.ref(column)}`),
        sql` and `,
      );
      const present = sql.join(
        columns.map((column) => sql`c.${sql.ref(column)} is not null`),
        sql` and `,
      );
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from ${sql.raw(child)} c
        where ${present} and not exists (select 1 from ${sql.raw(parent)} p where ${matches})`.execute(db);
      if (Number(rows[0]?.n) > 0) orphans.push(`${child}(${columns.join(', ')}): ${rows[0]?.n}`);
    }
    expect(orphans).toEqual([]);
  });

  it('indexes every post for search, and leaves the index to merge as the app writes', async () => {
    const { db, dialect } = t.database;
    if (dialect === 'postgres') {
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from questions where search_vector is not null`.execute(db);
      expect(Number(rows[0]?.n)).toBe(size.posts);
      return;
    }
    // FTS5 checks its index against its rows, and fails the statement if they disagree.
    await sql`insert into questions_fts (questions_fts) values ('integrity-check')`.execute(db);
    const { rows } = await sql<{ n: number }>`select count(*) as n from questions_fts`.execute(db);
    expect(rows[0]?.n).toBe(size.posts);
    const { rows: options } = await sql<{ k: string; v: number }>`
      select k, v from questions_fts_config where k in ('automerge', 'crisismerge') order by k`.execute(db);
    expect(options).toEqual([
      { k: 'automerge', v: 4 },
      { k: 'crisismerge', v: 16 },
    ]);
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
