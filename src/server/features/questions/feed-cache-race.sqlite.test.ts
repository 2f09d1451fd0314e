import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { LogEvent } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../db/database.js';
import { apiClient, createTestApp, postQuestion, signUp, type TestApp } from '../../testing/test-app.js';

/**
 * Two feed requests in flight at once (same baker, two URLs), as two pipelined requests on one
 * connection are. Another process commits a change to a followed baker's post just after the
 * first request's last read. The first request to check data_version when its page is to be
 * kept drops everything; the other, computed before the commit too, must not be kept either.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ feedCache: true });
});
afterAll(() => t.close());

it('keeps no page read before a commit by another process', async () => {
  const api = apiClient(t.app);
  const ana = await signUp(api, { username: 'ana' });
  const ben = await signUp(api, { username: 'ben' });
  expect((await api.post(`/api/users/follow/${ben.id}`, {}, ana.token)).status).toBe(200);
  await postQuestion(api, ben, { questionTitle: 'Before the other process wrote' });
  const other = new DatabaseSync(join(t.config.dataDir, SQLITE_FILE_NAME), { timeout: 1000 });
  try {
    const urls = ['/api/feed?limit=5', '/api/feed?limit=6'];
    let armed = true;
    const push = t.queries.push.bind(t.queries);
    t.queries.push = (...events: LogEvent[]) => {
      // The first caller-state read (the last read of a feed page): another process commits now.
      if (armed && events.some((e) => /from "bookmarks"/.test(e.query.sql))) {
        armed = false;
        other
          .prepare('update questions set title = ? where user_id = ?')
          .run('Changed by another process', Number(ben.id));
      }
      return push(...events);
    };
    const first = await Promise.all(
      urls.map((url) => api.get<{ questions: { questionTitle: string }[] }>(url, ana.token)),
    );
    t.queries.push = push;
    const titles = first.map((r) => r.body.questions[0]?.questionTitle);
    // Now, well after the commit: every feed must show it.
    for (const url of urls) {
      const now = await api.get<{ questions: { questionTitle: string }[] }>(url, ana.token);
      expect({ url, titles, now: now.body.questions[0]?.questionTitle }).toEqual({
        url,
        titles,
        now: 'Changed by another process',
      });
    }
  } finally {
    other.close();
  }
});
