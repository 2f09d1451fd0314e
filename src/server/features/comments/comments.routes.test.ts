import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerJson, AnswerPage, CommentJson, CommentPage, ErrorJson } from '../../../shared/api-types.js';
import { messages } from '../../../shared/messages.js';
import { questionOf, walkPages } from '../../testing/api-assertions.js';
import {
  apiClient,
  createTestApp,
  postAnswer,
  postQuestion,
  signUp,
  steppingClock,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../../testing/test-app.js';

type AddCommentResponse = CommentPage & { comment: CommentJson };

describe('comments routes', () => {
  let t: TestApp;
  let api: ApiClient;
  let asker: SignedUpUser;
  let answerer: SignedUpUser;
  let commenter: SignedUpUser;
  let stranger: SignedUpUser;

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    asker = await signUp(api, { firstName: 'Ada', lastName: 'Asker' });
    answerer = await signUp(api, { firstName: 'Ben', lastName: 'Answerer' });
    commenter = await signUp(api, { firstName: 'Cleo', lastName: 'Commenter' });
    stranger = await signUp(api, { firstName: 'Dan', lastName: 'Stranger' });
  });
  afterAll(() => t.close());

  /** `answerId` undefined: the question's own comments. */
  const base = (questionId: string, answerId?: string) => (answerId ? `${questionId}/${answerId}` : questionId);

  const addComment = (
    user: SignedUpUser,
    questionId: string,
    answerId: string | undefined,
    commentData: Record<string, unknown>,
  ) => api.post<AddCommentResponse>(`/api/comments/add/${base(questionId, answerId)}`, { commentData }, user.token);

  async function commentIdOf(user: SignedUpUser, questionId: string, answerId: string | undefined, text: string) {
    const response = await addComment(user, questionId, answerId, { commentText: text });
    expect(response.status).toBe(201);
    return response.body.comment._id;
  }

  const listComments = (questionId: string, answerId?: string, query = '') =>
    api.get<CommentPage>(`/api/comments/${base(questionId, answerId)}${query}`);

  const editComment = (user: SignedUpUser | undefined, path: string, commentText: unknown) =>
    api.call<CommentPage & ErrorJson>('POST', `/api/comments/edit/${path}`, {
      body: { commentData: { commentText } },
      token: user?.token,
    });

  const deleteComment = (user: SignedUpUser | undefined, path: string) =>
    api.del<CommentPage & ErrorJson>(`/api/comments/delete/${path}`, user?.token);

  async function answerOf(questionId: string, answerId: string): Promise<AnswerJson> {
    const response = await api.get<AnswerPage>(`/api/answers/${questionId}?limit=100`);
    expect(response.status).toBe(200);
    const answer = response.body.answers.find((a) => a._id === answerId);
    expect(answer).toBeDefined();
    return answer!;
  }

  describe('on a question', () => {
    it('lists no comments on a new question', async () => {
      const questionId = await postQuestion(api, asker);
      const response = await listComments(questionId);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ comments: [], nextCursor: null });
    });

    it("adds a comment with the caller's names, ignoring names sent in the body, at the front", async () => {
      const questionId = await postQuestion(api, asker);
      const olderId = await commentIdOf(stranger, questionId, undefined, 'First!');

      const response = await addComment(commenter, questionId, undefined, {
        commentText: 'Lovely crumb on that loaf.',
        username: stranger.username,
        firstName: 'Mallory',
        lastName: 'Impostor',
      });
      expect(response.status).toBe(201);
      const { comment, comments, nextCursor } = response.body;
      expect(comment).toMatchObject({
        questionId,
        answerId: null,
        username: commenter.username,
        firstName: 'Cleo',
        lastName: 'Commenter',
        commentText: 'Lovely crumb on that loaf.',
      });
      expect(comment._id).toMatch(/^\d+$/);
      expect(comment.createdAt).toBe(comment.updatedAt);
      expect(nextCursor).toBeNull();
      expect(comments.map((c) => c._id)).toEqual([comment._id, olderId]);
      expect(comments[0]).toEqual(comment);

      const question = await questionOf(api, questionId);
      expect(question.commentCount).toBe(2);
      expect(question.comments.map((c) => c._id)).toEqual([comment._id, olderId]);
      expect(question.comments[0]).toMatchObject({ username: commenter.username, firstName: 'Cleo' });
    });

    it('lists comments newest first and pages through them', async () => {
      const questionId = await postQuestion(api, asker);
      const ids: string[] = [];
      for (const n of [1, 2, 3, 4, 5]) ids.push(await commentIdOf(commenter, questionId, undefined, `comment ${n}`));
      const all = await listComments(questionId);
      expect(all.body.comments.map((c) => c.commentText)).toEqual([5, 4, 3, 2, 1].map((n) => `comment ${n}`));
      expect(all.body.nextCursor).toBeNull();

      const pages = await walkPages(api, `/api/comments/${questionId}`, 'comments', 2);
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
      expect(pages.flat().map((c) => c._id)).toEqual([...ids].reverse());
    });

    it('rejects a missing or blank commentText with 400 Required and stores nothing', async () => {
      const questionId = await postQuestion(api, asker);
      for (const body of [
        { commentData: { commentText: '' } },
        { commentData: { commentText: '    ' } },
        { commentData: { commentText: '\u200B\u200C\u2800' } },
        { commentData: { _id: 'abc' } },
        { commentData: {} },
        {},
      ]) {
        const response = await api.post<ErrorJson>(`/api/comments/add/${questionId}`, body, commenter.token);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.errors[0], JSON.stringify(body)).toBe(messages.required);
      }
      expect((await listComments(questionId)).body.comments).toEqual([]);
      expect((await questionOf(api, questionId)).commentCount).toBe(0);
    });

    it('stores a comment sent twice with the same client _id once', async () => {
      const questionId = await postQuestion(api, asker);
      const first = await addComment(commenter, questionId, undefined, { _id: 'client-key-1', commentText: 'Once' });
      expect(first.status).toBe(201);
      const second = await addComment(commenter, questionId, undefined, { _id: 'client-key-1', commentText: 'Once' });
      expect(second.status).toBe(201);
      expect(second.body.comment._id).toBe(first.body.comment._id);
      // The client's key is not the comment's id: ids are generated by the server.
      expect(first.body.comment._id).not.toBe('client-key-1');
      expect(second.body.comments.map((c) => c._id)).toEqual([first.body.comment._id]);
      expect((await listComments(questionId)).body.comments).toHaveLength(1);
      expect((await questionOf(api, questionId)).commentCount).toBe(1);

      // Another key, or the same key from another user, is another comment.
      const other = await addComment(commenter, questionId, undefined, { _id: 'client-key-2', commentText: 'Twice' });
      const theirs = await addComment(stranger, questionId, undefined, { _id: 'client-key-1', commentText: 'Mine' });
      expect(other.status).toBe(201);
      expect(theirs.status).toBe(201);
      expect(new Set([first.body.comment._id, other.body.comment._id, theirs.body.comment._id]).size).toBe(3);
      expect((await questionOf(api, questionId)).commentCount).toBe(3);
    });

    it('stores the same client _id once even when sent many times at once', async () => {
      const questionId = await postQuestion(api, asker);
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          addComment(commenter, questionId, undefined, { _id: 'burst-key', commentText: 'Burst' }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(new Set(responses.map((r) => r.body.comment._id)).size).toBe(1);
      expect((await listComments(questionId)).body.comments).toHaveLength(1);
      expect((await questionOf(api, questionId)).commentCount).toBe(1);
    });

    it('counts comments up and down on the question', async () => {
      const questionId = await postQuestion(api, asker);
      const a = await commentIdOf(commenter, questionId, undefined, 'a');
      await commentIdOf(stranger, questionId, undefined, 'b');
      await commentIdOf(asker, questionId, undefined, 'c');
      expect((await questionOf(api, questionId)).commentCount).toBe(3);
      expect((await deleteComment(commenter, `${questionId}/${a}`)).status).toBe(201);
      expect((await questionOf(api, questionId)).commentCount).toBe(2);
      const listed = await api.get<{ questions: { _id: string; commentCount: number }[] }>(
        `/api/user/questions/${asker.username}`,
      );
      expect(listed.body.questions.find((q) => q._id === questionId)?.commentCount).toBe(2);
    });

    it('lets the author edit a comment, and no one else', async () => {
      const questionId = await postQuestion(api, asker);
      const commentId = await commentIdOf(commenter, questionId, undefined, 'Tpyo');

      for (const user of [stranger, asker]) {
        const refused = await editComment(user, `${questionId}/${commentId}`, 'Hijacked');
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual([messages.cannotEditComment]);
      }
      const blank = await editComment(commenter, `${questionId}/${commentId}`, ' ');
      expect(blank.status).toBe(400);
      expect(blank.body.errors[0]).toBe(messages.required);
      expect((await listComments(questionId)).body.comments[0]?.commentText).toBe('Tpyo');

      const response = await editComment(commenter, `${questionId}/${commentId}`, 'Typo');
      expect(response.status).toBe(201);
      const edited = response.body.comments.find((c) => c._id === commentId);
      expect(edited).toMatchObject({ commentText: 'Typo', username: commenter.username, firstName: 'Cleo' });
      expect(Date.parse(edited!.updatedAt)).toBeGreaterThan(Date.parse(edited!.createdAt));
      expect((await listComments(questionId)).body.comments).toEqual([edited]);
      expect((await questionOf(api, questionId)).commentCount).toBe(1);
    });

    it("lets the comment's author and the question's author delete it, not a third user", async () => {
      const questionId = await postQuestion(api, asker);
      const byAuthor = await commentIdOf(commenter, questionId, undefined, 'I will delete this');
      const byAsker = await commentIdOf(commenter, questionId, undefined, 'The asker will delete this');
      const kept = await commentIdOf(commenter, questionId, undefined, 'Nobody else may delete this');
      expect((await questionOf(api, questionId)).commentCount).toBe(3);

      const refused = await deleteComment(stranger, `${questionId}/${kept}`);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([messages.cannotDeleteComment]);
      expect((await questionOf(api, questionId)).commentCount).toBe(3);

      const own = await deleteComment(commenter, `${questionId}/${byAuthor}`);
      expect(own.status).toBe(201);
      expect(own.body.comments.map((c) => c._id)).toEqual([kept, byAsker]);
      const asAsker = await deleteComment(asker, `${questionId}/${byAsker}`);
      expect(asAsker.status).toBe(201);
      expect(asAsker.body.comments.map((c) => c._id)).toEqual([kept]);
      expect((await questionOf(api, questionId)).commentCount).toBe(1);

      const again = await deleteComment(commenter, `${questionId}/${byAuthor}`);
      expect(again.status).toBe(404);
      expect(again.body.errors).toEqual([messages.commentNotFound]);
      expect((await questionOf(api, questionId)).commentCount).toBe(1);
    });

    it('answers 404 for unknown questions and comments', async () => {
      const questionId = await postQuestion(api, asker);
      const otherQuestionId = await postQuestion(api, asker);
      const commentId = await commentIdOf(commenter, questionId, undefined, 'Here');

      const list = await listComments('999999');
      expect(list.status).toBe(404);
      expect(list.body).toMatchObject({ errors: [messages.questionNotFound] });
      const add = await addComment(commenter, '999999', undefined, { commentText: 'Hello?' });
      expect(add.status).toBe(404);
      expect(add.body).toMatchObject({ errors: [messages.questionNotFound] });
      const edit = await editComment(commenter, `999999/${commentId}`, 'x');
      expect(edit.status).toBe(404);
      expect(edit.body.errors).toEqual([messages.questionNotFound]);
      const del = await deleteComment(commenter, `999999/${commentId}`);
      expect(del.status).toBe(404);
      expect(del.body.errors).toEqual([messages.questionNotFound]);

      for (const path of [`${questionId}/999999`, `${questionId}/nope`, `${otherQuestionId}/${commentId}`]) {
        const edited = await editComment(commenter, path, 'x');
        expect(edited.status, path).toBe(404);
        expect(edited.body.errors, path).toEqual([messages.commentNotFound]);
      }
      // A comment of another question cannot be reached through this one: it stays.
      const moved = await deleteComment(asker, `${otherQuestionId}/${commentId}`);
      expect(moved.status).toBe(404);
      expect(moved.body.errors).toEqual([messages.commentNotFound]);
      expect((await listComments(questionId)).body.comments.map((c) => c.commentText)).toEqual(['Here']);
    });

    it('answers 401 without a valid token and changes nothing', async () => {
      const questionId = await postQuestion(api, asker);
      const commentId = await commentIdOf(commenter, questionId, undefined, 'Stay');
      const add = await api.post<ErrorJson>(`/api/comments/add/${questionId}`, { commentData: { commentText: 'x' } });
      expect(add.status).toBe(401);
      expect(add.body.errors).toEqual([messages.invalidToken]);
      const forged = await api.post<ErrorJson>(
        `/api/comments/add/${questionId}`,
        { commentData: { commentText: 'x' } },
        'eyJhbGciOiJIUzI1NiJ9.e30.invalid',
      );
      expect(forged.status).toBe(401);
      const edit = await editComment(undefined, `${questionId}/${commentId}`, 'x');
      expect(edit.status).toBe(401);
      expect(edit.body.errors).toEqual([messages.invalidToken]);
      const del = await deleteComment(undefined, `${questionId}/${commentId}`);
      expect(del.status).toBe(401);
      expect(del.body.errors).toEqual([messages.invalidToken]);
      expect((await listComments(questionId)).body.comments.map((c) => c.commentText)).toEqual(['Stay']);
      expect((await questionOf(api, questionId)).commentCount).toBe(1);
    });
  });

  describe('on an answer', () => {
    it('adds comments at the end, oldest first, counted on the answer only', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);
      const empty = await listComments(questionId, answerId);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ comments: [], nextCursor: null });

      const firstId = await commentIdOf(stranger, questionId, answerId, 'Does this work for rye?');
      const response = await addComment(commenter, questionId, answerId, {
        commentText: 'Worked for me!',
        username: 'someone-else',
        firstName: 'Fake',
        lastName: 'Name',
      });
      expect(response.status).toBe(201);
      const { comment, comments, nextCursor } = response.body;
      expect(comment).toMatchObject({
        questionId,
        answerId,
        username: commenter.username,
        firstName: 'Cleo',
        lastName: 'Commenter',
        commentText: 'Worked for me!',
      });
      expect(nextCursor).toBeNull();
      expect(comments.map((c) => c._id)).toEqual([firstId, comment._id]);
      expect(comments[1]).toEqual(comment);

      const listed = await listComments(questionId, answerId);
      expect(listed.body.comments.map((c) => c._id)).toEqual([firstId, comment._id]);
      const answer = await answerOf(questionId, answerId);
      expect(answer.commentCount).toBe(2);
      expect(answer.comments.map((c) => c._id)).toEqual([firstId, comment._id]);

      // The question's own comments are separate from its answers' comments.
      const question = await questionOf(api, questionId);
      expect(question.commentCount).toBe(0);
      expect(question.comments).toEqual([]);
      expect((await listComments(questionId)).body.comments).toEqual([]);
    });

    it('pages through an answer’s comments oldest first', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);
      const ids: string[] = [];
      for (const n of [1, 2, 3, 4, 5]) ids.push(await commentIdOf(commenter, questionId, answerId, `note ${n}`));
      const pages = await walkPages(api, `/api/comments/${questionId}/${answerId}`, 'comments', 2);
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
      expect(pages.flat().map((c) => c._id)).toEqual(ids);
      expect(pages.flat().map((c) => c.commentText)).toEqual([1, 2, 3, 4, 5].map((n) => `note ${n}`));
    });

    it("refuses a question-comments cursor on an answer's comments, and a garbled one", async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);
      for (const n of [1, 2, 3]) await commentIdOf(commenter, questionId, undefined, `q${n}`);
      for (const n of [1, 2, 3]) await commentIdOf(commenter, questionId, answerId, `a${n}`);
      const first = await listComments(questionId, undefined, '?limit=1');
      const cursor = first.body.nextCursor;
      expect(typeof cursor).toBe('string');
      for (const query of [`?cursor=${encodeURIComponent(cursor!)}`, '?cursor=%%%garbage']) {
        const response = await api.get<ErrorJson>(`/api/comments/${questionId}/${answerId}${query}`);
        expect(response.status, query).toBe(400);
        expect(response.body.errors, query).toEqual([messages.invalidCursor]);
      }
    });

    it('rejects a missing commentText with 400 Required', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);
      const response = await api.post<ErrorJson>(
        `/api/comments/add/${questionId}/${answerId}`,
        { commentData: { firstName: 'x' } },
        commenter.token,
      );
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toBe(messages.required);
      expect((await answerOf(questionId, answerId)).commentCount).toBe(0);
    });

    it('stores an answer comment sent twice with the same client _id once', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);
      const first = await addComment(commenter, questionId, answerId, { _id: 'answer-key', commentText: 'Hi' });
      const second = await addComment(commenter, questionId, answerId, { _id: 'answer-key', commentText: 'Hi' });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body.comment._id).toBe(first.body.comment._id);
      expect(second.body.comments.map((c) => c._id)).toEqual([first.body.comment._id]);
      expect((await answerOf(questionId, answerId)).commentCount).toBe(1);
    });

    it('stores a new comment on an answer under a client _id already used on its question', async () => {
      // The same key in another thread is a different comment (docs/api.md): a 201 that handed
      // back the question's comment would store nothing on the answer.
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);
      const onQuestion = await addComment(commenter, questionId, undefined, { _id: 'reused-key', commentText: 'Q' });
      expect(onQuestion.status).toBe(201);

      const onAnswer = await addComment(commenter, questionId, answerId, { _id: 'reused-key', commentText: 'A' });
      expect(onAnswer.status).toBe(201);
      expect(onAnswer.body.comment).toMatchObject({ answerId, commentText: 'A' });
      expect(onAnswer.body.comment._id).not.toBe(onQuestion.body.comment._id);
      expect(onAnswer.body.comments.map((c) => c._id)).toEqual([onAnswer.body.comment._id]);
      expect((await answerOf(questionId, answerId)).commentCount).toBe(1);
      expect((await questionOf(api, questionId)).commentCount).toBe(1);
    });

    it('ignores an _id sent with an edit, as api.md says, whatever it holds', async () => {
      const questionId = await postQuestion(api, asker);
      const commentId = await commentIdOf(commenter, questionId, undefined, 'Crumbb');
      for (const [index, _id] of ['', 42, 'x'.repeat(500)].entries()) {
        const response = await api.post<CommentPage>(
          `/api/comments/edit/${questionId}/${commentId}`,
          { commentData: { commentText: `Crumb ${index}`, _id } },
          commenter.token,
        );
        expect(response.status).toBe(201);
        expect(response.body.comments).toMatchObject([{ _id: commentId, commentText: `Crumb ${index}` }]);
      }
    });

    it('lets only the author edit an answer comment', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);
      const commentId = await commentIdOf(commenter, questionId, answerId, 'Befor');
      for (const user of [stranger, asker, answerer]) {
        const refused = await editComment(user, `${questionId}/${answerId}/${commentId}`, 'Hijacked');
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual([messages.cannotEditComment]);
      }
      const response = await editComment(commenter, `${questionId}/${answerId}/${commentId}`, 'Before');
      expect(response.status).toBe(201);
      expect(response.body.comments).toMatchObject([{ _id: commentId, commentText: 'Before', answerId }]);
      expect((await listComments(questionId, answerId)).body.comments[0]?.commentText).toBe('Before');
      expect((await answerOf(questionId, answerId)).commentCount).toBe(1);
    });

    it("lets the comment's, the question's and the answer's authors delete it, not a third user", async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);
      const c1 = await commentIdOf(commenter, questionId, answerId, 'one');
      const c2 = await commentIdOf(commenter, questionId, answerId, 'two');
      const c3 = await commentIdOf(commenter, questionId, answerId, 'three');
      const c4 = await commentIdOf(commenter, questionId, answerId, 'four');
      expect((await answerOf(questionId, answerId)).commentCount).toBe(4);

      const refused = await deleteComment(stranger, `${questionId}/${answerId}/${c4}`);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([messages.cannotDeleteComment]);
      expect((await answerOf(questionId, answerId)).commentCount).toBe(4);

      const byCommenter = await deleteComment(commenter, `${questionId}/${answerId}/${c1}`);
      expect(byCommenter.status).toBe(201);
      expect(byCommenter.body.comments.map((c) => c._id)).toEqual([c2, c3, c4]);
      expect((await answerOf(questionId, answerId)).commentCount).toBe(3);

      const byAsker = await deleteComment(asker, `${questionId}/${answerId}/${c2}`);
      expect(byAsker.status).toBe(201);
      expect(byAsker.body.comments.map((c) => c._id)).toEqual([c3, c4]);

      const byAnswerer = await deleteComment(answerer, `${questionId}/${answerId}/${c3}`);
      expect(byAnswerer.status).toBe(201);
      expect(byAnswerer.body.comments.map((c) => c._id)).toEqual([c4]);
      expect((await answerOf(questionId, answerId)).commentCount).toBe(1);
      expect((await listComments(questionId, answerId)).body.comments.map((c) => c._id)).toEqual([c4]);
    });

    it("does not let an answer's author delete comments on the question itself", async () => {
      const questionId = await postQuestion(api, asker);
      await postAnswer(api, answerer, questionId);
      const commentId = await commentIdOf(commenter, questionId, undefined, 'On the question');
      const refused = await deleteComment(answerer, `${questionId}/${commentId}`);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([messages.cannotDeleteComment]);
      expect((await questionOf(api, questionId)).commentCount).toBe(1);
    });

    it('answers 404 for unknown answers, answers of other questions and comments on another target', async () => {
      const questionId = await postQuestion(api, asker);
      const otherQuestionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);
      const otherAnswerId = await postAnswer(api, stranger, questionId);
      const onQuestion = await commentIdOf(commenter, questionId, undefined, 'question-level');
      const onAnswer = await commentIdOf(commenter, questionId, answerId, 'answer-level');

      for (const path of [`${questionId}/999999`, `${otherQuestionId}/${answerId}`]) {
        const list = await api.get<ErrorJson>(`/api/comments/${path}`);
        expect(list.status, path).toBe(404);
        expect(list.body.errors, path).toEqual([messages.answerNotFound]);
        const add = await api.post<ErrorJson>(
          `/api/comments/add/${path}`,
          { commentData: { commentText: 'x' } },
          commenter.token,
        );
        expect(add.status, path).toBe(404);
        expect(add.body.errors, path).toEqual([messages.answerNotFound]);
        const edit = await editComment(commenter, `${path}/${onAnswer}`, 'x');
        expect(edit.status, path).toBe(404);
        expect(edit.body.errors, path).toEqual([messages.answerNotFound]);
        const del = await deleteComment(commenter, `${path}/${onAnswer}`);
        expect(del.status, path).toBe(404);
        expect(del.body.errors, path).toEqual([messages.answerNotFound]);
      }

      // A question-level comment, an unknown comment, or a comment of another answer, on this answer's path.
      for (const commentId of [onQuestion, '999999']) {
        const edit = await editComment(commenter, `${questionId}/${answerId}/${commentId}`, 'x');
        expect(edit.status, commentId).toBe(404);
        expect(edit.body.errors, commentId).toEqual([messages.commentNotFound]);
        const del = await deleteComment(commenter, `${questionId}/${answerId}/${commentId}`);
        expect(del.status, commentId).toBe(404);
        expect(del.body.errors, commentId).toEqual([messages.commentNotFound]);
      }
      const wrongAnswer = await deleteComment(commenter, `${questionId}/${otherAnswerId}/${onAnswer}`);
      expect(wrongAnswer.status).toBe(404);
      expect(wrongAnswer.body.errors).toEqual([messages.commentNotFound]);
      // And an answer comment on the question's own path.
      const onQuestionPath = await deleteComment(commenter, `${questionId}/${onAnswer}`);
      expect(onQuestionPath.status).toBe(404);
      expect(onQuestionPath.body.errors).toEqual([messages.commentNotFound]);

      expect((await questionOf(api, questionId)).commentCount).toBe(1);
      expect((await answerOf(questionId, answerId)).commentCount).toBe(1);
      expect((await answerOf(questionId, otherAnswerId)).commentCount).toBe(0);
      expect((await listComments(questionId)).body.comments.map((c) => c.commentText)).toEqual(['question-level']);
      expect((await listComments(questionId, answerId)).body.comments.map((c) => c.commentText)).toEqual([
        'answer-level',
      ]);
    });

    it('answers 401 without a token', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);
      const commentId = await commentIdOf(commenter, questionId, answerId, 'Stay');
      const add = await api.post<ErrorJson>(`/api/comments/add/${questionId}/${answerId}`, {
        commentData: { commentText: 'x' },
      });
      expect(add.status).toBe(401);
      expect(add.body.errors).toEqual([messages.invalidToken]);
      const edit = await editComment(undefined, `${questionId}/${answerId}/${commentId}`, 'x');
      expect(edit.status).toBe(401);
      const del = await deleteComment(undefined, `${questionId}/${answerId}/${commentId}`);
      expect(del.status).toBe(401);
      expect(del.body.errors).toEqual([messages.invalidToken]);
      expect((await answerOf(questionId, answerId)).commentCount).toBe(1);
    });
  });
});
