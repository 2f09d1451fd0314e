import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerJson, AnswerPage, ErrorJson } from '../../../shared/api-types.js';
import {
  ANSWER_PAGE_TEXT_BUDGET,
  ANSWER_TEXT_MAX,
  COMMENT_TEXT_MAX,
  EMBEDDED_ANSWER_COMMENTS,
  PAGE_SIZE_DEFAULT,
} from '../../../shared/constants.js';
import { messages } from '../../../shared/messages.js';
import { NO_VOTES, questionOf, walkPages } from '../../testing/api-assertions.js';
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

type AddAnswerResponse = AnswerPage & { answer: AnswerJson };

describe('answers routes', () => {
  let t: TestApp;
  let api: ApiClient;
  let asker: SignedUpUser;
  let answerer: SignedUpUser;
  let stranger: SignedUpUser;

  beforeAll(async () => {
    // A clock that always moves forward, so creation order and edits are visible in the timestamps.
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    asker = await signUp(api, { firstName: 'Ada', lastName: 'Asker' });
    answerer = await signUp(api, { firstName: 'Ben', lastName: 'Answerer' });
    stranger = await signUp(api, { firstName: 'Cy', lastName: 'Stranger' });
  });
  afterAll(() => t.close());

  const addAnswer = (questionId: string, user: SignedUpUser, answerText: string) =>
    api.post<AddAnswerResponse>(`/api/answers/add/${questionId}`, { answerData: { answerText } }, user.token);

  const listAnswers = (questionId: string, query = '', token?: string) =>
    api.get<AnswerPage>(`/api/answers/${questionId}${query}`, token);

  describe('GET /api/answers/:questionId', () => {
    it('answers an empty page for a question without answers, also when signed out', async () => {
      const questionId = await postQuestion(api, asker);
      const response = await listAnswers(questionId);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ answers: [], nextCursor: null });
    });

    it('lists answers oldest first and pages through them with limit and cursor', async () => {
      const questionId = await postQuestion(api, asker);
      const texts = ['first', 'second', 'third', 'fourth', 'fifth'].map((w) => `The ${w} answer`);
      const ids: string[] = [];
      for (const [i, text] of texts.entries())
        ids.push(await postAnswer(api, i % 2 ? stranger : answerer, questionId, text));

      const all = await listAnswers(questionId);
      expect(all.status).toBe(200);
      expect(all.body.nextCursor).toBeNull();
      expect(all.body.answers.map((a) => a.answerText)).toEqual(texts);
      expect(all.body.answers.map((a) => a._id)).toEqual(ids);
      const created = all.body.answers.map((a) => Date.parse(a.createdAt));
      expect([...created].sort((a, b) => a - b)).toEqual(created);

      const pages = await walkPages(api, `/api/answers/${questionId}`, 'answers', 2);
      expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
      const seen = pages.flat();
      expect(seen.map((a) => a._id)).toEqual(ids);
      expect(seen.map((a) => a.username)).toEqual([
        answerer.username,
        stranger.username,
        answerer.username,
        stranger.username,
        answerer.username,
      ]);
    });

    it('returns nextCursor null on an exactly full last page', async () => {
      const questionId = await postQuestion(api, asker);
      await postAnswer(api, answerer, questionId, 'one');
      await postAnswer(api, answerer, questionId, 'two');
      const first = await listAnswers(questionId, '?limit=1');
      expect(first.body.answers.map((a) => a.answerText)).toEqual(['one']);
      expect(typeof first.body.nextCursor).toBe('string');
      const second = await listAnswers(questionId, `?limit=1&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
      expect(second.status).toBe(200);
      expect(second.body.answers.map((a) => a.answerText)).toEqual(['two']);
      expect(second.body.nextCursor).toBeNull();
      const both = await listAnswers(questionId, '?limit=2');
      expect(both.body.answers).toHaveLength(2);
      expect(both.body.nextCursor).toBeNull();
    });

    it('ends a large page at the text of a default page of the longest answers, comments included', async () => {
      const questionId = await postQuestion(api, asker);
      // Each answer with its comments is as long as an answer may be: a default page of them is the budget.
      const longAnswers = PAGE_SIZE_DEFAULT + 1;
      expect(PAGE_SIZE_DEFAULT * (ANSWER_TEXT_MAX + EMBEDDED_ANSWER_COMMENTS * COMMENT_TEXT_MAX)).toBe(
        ANSWER_PAGE_TEXT_BUDGET,
      );
      const ids: string[] = [];
      for (let n = 0; n < longAnswers; n++) {
        const answerId = await postAnswer(api, answerer, questionId, `${n} `.padEnd(ANSWER_TEXT_MAX, 'a'));
        for (let c = 0; c < EMBEDDED_ANSWER_COMMENTS; c++) {
          const commentText = `${n}.${c} `.padEnd(COMMENT_TEXT_MAX, 'c');
          const added = await api.post(
            `/api/comments/add/${questionId}/${answerId}`,
            { commentData: { commentText } },
            stranger.token,
          );
          expect(added.status).toBe(201);
        }
        ids.push(answerId);
      }
      ids.push(await postAnswer(api, answerer, questionId, 'A short one.'));

      const pages = await walkPages(api, `/api/answers/${questionId}`, 'answers', 100, undefined, 'text-budget');
      // Without its comments counted, the first page would have held all 22.
      expect(pages.map((page) => page.length)).toEqual([PAGE_SIZE_DEFAULT, 2]);
      expect(pages.flat().map((a) => a._id)).toEqual(ids);
      expect(pages[0]!.every((a) => a.comments.length === EMBEDDED_ANSWER_COMMENTS)).toBe(true);
    });

    it('rejects a malformed cursor and an out-of-range limit with 400', async () => {
      const questionId = await postQuestion(api, asker);
      const badCursor = await listAnswers(questionId, '?cursor=not-a-cursor');
      expect(badCursor.status).toBe(400);
      expect((badCursor.body as unknown as ErrorJson).errors[0]).toBe(messages.invalidCursor);
      // The query is checked before the question's existence, as on every list (docs/api.md).
      const unknownQuestion = await listAnswers('999999', '?cursor=not-a-cursor');
      expect(unknownQuestion.status).toBe(400);
      expect((unknownQuestion.body as unknown as ErrorJson).errors[0]).toBe(messages.invalidCursor);
      for (const limit of ['0', '101', 'abc']) {
        const response = await listAnswers(questionId, `?limit=${limit}`);
        expect(response.status, `limit=${limit}`).toBe(400);
        expect((response.body as unknown as ErrorJson).errors[0]).toMatch(/limit/);
      }
    });

    it('answers 404 for an unknown or malformed question id', async () => {
      for (const id of ['999999', 'abc', '0']) {
        const response = await listAnswers(id);
        expect(response.status, id).toBe(404);
        expect(response.body).toMatchObject({ errors: [messages.questionNotFound] });
      }
    });

    it('checks the path id before the query, as every route does', async () => {
      const response = await listAnswers('abc', '?limit=0');
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ errors: [messages.questionNotFound] });
    });
  });

  describe('POST /api/answers/add/:questionId', () => {
    it('adds an answer by the caller, appended at the end, with empty votes and comments', async () => {
      const questionId = await postQuestion(api, asker);
      const firstId = await postAnswer(api, stranger, questionId, 'Proof it overnight in the fridge.');

      const response = await addAnswer(questionId, answerer, 'Use a slightly warm oven with the light on.');
      expect(response.status).toBe(201);
      const { answer, answers, nextCursor } = response.body;
      expect(answer).toMatchObject({
        questionId,
        username: answerer.username,
        answerText: 'Use a slightly warm oven with the light on.',
        votes: NO_VOTES,
        comments: [],
        commentCount: 0,
      });
      expect(answer._id).toMatch(/^\d+$/);
      expect(answer._id).not.toBe(firstId);
      expect(answer.createdAt).toBe(answer.updatedAt);
      expect(new Date(answer.createdAt).toISOString()).toBe(answer.createdAt);
      expect(nextCursor).toBeNull();
      expect(answers.map((a) => a._id)).toEqual([firstId, answer._id]);
      expect(answers[1]).toEqual(answer);

      const listed = await listAnswers(questionId);
      expect(listed.body.answers[1]).toEqual(answer);
      const question = await questionOf(api, questionId);
      expect(question.answerCount).toBe(2);
      expect(question.answers.map((a) => a._id)).toEqual([firstId, answer._id]);
    });

    it('takes the author from the token, not from the body', async () => {
      const questionId = await postQuestion(api, asker);
      const response = await api.post<AddAnswerResponse>(
        `/api/answers/add/${questionId}`,
        { answerData: { answerText: 'Mine.', username: stranger.username }, username: stranger.username },
        answerer.token,
      );
      expect(response.status).toBe(201);
      expect(response.body.answer.username).toBe(answerer.username);
    });

    it('rejects a missing or blank answerText with 400 Required and stores nothing', async () => {
      const questionId = await postQuestion(api, asker);
      for (const body of [
        { answerData: { answerText: '' } },
        { answerData: { answerText: '   \n\t ' } },
        { answerData: { answerText: '\u200B\u2800' } },
        { answerData: {} },
        { answerData: { answerText: null } },
        {},
      ]) {
        const response = await api.post<ErrorJson>(`/api/answers/add/${questionId}`, body, answerer.token);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.errors[0], JSON.stringify(body)).toBe(messages.required);
      }
      expect((await listAnswers(questionId)).body).toEqual({ answers: [], nextCursor: null });
      expect((await questionOf(api, questionId)).answerCount).toBe(0);
    });

    it('increments the question answerCount once per answer', async () => {
      const questionId = await postQuestion(api, asker);
      expect((await questionOf(api, questionId)).answerCount).toBe(0);
      await postAnswer(api, answerer, questionId, 'a');
      expect((await questionOf(api, questionId)).answerCount).toBe(1);
      await postAnswer(api, stranger, questionId, 'b');
      await postAnswer(api, asker, questionId, 'c');
      expect((await questionOf(api, questionId)).answerCount).toBe(3);
      const listed = await api.get<{ questions: { _id: string; answerCount: number }[] }>(
        `/api/user/questions/${asker.username}`,
      );
      expect(listed.body.questions.find((q) => q._id === questionId)?.answerCount).toBe(3);
    });

    const addKeyed = (questionId: string, user: SignedUpUser, _id: unknown, answerText = 'Keyed answer') =>
      api.post<AddAnswerResponse>(`/api/answers/add/${questionId}`, { answerData: { answerText, _id } }, user.token);

    it('stores an answer sent twice with the same client _id once, and returns it as it stands', async () => {
      const questionId = await postQuestion(api, asker);
      const first = await addKeyed(questionId, answerer, 'answer-key-1');
      expect(first.status).toBe(201);
      // The client's key is not the answer's id: ids are generated by the server.
      expect(first.body.answer._id).toMatch(/^\d+$/);
      const answerId = first.body.answer._id;
      await api.post(`/api/votes/vote/${questionId}/${answerId}`, { reaction: 'upvote' }, answerer.token);
      await api.post(
        `/api/comments/add/${questionId}/${answerId}`,
        { commentData: { commentText: 'Hm' } },
        asker.token,
      );

      const second = await addKeyed(questionId, answerer, 'answer-key-1');
      expect(second.status).toBe(201);
      expect(second.body.answer).toMatchObject({
        _id: answerId,
        answerText: 'Keyed answer',
        votes: { upvotedBy: [answerer.username], downvotedBy: [], myVote: 'upvote' },
        commentCount: 1,
      });
      expect(second.body.answer.comments.map((c) => c.commentText)).toEqual(['Hm']);
      expect(second.body.answers.map((a) => a._id)).toEqual([answerId]);
      expect((await questionOf(api, questionId)).answerCount).toBe(1);

      // Another key, the same key from another baker, or the same key on another question is another answer.
      const other = await addKeyed(questionId, answerer, 'answer-key-2');
      const theirs = await addKeyed(questionId, stranger, 'answer-key-1');
      const elsewhere = await addKeyed(await postQuestion(api, asker), answerer, 'answer-key-1');
      expect([other.status, theirs.status, elsewhere.status]).toEqual([201, 201, 201]);
      const ids = [answerId, other.body.answer._id, theirs.body.answer._id, elsewhere.body.answer._id];
      expect(new Set(ids).size).toBe(4);
      expect((await questionOf(api, questionId)).answerCount).toBe(3);
    });

    it('stores the same client _id once even when sent many times at once', async () => {
      const questionId = await postQuestion(api, asker);
      const responses = await Promise.all(Array.from({ length: 10 }, () => addKeyed(questionId, answerer, 'burst')));
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(new Set(responses.map((r) => r.body.answer._id)).size).toBe(1);
      expect((await listAnswers(questionId)).body.answers).toHaveLength(1);
      expect((await questionOf(api, questionId)).answerCount).toBe(1);
    });

    it('rejects a client _id that is not text, empty or too long, and stores nothing', async () => {
      const questionId = await postQuestion(api, asker);
      const notText = await addKeyed(questionId, answerer, 42);
      expect(notText.status).toBe(400);
      expect(notText.body).toMatchObject({ errors: ['The answer _id must be text.'] });
      for (const empty of ['', '   ']) {
        const emptyKey = await addKeyed(questionId, answerer, empty);
        expect(emptyKey.status).toBe(400);
        expect(emptyKey.body).toMatchObject({ errors: ['The answer _id must not be empty.'] });
      }
      const tooLong = await addKeyed(questionId, answerer, 'k'.repeat(101));
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toMatchObject({ errors: [messages.tooLong(100)] });
      expect((await listAnswers(questionId)).body.answers).toHaveLength(0);
    });

    it('answers 404 Question not found for an unknown question', async () => {
      const response = await addAnswer('999999', answerer, 'Hello?');
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ errors: [messages.questionNotFound] });
    });

    it('answers 401 without a valid token and stores nothing', async () => {
      const questionId = await postQuestion(api, asker);
      for (const token of [undefined, 'not-a-jwt']) {
        const response = await api.post<ErrorJson>(
          `/api/answers/add/${questionId}`,
          { answerData: { answerText: 'Anonymous answer' } },
          token,
        );
        expect(response.status).toBe(401);
        expect(response.body.errors).toEqual([messages.invalidToken]);
      }
      expect((await questionOf(api, questionId)).answerCount).toBe(0);
    });
  });

  describe('POST /api/answers/edit/:questionId/:answerId', () => {
    it('lets the author edit the answer text', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId, 'Original text');
      const response = await api.post<AnswerPage>(
        `/api/answers/edit/${questionId}/${answerId}`,
        { answerData: { answerText: 'Edited text' } },
        answerer.token,
      );
      expect(response.status).toBe(201);
      const edited = response.body.answers.find((a) => a._id === answerId);
      expect(edited).toMatchObject({ answerText: 'Edited text', username: answerer.username });
      expect(Date.parse(edited!.updatedAt)).toBeGreaterThan(Date.parse(edited!.createdAt));
      const listed = await listAnswers(questionId);
      expect(listed.body.answers).toHaveLength(1);
      expect(listed.body.answers[0]).toMatchObject({ _id: answerId, answerText: 'Edited text' });
      expect((await questionOf(api, questionId)).answerCount).toBe(1);
    });

    it('ignores an _id sent with an edit, as api.md says, whatever it holds', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId, 'First take');
      for (const [index, _id] of ['', 42, 'x'.repeat(500)].entries()) {
        const response = await api.post<AnswerPage>(
          `/api/answers/edit/${questionId}/${answerId}`,
          { answerData: { answerText: `Take ${index}`, _id } },
          answerer.token,
        );
        expect(response.status).toBe(201);
        expect(response.body.answers).toMatchObject([{ _id: answerId, answerText: `Take ${index}` }]);
      }
    });

    it("refuses another user's edit, even the question's author, and keeps the text", async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId, 'Keep me');
      for (const user of [stranger, asker]) {
        const response = await api.post<ErrorJson>(
          `/api/answers/edit/${questionId}/${answerId}`,
          { answerData: { answerText: 'Hijacked' } },
          user.token,
        );
        expect(response.status).toBe(400);
        expect(response.body.errors).toEqual([messages.cannotEditAnswer]);
      }
      expect((await listAnswers(questionId)).body.answers[0]?.answerText).toBe('Keep me');
    });

    it('rejects a blank edit with 400 Required', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId, 'Still here');
      const response = await api.post<ErrorJson>(
        `/api/answers/edit/${questionId}/${answerId}`,
        { answerData: { answerText: '  ' } },
        answerer.token,
      );
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toBe(messages.required);
      expect((await listAnswers(questionId)).body.answers[0]?.answerText).toBe('Still here');
    });

    it('answers 404 for an unknown question, an unknown answer, or an answer of another question', async () => {
      const questionId = await postQuestion(api, asker);
      const otherQuestionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId, 'Here');
      const body = { answerData: { answerText: 'Moved?' } };

      const unknownQuestion = await api.post(`/api/answers/edit/999999/${answerId}`, body, answerer.token);
      expect(unknownQuestion.status).toBe(404);
      expect(unknownQuestion.body).toMatchObject({ errors: [messages.questionNotFound] });

      for (const path of [`${questionId}/999999`, `${questionId}/xyz`, `${otherQuestionId}/${answerId}`]) {
        const response = await api.post(`/api/answers/edit/${path}`, body, answerer.token);
        expect(response.status, path).toBe(404);
        expect(response.body, path).toMatchObject({ errors: [messages.answerNotFound] });
      }
      expect((await listAnswers(questionId)).body.answers[0]?.answerText).toBe('Here');
    });

    it('answers 401 without a token', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId, 'Unchanged');
      const response = await api.post<ErrorJson>(`/api/answers/edit/${questionId}/${answerId}`, {
        answerData: { answerText: 'Changed' },
      });
      expect(response.status).toBe(401);
      expect(response.body.errors).toEqual([messages.invalidToken]);
      expect((await listAnswers(questionId)).body.answers[0]?.answerText).toBe('Unchanged');
    });
  });

  describe('DELETE /api/answers/delete/:questionId/:answerId', () => {
    it('lets the answer author delete it and decrements answerCount', async () => {
      const questionId = await postQuestion(api, asker);
      const keep = await postAnswer(api, stranger, questionId, 'Keep');
      const gone = await postAnswer(api, answerer, questionId, 'Delete me');
      expect((await questionOf(api, questionId)).answerCount).toBe(2);

      const response = await api.del<AnswerPage>(`/api/answers/delete/${questionId}/${gone}`, answerer.token);
      expect(response.status).toBe(201);
      expect(response.body.answers.map((a) => a._id)).toEqual([keep]);
      expect(response.body.nextCursor).toBeNull();
      expect((await listAnswers(questionId)).body.answers.map((a) => a._id)).toEqual([keep]);
      expect((await questionOf(api, questionId)).answerCount).toBe(1);

      const again = await api.del(`/api/answers/delete/${questionId}/${gone}`, answerer.token);
      expect(again.status).toBe(404);
      expect(again.body).toMatchObject({ errors: [messages.answerNotFound] });
      expect((await questionOf(api, questionId)).answerCount).toBe(1);
    });

    it("lets the question's author delete someone else's answer", async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId, 'Off-topic');
      const response = await api.del<AnswerPage>(`/api/answers/delete/${questionId}/${answerId}`, asker.token);
      expect(response.status).toBe(201);
      expect(response.body.answers).toEqual([]);
      expect((await questionOf(api, questionId)).answerCount).toBe(0);
    });

    it('refuses a third user and keeps the answer', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId, 'Mine');
      const response = await api.del<ErrorJson>(`/api/answers/delete/${questionId}/${answerId}`, stranger.token);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([messages.cannotDeleteAnswer]);
      expect((await listAnswers(questionId)).body.answers.map((a) => a._id)).toEqual([answerId]);
      expect((await questionOf(api, questionId)).answerCount).toBe(1);
    });

    it("removes the answer's comments and votes with it", async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId, 'Soon gone');
      const comment = await api.post(
        `/api/comments/add/${questionId}/${answerId}`,
        { commentData: { commentText: 'Nice' } },
        stranger.token,
      );
      expect(comment.status).toBe(201);
      const vote = await api.post(`/api/votes/vote/${questionId}/${answerId}`, { reaction: 'upvote' }, stranger.token);
      expect(vote.status).toBe(201);

      const response = await api.del(`/api/answers/delete/${questionId}/${answerId}`, answerer.token);
      expect(response.status).toBe(201);
      const db = t.database.db;
      const comments = await db.selectFrom('comments').select('id').where('answer_id', '=', Number(answerId)).execute();
      const votes = await db
        .selectFrom('answer_votes')
        .select('user_id')
        .where('answer_id', '=', Number(answerId))
        .execute();
      expect(comments).toEqual([]);
      expect(votes).toEqual([]);
      const gone = await api.get(`/api/comments/${questionId}/${answerId}`);
      expect(gone.status).toBe(404);
      expect(gone.body).toMatchObject({ errors: [messages.answerNotFound] });
    });

    it('answers 404 for an unknown question, an unknown answer, or an answer of another question', async () => {
      const questionId = await postQuestion(api, asker);
      const otherQuestionId = await postQuestion(api, answerer);
      const answerId = await postAnswer(api, answerer, questionId, 'Stay');

      const unknownQuestion = await api.del(`/api/answers/delete/999999/${answerId}`, answerer.token);
      expect(unknownQuestion.status).toBe(404);
      expect(unknownQuestion.body).toMatchObject({ errors: [messages.questionNotFound] });

      for (const path of [`${questionId}/999999`, `${otherQuestionId}/${answerId}`]) {
        const response = await api.del(`/api/answers/delete/${path}`, answerer.token);
        expect(response.status, path).toBe(404);
        expect(response.body, path).toMatchObject({ errors: [messages.answerNotFound] });
      }
      expect((await listAnswers(questionId)).body.answers.map((a) => a._id)).toEqual([answerId]);
      expect((await questionOf(api, questionId)).answerCount).toBe(1);
      expect((await questionOf(api, otherQuestionId)).answerCount).toBe(0);
    });

    it('answers 401 without a token and keeps the answer', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId, 'Stay');
      const response = await api.del<ErrorJson>(`/api/answers/delete/${questionId}/${answerId}`);
      expect(response.status).toBe(401);
      expect(response.body.errors).toEqual([messages.invalidToken]);
      expect((await questionOf(api, questionId)).answerCount).toBe(1);
    });

    it('answers 404 for the answers of a deleted question', async () => {
      const questionId = await postQuestion(api, asker);
      await postAnswer(api, answerer, questionId, 'Orphan?');
      const deleted = await api.del(`/api/questions/delete/${questionId}`, asker.token);
      expect(deleted.status).toBe(201);
      const response = await listAnswers(questionId);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ errors: [messages.questionNotFound] });
      const rows = await t.database.db
        .selectFrom('answers')
        .select('id')
        .where('question_id', '=', Number(questionId))
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe('answers in lists', () => {
    it("carries the caller's own vote and the answer's first comments", async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId, 'Vote on me');
      const vote = await api.post(
        `/api/votes/vote/${questionId}/${answerId}`,
        { reaction: 'downvote' },
        stranger.token,
      );
      expect(vote.status).toBe(201);
      const comment = await api.post(
        `/api/comments/add/${questionId}/${answerId}`,
        { commentData: { commentText: 'Why the downvote?' } },
        answerer.token,
      );
      expect(comment.status).toBe(201);

      const mine = await listAnswers(questionId, '', stranger.token);
      expect(mine.body.answers[0]?.votes).toEqual({
        upvotedBy: [],
        downvotedBy: [stranger.username],
        upvotes: 0,
        downvotes: 1,
        myVote: 'downvote',
      });
      expect(mine.body.answers[0]?.commentCount).toBe(1);
      expect(mine.body.answers[0]?.comments).toMatchObject([
        { username: answerer.username, commentText: 'Why the downvote?', answerId, questionId },
      ]);
      const anonymous = await listAnswers(questionId);
      expect(anonymous.body.answers[0]?.votes.myVote).toBeNull();
      expect(anonymous.body.answers[0]?.votes.downvotes).toBe(1);
      const someoneElse = await listAnswers(questionId, '', asker.token);
      expect(someoneElse.body.answers[0]?.votes.myVote).toBeNull();
      const inQuestion = await questionOf(api, questionId, stranger.token);
      expect(inQuestion.answers[0]?.votes.myVote).toBe('downvote');
    });
  });
});
