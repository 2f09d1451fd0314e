import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorJson, QuestionPage } from '../../shared/api-types.js';
import { messages } from '../../shared/messages.js';
import { apiClient, createTestApp, secondDatabase, signUp, type TestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from './database.js';

describe('a write whose answer cannot be read once it has committed (PostgreSQL)', () => {
  let t: TestApp;
  let other: DatabaseHandle;
  beforeAll(async () => {
    t = await createTestApp();
    other = secondDatabase(t);
  });
  afterAll(async () => {
    await other.destroy();
    await t.close();
  });

  it('is answered 500 saying it was saved, not 503 asking for it again, and is stored once', async () => {
    const api = apiClient(t.app);
    const baker = await signUp(api);
    const title = 'Rye that committed before the outage';
    // The answer to a new post reads the caller's votes and bookmarks on the first page; the post
    // itself never touches bookmarks. Holding that table makes the answer wait after the commit.
    const answered = await other.db.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      await sql`lock table bookmarks in access exclusive mode`.execute(conn);
      const response = api.post<QuestionPage | ErrorJson>(
        '/api/questions/add',
        { questionData: { questionTitle: title, questionText: 'Stored, then the connection dropped.' } },
        baker.token,
      );
      // The request's connection, waiting for the lock once its insert has committed. (Waiting in
      // the statement's parse, it still shows its previous statement's text.)
      let waiting: number | undefined;
      for (let tries = 0; waiting === undefined && tries < 200; tries += 1) {
        const { rows } = await sql<{ pid: number }>`
          select pid from pg_stat_activity
          where wait_event_type = 'Lock' and pid <> pg_backend_pid() and datname = current_database()`.execute(conn);
        waiting = rows[0]?.pid;
        if (waiting === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(waiting).toBeDefined();
      await sql`select pg_terminate_backend(${waiting})`.execute(conn);
      await sql`rollback`.execute(conn);
      return response;
    });

    expect(answered.status).toBe(500);
    expect(answered.body).toEqual({ errors: [messages.savedButNotShown], code: 'internal' });
    expect(answered.headers['retry-after']).toBeUndefined();
    // The pool drops the cut connection once its close arrives; until then a read may get it.
    let latest = await api.get<QuestionPage>('/api/questions', baker.token);
    for (let tries = 0; latest.status === 503 && tries < 40; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      latest = await api.get<QuestionPage>('/api/questions', baker.token);
    }
    expect(latest.status).toBe(200);
    expect(latest.body.questions.filter((q) => q.questionTitle === title)).toHaveLength(1);
  });
});
