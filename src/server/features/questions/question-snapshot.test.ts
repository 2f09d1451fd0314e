import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionJson } from '../../../shared/api-types.js';
import {
  apiClient,
  createTestApp,
  postAnswer,
  postQuestion,
  signUp,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../../testing/test-app.js';

/**
 * A question page is read as of one moment: the counts it shows agree with the comments and
 * answers it embeds even while others are added. Read on several connections at once,
 * PostgreSQL showed a comment committed between two reads in the list but not in the count.
 */
describe('the question page while answers and comments arrive', () => {
  let t: TestApp;
  let api: ApiClient;
  let author: SignedUpUser;
  let helper: SignedUpUser;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    author = await signUp(api);
    helper = await signUp(api);
  });
  afterAll(() => t.close());

  it('shows counts that match the lists it embeds', async () => {
    const disagreements: string[] = [];
    for (let round = 0; round < 12; round += 1) {
      // A new question each round, so its lists stay within the page embedded and every read is checked.
      const id = await postQuestion(api, author);
      const writes = Array.from({ length: 3 }, (_, i) => [
        postAnswer(api, helper, id, `Answer ${round}.${i}`),
        api.post(`/api/comments/add/${id}`, { commentData: { commentText: `Comment ${round}.${i}` } }, helper.token),
      ]).flat();
      const reads = Array.from({ length: 6 }, () =>
        api.get<{ question: QuestionJson }>(`/api/questions/${id}`, author.token),
      );
      const [pages] = await Promise.all([Promise.all(reads), Promise.all(writes)]);
      for (const { status, body } of pages) {
        expect(status).toBe(200);
        const q = body.question;
        expect([q.commentsNextCursor, q.answersNextCursor]).toEqual([null, null]);
        if (q.comments.length !== q.commentCount) {
          disagreements.push(`round ${round}: ${q.comments.length} comments shown, commentCount ${q.commentCount}`);
        }
        if (q.answers.length !== q.answerCount) {
          disagreements.push(`round ${round}: ${q.answers.length} answers shown, answerCount ${q.answerCount}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
