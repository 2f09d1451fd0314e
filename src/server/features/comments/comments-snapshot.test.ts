import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentPage } from '../../../shared/api-types.js';
import {
  apiClient,
  createTestApp,
  postQuestion,
  signUp,
  testDialect,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../../testing/test-app.js';

/**
 * `GET /comments/{questionId}` reads the thread and checks that its question exists. Checked
 * first, on PostgreSQL, a question deleted between the two reads was answered 200 with an empty
 * list: neither what was there before the delete (its comment) nor after it (404). The question
 * is now looked for after its comments are read.
 */
describe(`a question's comments read while it is deleted (${testDialect})`, () => {
  let t: TestApp;
  let api: ApiClient;
  let author: SignedUpUser;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    author = await signUp(api);
  });
  afterAll(async () => t.close());

  it('answers either the comment or 404, never an empty list', async () => {
    const answers = new Map<string, number>();
    for (let round = 0; round < 20; round += 1) {
      const question = await postQuestion(api, author);
      const added = await api.post(
        `/api/comments/add/${question}`,
        { commentData: { commentText: 'Use less water.' } },
        author.token,
      );
      expect(added.status).toBe(201);
      await Promise.all([
        api.del(`/api/questions/delete/${question}`, author.token),
        ...Array.from({ length: 30 }, async () => {
          const response = await api.get<CommentPage>(`/api/comments/${question}`);
          const key =
            response.status === 200 ? `200 with ${response.body.comments.length} comment(s)` : `${response.status}`;
          answers.set(key, (answers.get(key) ?? 0) + 1);
        }),
      ]);
    }
    // e.g. { '200 with 1 comment(s)': 37, '404': 560, '200 with 0 comment(s)': 3 }
    expect(answers.get('200 with 0 comment(s)'), JSON.stringify(Object.fromEntries(answers))).toBeUndefined();
  });
});
