import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, signUp, type ApiClient, type TestApp } from '../testing/test-app.js';

/**
 * Lists PostgreSQL's planner could only serve by sorting or by walking a whole table, checked on
 * the real statements each request runs. The test tables are tiny, so sequential scans and sorts
 * are priced out: what is left is the best plan the indexes allow.
 */
describe('query plans (PostgreSQL)', () => {
  let t: TestApp;
  let api: ApiClient;
  let questionId: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
    api = apiClient(t.app);
    const list = await api.get<{ questions: { _id: string; commentCount: number }[] }>('/api/questions?limit=50');
    questionId = list.body.questions.reduce((a, b) => (b.commentCount > a.commentCount ? b : a))._id;
  });
  afterAll(() => t.close());

  /** The plans of the statements the request ran that read `table`. */
  async function plansOf(url: string, table: string, token?: string): Promise<string[]> {
    t.queries.length = 0;
    const response = await api.get(url, token);
    expect(response.status).toBe(200);
    const reads = t.queries
      .map((q) => q.query)
      .filter((q) => /^\s*select/i.test(q.sql) && q.sql.includes(`"${table}"`));
    expect(reads.length).toBeGreaterThan(0);
    return t.database.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_sort = off`.execute(trx);
      const plans: string[] = [];
      for (const q of reads) {
        const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]),
        );
        plans.push(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return plans;
    });
  }

  it.each([
    ['first page', ''],
    ['page after a cursor', '?cursor='],
  ])(
    "a question's own comments (%s) are read in order from an index, not sorted or filtered from the table",
    async (_n, query) => {
      let url = `/api/comments/${questionId}?limit=1`;
      if (query) {
        const first = await api.get<{ nextCursor: string }>(url);
        url += `&cursor=${first.body.nextCursor}`;
      }
      for (const plan of await plansOf(url, 'comments')) {
        expect(plan).toMatch(/Index (Only )?Scan (Backward )?using comments_on_question on comments/);
        expect(plan).not.toMatch(/Sort|comments_pkey|Seq Scan on comments/);
      }
    },
  );

  it('the feed of a baker following more than 200 who never posted is read per author, not by walking every post', async () => {
    const reader = await signUp(api);
    const quiet = [];
    for (let i = 0; i < 201; i += 1) quiet.push(await signUp(api));
    for (const baker of quiet)
      expect((await api.post(`/api/users/follow/${baker.id}`, {}, reader.token)).status).toBe(200);
    const [plan = ''] = await plansOf('/api/feed', 'questions', reader.token);
    // Each followed baker's newest posts from the author index: nothing of theirs, nothing read.
    expect(plan).toMatch(/Index (Only )?Scan (Backward )?using questions_by_author\w* on questions/);
    expect(plan).not.toMatch(
      /Seq Scan on questions|Index (Only )?Scan (Backward )?using questions_(?!by_author)\w+ on questions questions_1/,
    );
    // Whether more than 200 of them have posted is counted no further than 201.
    const counts = (await plansOf('/api/feed', 'users', reader.token)).filter((p) => p.includes('Aggregate'));
    expect(counts).toHaveLength(1);
    expect(counts[0]).toMatch(/Aggregate[\s\S]*Limit[\s\S]*follows/);
  });
});
