import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerJson, QuestionJson } from '../../shared/api-types.js';
import {
  apiClient,
  createTestApp,
  signUp,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../testing/test-app.js';

/** Fields a client might send to claim authorship, ids, counts, votes or dates it does not own. */
const FORGED = {
  _id: '777',
  id: '777',
  username: 'someone.else',
  userId: '1',
  user_id: 1,
  votes: { upvotedBy: ['a', 'b'], downvotedBy: [], upvotes: 500, downvotes: 0, myVote: 'upvote' },
  upvotes: 500,
  score: 500,
  answerCount: 99,
  commentCount: 99,
  bookmarked: true,
  createdAt: '2000-01-01T00:00:00.000Z',
  updatedAt: '2000-01-01T00:00:00.000Z',
  questionId: '999',
};

/**
 * Profile edits are covered in users.routes.test.ts ("ignores forbidden and unknown fields") and
 * the guest's profile in the same file; this covers the bodies of posts, answers and comments.
 */
describe('mass assignment on posts', () => {
  let t: TestApp;
  let api: ApiClient;
  let author: SignedUpUser;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    author = await signUp(api);
  });
  afterAll(() => t.close());

  const getQuestion = async (id: string) =>
    (await api.get<{ question: QuestionJson }>(`/api/questions/${id}`)).body.question;

  it('stores only title, text and tags of a new or edited question; the rest comes from the caller and the server', async () => {
    const added = await api.post<{ questions: QuestionJson[] }>(
      '/api/questions/add',
      { questionData: { questionTitle: 'Mine', questionText: 'Really mine', tags: ['Cake'], ...FORGED }, ...FORGED },
      author.token,
    );
    expect(added.status).toBe(201);
    const id = added.body.questions[0]?._id ?? '';
    const stored = await getQuestion(id);
    expect(stored).toMatchObject({
      username: author.username,
      questionTitle: 'Mine',
      tags: ['Cake'],
      bookmarked: false,
      answerCount: 0,
      commentCount: 0,
      votes: { upvotedBy: [], downvotedBy: [], upvotes: 0, downvotes: 0, myVote: null },
    });
    expect(stored.createdAt).not.toBe(FORGED.createdAt);
    expect(stored._id).not.toBe(FORGED._id);

    const edited = await api.post(
      `/api/questions/edit/${id}`,
      { questionData: { questionTitle: 'Still mine', questionText: 'Edited', ...FORGED } },
      author.token,
    );
    expect(edited.status).toBe(201);
    const after = await getQuestion(id);
    expect(after).toMatchObject({ _id: id, username: author.username, questionTitle: 'Still mine', answerCount: 0 });
    expect(after.createdAt).toBe(stored.createdAt);
    expect(after.votes.upvotes).toBe(0);
  });

  it('ignores authorship, ids, counts and votes sent with answers and comments', async () => {
    const other = await signUp(api);
    const questionId = (
      await api.post<{ questions: QuestionJson[] }>(
        '/api/questions/add',
        { questionData: { questionTitle: 'Q', questionText: 'Text' } },
        other.token,
      )
    ).body.questions[0]?._id;
    const answer = await api.post<{ answer: AnswerJson }>(
      `/api/answers/add/${questionId}`,
      { answerData: { answerText: 'An answer', ...FORGED } },
      author.token,
    );
    expect(answer.status).toBe(201);
    expect(answer.body.answer).toMatchObject({
      questionId,
      username: author.username,
      commentCount: 0,
      votes: { upvotes: 0, upvotedBy: [] },
    });
    const comment = await api.post<{ comment: { username: string; questionId: string; answerId: string | null } }>(
      `/api/comments/add/${questionId}/${answer.body.answer._id}`,
      { commentData: { commentText: 'A comment', ...FORGED, _id: 'client-key', answerId: '999' } },
      author.token,
    );
    expect(comment.status).toBe(201);
    expect(comment.body.comment).toMatchObject({
      username: author.username,
      questionId,
      answerId: answer.body.answer._id,
    });
    const question = await getQuestion(questionId ?? '');
    expect(question).toMatchObject({ username: other.username, answerCount: 1, commentCount: 0 });
  });
});
