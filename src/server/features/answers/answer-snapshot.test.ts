import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerJson } from '../../../shared/api-types.js';
import {
  apiClient,
  createTestApp,
  postAnswer,
  postQuestion,
  signUp,
  type ApiClient,
  type TestApp,
} from '../../testing/test-app.js';

/**
 * A page of answers is read as of one moment: each answer's comment count agrees with the
 * comments it embeds even while others are added. Read on two connections at once, PostgreSQL
 * showed a comment committed between the reads in the list but not in the count.
 */
describe('a page of answers while comments arrive on them', () => {
  let t: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  it('shows each answer with a comment count that matches the comments it embeds', async () => {
    const author = await signUp(api);
    const helper = await signUp(api);
    const disagreements: string[] = [];
    for (let round = 0; round < 8; round += 1) {
      // A new question each round, so that every answer's comments stay within those embedded.
      const id = await postQuestion(api, author);
      const answerIds = [await postAnswer(api, helper, id), await postAnswer(api, helper, id)];
      const writes = answerIds.flatMap((answerId) =>
        Array.from({ length: 3 }, (_, i) =>
          api.post(
            `/api/comments/add/${id}/${answerId}`,
            { commentData: { commentText: `Comment ${round}.${i}` } },
            author.token,
          ),
        ),
      );
      const reads = Array.from({ length: 6 }, () =>
        api.get<{ answers: AnswerJson[] }>(`/api/answers/${id}`, helper.token),
      );
      const [pages] = await Promise.all([Promise.all(reads), Promise.all(writes)]);
      for (const { status, body } of pages) {
        expect(status).toBe(200);
        for (const answer of body.answers) {
          if (answer.comments.length !== answer.commentCount) {
            disagreements.push(
              `round ${round}: ${answer.comments.length} comments shown, commentCount ${answer.commentCount}`,
            );
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
