import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as users from '../features/users/users.repository.js';
import { apiClient, createTestApp, type ApiClient, type TestApp } from '../testing/test-app.js';

/**
 * Every list the forum serves must be read through an index, in index order: no full scan of
 * questions and no temporary B-tree to sort, whatever the data size. Checked on the real
 * statements each request runs, with SQLite's EXPLAIN QUERY PLAN.
 */
describe('query plans (SQLite)', () => {
  let t: TestApp;
  let api: ApiClient;
  let token: string;
  let questionId: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
    api = apiClient(t.app);
    const login = await api.post<{ encodedToken: string }>('/api/auth/login', {
      username: 'owen.levain',
      password: 'bake-together',
    });
    token = login.body.encodedToken;
    const list = await api.get<{ questions: { _id: string; answerCount: number }[] }>('/api/questions?limit=50');
    questionId = list.body.questions.reduce((a, b) => (b.answerCount > a.answerCount ? b : a))._id;
  });
  afterAll(() => t.close());

  let statementsOfLastRequest = 0;

  /** The plan of every SELECT the request ran. */
  async function plansOf(url: string, withToken = false): Promise<string[][]> {
    t.queries.length = 0;
    const response = await api.get(url, withToken ? token : undefined);
    expect(response.status).toBe(200);
    statementsOfLastRequest = t.queries.length;
    const selects = t.queries.map((q) => q.query).filter((q) => /^\s*(select|with)/i.test(q.sql));
    expect(selects.length).toBeGreaterThan(0);
    const plans: string[][] = [];
    for (const q of selects) {
      const result = await t.database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
      );
      plans.push(result.rows.map((r) => r.detail));
    }
    return plans;
  }

  function expectIndexedAndOrdered(plans: string[][], { boundedSort = false } = {}) {
    const lines = plans.flat();
    for (const line of lines) {
      expect(line, 'full scan of questions').not.toMatch(/^SCAN questions$|^SCAN questions (?!USING)/);
      // `ranked` is the per-answer window over an index search and `follow_list` one bounded
      // follow list: subquery results, not tables.
      expect(line, 'full scan of a table').not.toMatch(/^SCAN (?!ranked$|follow_list$)(\w+)$/);
      if (!boundedSort) {
        expect(line, 'sorting in a temporary B-tree').not.toMatch(/TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY)/);
      }
    }
    return lines;
  }

  it.each([
    ['latest', '/api/questions'],
    ['oldest', '/api/questions?sort=oldest'],
    ['trending', '/api/questions?sort=trending'],
    ['tag', '/api/questions?tag=Breads'],
    ['tag, trending', '/api/questions?tag=Breads&sort=trending'],
    ['two tags', '/api/questions?tag=Breads&tag=Cake'],
    ['author', '/api/questions?author=owen.levain'],
    ['search', '/api/questions?q=sourdough%20crust'],
  ])('%s uses indexes in order', async (_name, url) => {
    const lines = expectIndexedAndOrdered(await plansOf(url));
    expect(lines.some((l) => /USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY|VIRTUAL TABLE/.test(l))).toBe(true);
  });

  /**
   * The feed is `user_id IN (followed) ORDER BY key LIMIT n` over the author index: SQLite reads
   * each author's posts in key order and stops an author as soon as their next post cannot make
   * the page, so the sort holds at most a page per author whatever their history.
   */
  it.each([
    ['latest', '/api/feed', 'questions_by_author_latest'],
    ['trending', '/api/feed?sort=trending', 'questions_by_author_trending'],
  ])('the %s feed merges the followed authors’ indexes in one statement', async (_name, url, index) => {
    const plans = await plansOf(url, true);
    const lines = expectIndexedAndOrdered(plans, { boundedSort: true });
    expect(lines.some((l) => l.startsWith(`SEARCH questions USING COVERING INDEX ${index} (user_id=?)`))).toBe(true);
    expect(lines.some((l) => l.startsWith('SEARCH follows USING COVERING INDEX'))).toBe(true);
    expect(lines.some((l) => l.startsWith('SEARCH questions USING INTEGER PRIMARY KEY'))).toBe(true);
    // The caller, the page (followed authors and rows in one), the caller's votes and bookmarks.
    expect(statementsOfLastRequest).toBeLessThanOrEqual(3);
  });

  it.each([
    ['users', '/api/users?limit=10', false, 2],
    ['suggestions', '/api/users/suggestions?limit=10', true, 3],
  ])(
    'a page of %s reads every user’s follow lists in one statement, from the follows indexes',
    async (_n, url, withToken, most) => {
      // The users themselves are a keyset read of their own (`SCAN users` is the primary key in order, up to the limit).
      const plans = (await plansOf(url, withToken)).filter((plan) => plan.some((l) => l.includes('follows_by')));
      expect(plans).toHaveLength(1);
      const lines = expectIndexedAndOrdered(plans);
      expect(lines.some((l) => l.includes('follows_by_followee (followee_id=?)'))).toBe(true);
      expect(lines.some((l) => l.includes('follows_by_follower (follower_id=?)'))).toBe(true);
      expect(statementsOfLastRequest).toBeLessThanOrEqual(most);
    },
  );

  it.each([
    ['following', 'follows_by_follower (follower_id=?'],
    ['followers', 'follows_by_followee (followee_id=?'],
  ])('a page of a user’s %s is a keyset read of the follows index, newest first', async (side, index) => {
    const first = await api.get<{ nextCursor: string }>(`/api/users/owen.levain/${side}?limit=2`);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    for (const url of [
      `/api/users/owen.levain/${side}?limit=2`,
      `/api/users/owen.levain/${side}?limit=2&cursor=${first.body.nextCursor}`,
    ]) {
      const lines = expectIndexedAndOrdered(await plansOf(url));
      expect(lines.some((l) => l.startsWith(`SEARCH follows USING COVERING INDEX ${index}`))).toBe(true);
      // The user named, the page, and the page's follow lists.
      expect(statementsOfLastRequest).toBeLessThanOrEqual(3);
    }
  });

  it('search is served by the full-text index', async () => {
    const lines = expectIndexedAndOrdered(await plansOf('/api/questions?q=butter'));
    expect(lines.some((l) => /VIRTUAL TABLE INDEX/.test(l))).toBe(true);
  });

  it('a search of long words is one statement on the full-text index (its prefix indexes cover 2 to 10 letters)', async () => {
    const lines = expectIndexedAndOrdered(await plansOf('/api/questions?q=sourdough%20crust%20rye'));
    expect(lines.some((l) => /SCAN questions_fts VIRTUAL TABLE INDEX/.test(l))).toBe(true);
    expect(statementsOfLastRequest).toBe(1);
  });

  it('a trending search is one statement through the full-text index, with no scan of questions', async () => {
    const lines = expectIndexedAndOrdered(await plansOf('/api/questions?q=butter&sort=trending'), {
      boundedSort: true,
    });
    expect(lines.some((l) => /SCAN questions_fts VIRTUAL TABLE INDEX/.test(l))).toBe(true);
    expect(lines.some((l) => /SEARCH questions USING INTEGER PRIMARY KEY \(rowid=\?\)/.test(l))).toBe(true);
    expect(statementsOfLastRequest).toBe(1);
  });

  it('a question by id is read by primary key', async () => {
    const lines = expectIndexedAndOrdered(await plansOf(`/api/questions/${questionId}`, true));
    expect(lines.some((l) => /SEARCH questions USING INTEGER PRIMARY KEY/.test(l))).toBe(true);
  });

  /** The plan of the last request's lookup by a client's idempotency key. */
  async function planOfClientKeyLookup(): Promise<string[]> {
    const lookup = t.queries.map((q) => q.query).find((q) => /client_key" = \?/.test(q.sql));
    if (!lookup) throw new Error('no lookup by client key');
    const plan = await t.database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${lookup.sql}`, [...lookup.parameters]),
    );
    return plan.rows.map((r) => r.detail);
  }

  it("a comment's idempotency key is looked up in its unique index, not by reading the thread", async () => {
    const answers = await api.get<{ answers: { _id: string }[] }>(`/api/answers/${questionId}`);
    const answerId = answers.body.answers[0]?._id;
    expect(answerId).toBeDefined();
    for (const thread of [questionId, `${questionId}/${answerId}`]) {
      t.queries.length = 0;
      const response = await api.post(
        `/api/comments/add/${thread}`,
        { commentData: { commentText: 'Same here.', _id: `plan-${thread}` } },
        token,
      );
      expect(response.status).toBe(201);
      expect(await planOfClientKeyLookup()).toEqual([
        'SEARCH comments USING INDEX comments_client_key (question_id=? AND <expr>=? AND user_id=? AND client_key=?)',
      ]);
    }
  });

  it("an answer's idempotency key is looked up in its unique index, not by reading the answers", async () => {
    t.queries.length = 0;
    const response = await api.post(
      `/api/answers/add/${questionId}`,
      { answerData: { answerText: 'Same here.', _id: 'plan-answer' } },
      token,
    );
    expect(response.status).toBe(201);
    expect(await planOfClientKeyLookup()).toEqual([
      'SEARCH answers USING INDEX answers_client_key (question_id=? AND user_id=? AND client_key=?)',
    ]);
  });

  it('bookmarks and a second page read by keyset', async () => {
    expectIndexedAndOrdered(await plansOf('/api/bookmarks', true));
    const first = await api.get<{ nextCursor: string }>('/api/questions?limit=3');
    expectIndexedAndOrdered(await plansOf(`/api/questions?limit=3&cursor=${first.body.nextCursor}`));
  });

  it.each([
    ['latest', '', 'questions_by_author_latest'],
    ['oldest', '?sort=oldest', 'questions_by_author_latest'],
    ['trending', '?sort=trending', 'questions_by_author_trending'],
  ])(
    'the %s feed of a baker following hundreds is merged per author too, never an OR of indexes sorted whole',
    async (_name, query, index) => {
      const owen = await users.findUserByUsername(t.database.db, 'owen.levain');
      if (!owen) throw new Error('demo baker missing');
      for (let i = owen.following_count; i < 250; i++) {
        const baker = await users.insertUser(t.database.db, {
          username: `many.follows.${i}`,
          firstName: 'Many',
          lastName: 'Follows',
          bio: '',
          passwordHash: 'not-a-hash',
          now: Date.now(),
        });
        await users.insertFollow(t.database.db, owen.id, baker.id, Date.now());
      }
      const lines = expectIndexedAndOrdered(await plansOf(`/api/feed${query}`, true), { boundedSort: true });
      expect(lines.some((l) => l.startsWith(`SEARCH questions USING COVERING INDEX ${index} (user_id=?)`))).toBe(true);
      expect(lines.join('\n')).not.toMatch(/MULTI-INDEX OR/);
    },
  );
});
