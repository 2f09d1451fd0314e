import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionPage } from '../../../shared/api-types.js';
import {
  apiClient,
  createTestApp,
  postQuestion,
  signUp,
  testDialect,
  type ApiClient,
  type ApiResponse,
  type SignedUpUser,
  type TestApp,
} from '../../testing/test-app.js';

/**
 * A list filtered by several tags (Explore's Breads and Decoration chips) is sized from the tags'
 * index runs and filled from the posts' rows. Read apart (on PostgreSQL, on several pooled
 * connections), a post deleted in between left a page short, and a short page ends the list:
 * every older post was skipped. A page that comes up short that way is now read again as of one
 * moment (`readTogether`).
 */
describe(`a multi-tag list while posts are deleted (${testDialect})`, () => {
  let t: TestApp;
  let api: ApiClient;
  let author: SignedUpUser;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    author = await signUp(api);
    for (let i = 0; i < 30; i += 1)
      ids.push(await postQuestion(api, author, { tags: [i % 2 ? 'Breads' : 'Wheat Bread'] }));
  });
  afterAll(async () => t.close());

  async function walk(): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const response: ApiResponse<QuestionPage> = await api.get<QuestionPage>(
        `/api/questions?tag=Breads&tag=Wheat%20Bread&limit=5${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.status).toBe(200);
      seen.push(...response.body.questions.map((q) => q._id));
      cursor = response.body.nextCursor;
      if (!cursor) break;
    }
    return seen;
  }

  it('still reaches every post that was never deleted', async () => {
    // The ten newest posts are deleted one after another while 20 readers each walk the list
    // four times; the twenty older posts stay, so every walk must reach all of them.
    const deleted = ids.slice(20).reverse();
    const kept = ids.slice(0, 20);
    const deleter = (async () => {
      for (const id of deleted) {
        expect((await api.del(`/api/questions/delete/${id}`, author.token)).status).toBe(201);
      }
    })();
    const readers = Array.from({ length: 20 }, async () => {
      const skipped: number[] = [];
      for (let walkNumber = 0; walkNumber < 4; walkNumber += 1) {
        const seen = await walk();
        const missing = kept.filter((id) => !seen.includes(id)).length;
        if (missing > 0) skipped.push(missing);
      }
      return skipped;
    });
    await deleter;
    // Each entry: how many never-deleted posts one walk skipped.
    expect((await Promise.all(readers)).flat()).toEqual([]);
  });
});
