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

  // Its comments read after the transaction that found it, PostgreSQL showed a comment added in
  // between in the list but not in the count.
  it('answers a repeated send with the stored answer as of one moment while comments arrive on it', async () => {
    const author = await signUp(api);
    const helper = await signUp(api);
    const disagreements: string[] = [];
    for (let round = 0; round < 8; round += 1) {
      const id = await postQuestion(api, author);
      const send = () =>
        api.post<{ answer: AnswerJson }>(
          `/api/answers/add/${id}`,
          { answerData: { answerText: 'Steam for the first twenty minutes.', _id: `retry-${round}` } },
          helper.token,
        );
      const first = await send();
      expect(first.status).toBe(201);
      const answerId = first.body.answer._id;
      const comments = Array.from({ length: 3 }, (_, i) =>
        api.post(
          `/api/comments/add/${id}/${answerId}`,
          { commentData: { commentText: `Comment ${round}.${i}` } },
          author.token,
        ),
      );
      const repeats = Array.from({ length: 6 }, send);
      const [responses] = await Promise.all([Promise.all(repeats), Promise.all(comments)]);
      for (const { status, body } of responses) {
        expect(status).toBe(201);
        expect(body.answer._id).toBe(answerId);
        if (body.answer.comments.length !== body.answer.commentCount) {
          disagreements.push(
            `round ${round}: ${body.answer.comments.length} comments shown, commentCount ${body.answer.commentCount}`,
          );
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
