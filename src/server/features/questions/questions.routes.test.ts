import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnswerJson,
  ErrorJson,
  QuestionJson,
  QuestionPage,
  QuestionSummaryJson,
} from '../../../shared/api-types.js';
import { messages } from '../../../shared/messages.js';
import { getUser, ISO_TIME, NO_VOTES } from '../../testing/api-assertions.js';
import {
  apiClient,
  createTestApp,
  postQuestion,
  signUp,
  steppingClock,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../../testing/test-app.js';

const questionData = (data: Partial<{ questionTitle: unknown; questionText: unknown; tags: unknown }> = {}) => ({
  questionData: {
    questionTitle: 'Why did my sponge sink?',
    questionText: 'It rose beautifully and then collapsed in the middle.',
    tags: ['Cake'],
    ...data,
  },
});

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp({ now: steppingClock() });
  api = apiClient(t.app);
});
afterAll(() => t.close());

const getQuestion = (id: string, token?: string) => api.get<{ question: QuestionJson }>(`/api/questions/${id}`, token);

const authorPosts = async (user: SignedUpUser) => {
  const response = await api.get<QuestionPage>(`/api/user/questions/${user.username}?limit=100`);
  expect(response.status).toBe(200);
  return response.body.questions;
};

describe('POST /api/questions/add', () => {
  it('answers 201 with the first page of the latest list, the new post on top, in the summary shape', async () => {
    const author = await signUp(api);
    await postQuestion(api, author, { questionTitle: 'An older post' });

    const response = await api.post<QuestionPage>(
      '/api/questions/add',
      questionData({
        questionTitle: 'Why did my sponge sink?',
        questionText: 'It rose beautifully and then collapsed in the middle.',
        tags: ['Cake', 'Baking'],
      }),
      author.token,
    );

    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['nextCursor', 'questions']);
    const [first, second] = response.body.questions;
    expect(first).toEqual({
      _id: expect.stringMatching(/^[1-9][0-9]*$/),
      id: first?._id,
      username: author.username,
      questionTitle: 'Why did my sponge sink?',
      questionText: 'It rose beautifully and then collapsed in the middle.',
      tags: ['Cake', 'Baking'],
      bookmarked: false,
      votes: NO_VOTES,
      answerCount: 0,
      commentCount: 0,
      createdAt: expect.stringMatching(ISO_TIME),
      updatedAt: expect.stringMatching(ISO_TIME),
    });
    expect(first?.updatedAt).toBe(first?.createdAt);
    expect(second?.questionTitle).toBe('An older post');
    expect(Date.parse(second?.updatedAt ?? '')).toBeLessThan(Date.parse(first?.updatedAt ?? ''));

    // The new post is really stored: it can be fetched by the id it was given.
    const fetched = await getQuestion(first?.id ?? '');
    expect(fetched.status).toBe(200);
    expect(fetched.body.question).toMatchObject({ id: first?.id, questionTitle: 'Why did my sponge sink?' });
  });

  it('trims the title and description', async () => {
    const author = await signUp(api);
    const response = await api.post<QuestionPage>(
      '/api/questions/add',
      questionData({ questionTitle: '   Proofing in the fridge   ', questionText: '\n  Overnight, or longer?  \n' }),
      author.token,
    );
    expect(response.status).toBe(201);
    expect(response.body.questions[0]).toMatchObject({
      username: author.username,
      questionTitle: 'Proofing in the fridge',
      questionText: 'Overnight, or longer?',
    });
  });

  it('answers the first page only: 20 posts and a cursor when there are more', async () => {
    const author = await signUp(api);
    for (let i = 0; i < 21; i += 1) await postQuestion(api, author, { questionTitle: `Filler ${i}` });
    const response = await api.post<QuestionPage>(
      '/api/questions/add',
      questionData({ questionTitle: 'The newest of many' }),
      author.token,
    );
    expect(response.status).toBe(201);
    expect(response.body.questions).toHaveLength(20);
    expect(response.body.questions[0]?.questionTitle).toBe('The newest of many');
    expect(response.body.nextCursor).toEqual(expect.any(String));
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['invisible', '\u200B\u2800\u3164\u200D'],
    ['null', null],
  ])('rejects a %s title with 400 Required on questionTitle', async (_label, questionTitle) => {
    const author = await signUp(api);
    const response = await api.post<ErrorJson>('/api/questions/add', questionData({ questionTitle }), author.token);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toBe('Required');
    expect(response.body.fields).toEqual({ questionTitle: 'Required' });
    expect(await authorPosts(author)).toEqual([]);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', ' \n\t '],
    ['invisible', '\u200B \uFEFF\u2060\u00AD'],
  ])('rejects a %s description with 400 Required on questionText', async (_label, questionText) => {
    const author = await signUp(api);
    const response = await api.post<ErrorJson>('/api/questions/add', questionData({ questionText }), author.token);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toBe('Required');
    expect(response.body.fields).toEqual({ questionText: 'Required' });
    expect(await authorPosts(author)).toEqual([]);
  });

  it('names both fields when title and description are both blank', async () => {
    const author = await signUp(api);
    const response = await api.post<ErrorJson>(
      '/api/questions/add',
      questionData({ questionTitle: '', questionText: '' }),
      author.token,
    );
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(['Required']);
    expect(response.body.fields).toEqual({ questionTitle: 'Required', questionText: 'Required' });
  });

  it.each([
    ['an empty body', {}],
    ['a null questionData', { questionData: null }],
  ])('rejects %s (no questionData wrapper) with 400 Required', async (_label, body) => {
    const author = await signUp(api);
    const response = await api.post<ErrorJson>('/api/questions/add', body, author.token);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toBe('Required');
    expect(response.body.fields).toMatchObject({ questionTitle: 'Required', questionText: 'Required' });
    expect(await authorPosts(author)).toEqual([]);
  });

  it('rejects four tags with 400 Upto three tags allowed', async () => {
    const author = await signUp(api);
    const response = await api.post<ErrorJson>(
      '/api/questions/add',
      questionData({ tags: ['Cake', 'Baking', 'Icing', 'Cookies'] }),
      author.token,
    );
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toBe('Upto three tags allowed');
    expect(response.body.fields).toEqual({ tags: 'Upto three tags allowed' });
    expect(await authorPosts(author)).toEqual([]);
  });

  it('accepts exactly three tags', async () => {
    const author = await signUp(api);
    const response = await api.post<QuestionPage>(
      '/api/questions/add',
      questionData({ tags: ['Cake', 'Baking', 'Icing'] }),
      author.token,
    );
    expect(response.status).toBe(201);
    expect(response.body.questions[0]?.tags).toEqual(['Cake', 'Baking', 'Icing']);
  });

  it('collapses tags repeated in any case (keeping the first spelling) before counting them', async () => {
    const author = await signUp(api);
    const response = await api.post<QuestionPage>(
      '/api/questions/add',
      questionData({ tags: ['Cake', 'cake', 'CAKE', 'Icing', 'icing'] }),
      author.token,
    );
    expect(response.status).toBe(201);
    expect(response.body.questions[0]).toMatchObject({ username: author.username, tags: ['Cake', 'Icing'] });
  });

  it('collapses tags whose accents were typed apart from their letters, and finds them either way', async () => {
    const author = await signUp(api);
    const response = await api.post<QuestionPage>(
      '/api/questions/add',
      questionData({ questionTitle: 'Crème pâtissière', tags: ['CRE\u0300ME', 'crème', 'Cre\u0300me'] }),
      author.token,
    );
    expect(response.status).toBe(201);
    expect(response.body.questions[0]).toMatchObject({ username: author.username, tags: ['CRE\u0300ME'] });
    for (const tag of ['crème', 'cre\u0300me', 'CRÈME']) {
      const page = await api.get<QuestionPage>(`/api/user/questions/${author.username}?tag=${encodeURIComponent(tag)}`);
      expect(
        page.body.questions.map((q) => q.questionTitle),
        tag,
      ).toEqual(['Crème pâtissière']);
    }
  });

  it('writes line breaks as LF, makes a title and tags one line, and drops stray control characters', async () => {
    const author = await signUp(api);
    const response = await api.post<QuestionPage>(
      '/api/questions/add',
      questionData({
        questionTitle: 'Rye\r\nstarter\tfeeding\u001b[0m',
        questionText: 'Step one.\r\nStep two.\vStep\u0007 three.\u2028\tDone.',
        tags: ['Sour\ndough\u0085'],
      }),
      author.token,
    );
    expect(response.status).toBe(201);
    const stored = (await getQuestion(response.body.questions[0]!._id)).body.question;
    expect(stored).toMatchObject({
      questionTitle: 'Rye starter feeding[0m',
      questionText: 'Step one.\nStep two.\nStep three.\n\tDone.',
      tags: ['Sour dough'],
    });
    const blank = await api.post<ErrorJson>(
      '/api/questions/add',
      questionData({ questionTitle: '\u0007\u001b\r\n' }),
      author.token,
    );
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([messages.required]);
  });

  it.each([
    ['an empty list', { tags: [] }],
    ['no tags field', { tags: undefined }],
    ['null', { tags: null }],
  ])('allows zero tags (%s)', async (_label, data) => {
    const author = await signUp(api);
    const response = await api.post<QuestionPage>('/api/questions/add', questionData(data), author.token);
    expect(response.status).toBe(201);
    expect(response.body.questions[0]).toMatchObject({ username: author.username, tags: [] });
  });

  it('allows free-text tags that are not among the tag options', async () => {
    const author = await signUp(api);
    const response = await api.post<QuestionPage>(
      '/api/questions/add',
      questionData({ tags: ['Sourdough starters', 'Gluten free'] }),
      author.token,
    );
    expect(response.status).toBe(201);
    expect(response.body.questions[0]?.tags).toEqual(['Sourdough starters', 'Gluten free']);
  });

  it('rejects a tag longer than 30 characters and a tags value that is not a list', async () => {
    const author = await signUp(api);
    const long = await api.post<ErrorJson>(
      '/api/questions/add',
      questionData({ tags: ['x'.repeat(31)] }),
      author.token,
    );
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatch(/at most 30 characters/);
    expect(long.body.fields).toHaveProperty('tags');

    const notList = await api.post<ErrorJson>('/api/questions/add', questionData({ tags: 'Cake' }), author.token);
    expect(notList.status).toBe(400);
    expect(notList.body.fields).toHaveProperty('tags');
    expect(await authorPosts(author)).toEqual([]);
  });

  it('rejects a title over 200 characters and accepts one of exactly 200', async () => {
    const author = await signUp(api);
    const tooLong = await api.post<ErrorJson>(
      '/api/questions/add',
      questionData({ questionTitle: 'a'.repeat(201) }),
      author.token,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0]).toBe('Must be at most 200 characters.');
    expect(tooLong.body.fields).toEqual({ questionTitle: 'Must be at most 200 characters.' });
    expect(await authorPosts(author)).toEqual([]);

    const longest = await api.post<QuestionPage>(
      '/api/questions/add',
      questionData({ questionTitle: 'a'.repeat(200) }),
      author.token,
    );
    expect(longest.status).toBe(201);
    expect(longest.body.questions[0]?.questionTitle).toHaveLength(200);
  });

  it('rejects a title that is not text', async () => {
    const author = await signUp(api);
    const response = await api.post<ErrorJson>('/api/questions/add', questionData({ questionTitle: 42 }), author.token);
    expect(response.status).toBe(400);
    expect(response.body.fields).toHaveProperty('questionTitle');
  });

  it('answers 401 without a token or with a bad one, and stores nothing', async () => {
    const before = await api.get<QuestionPage>('/api/questions?limit=1');
    const anonymous = await api.post<ErrorJson>('/api/questions/add', questionData());
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors).toEqual([messages.invalidToken]);

    const forged = await api.post<ErrorJson>('/api/questions/add', questionData(), 'not.a.token');
    expect(forged.status).toBe(401);
    expect(forged.body.errors).toEqual([messages.invalidToken]);

    const after = await api.get<QuestionPage>('/api/questions?limit=1');
    expect(after.body.questions[0]?.id).toBe(before.body.questions[0]?.id);
  });

  it("increments the author's questionCount", async () => {
    const author = await signUp(api);
    expect((await getUser(api, author.id)).questionCount).toBe(0);
    await postQuestion(api, author);
    expect((await getUser(api, author.id)).questionCount).toBe(1);
    await postQuestion(api, author);
    expect((await getUser(api, author.id)).questionCount).toBe(2);
  });
});

describe('POST /api/questions/edit/:questionId', () => {
  it('answers 201 with the latest list; the edit bumps updatedAt and moves the post to the top', async () => {
    const author = await signUp(api);
    const id = await postQuestion(api, author, { questionTitle: 'First draft', tags: ['Cake'] });
    await postQuestion(api, author, { questionTitle: 'A later post' });
    const before = (await getQuestion(id)).body.question;

    const response = await api.post<QuestionPage>(
      `/api/questions/edit/${id}`,
      questionData({ questionTitle: 'Second draft', questionText: 'Now with more detail.', tags: ['Icing', 'icing'] }),
      author.token,
    );

    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['nextCursor', 'questions']);
    const [top, next] = response.body.questions;
    expect(top).toMatchObject({
      _id: id,
      id,
      username: author.username,
      questionTitle: 'Second draft',
      questionText: 'Now with more detail.',
      tags: ['Icing'],
      createdAt: before.createdAt,
    });
    expect(Date.parse(top?.updatedAt ?? '')).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(next?.questionTitle).toBe('A later post');

    const stored = await getQuestion(id);
    expect(stored.body.question).toMatchObject({
      questionTitle: 'Second draft',
      questionText: 'Now with more detail.',
      tags: ['Icing'],
      updatedAt: top?.updatedAt,
    });

    // The post is now filed under its new tag only.
    const byNewTag = await api.get<QuestionPage>(`/api/questions?tag=Icing&author=${author.username}`);
    expect(byNewTag.body.questions.map((q) => q.id)).toEqual([id]);
    const byOldTag = await api.get<QuestionPage>(`/api/questions?tag=Cake&author=${author.username}`);
    expect(byOldTag.body.questions.map((q) => q.id)).not.toContain(id);
  });

  it('keeps votes, answers and comments through an edit', async () => {
    const author = await signUp(api);
    const reader = await signUp(api);
    const id = await postQuestion(api, author);
    expect((await api.post(`/api/votes/react/${id}`, { reaction: 'upvote' }, reader.token)).status).toBe(201);
    expect((await api.post(`/api/answers/add/${id}`, { answerData: { answerText: 'Ok' } }, reader.token)).status).toBe(
      201,
    );
    expect(
      (await api.post(`/api/comments/add/${id}`, { commentData: { commentText: 'Hm' } }, reader.token)).status,
    ).toBe(201);

    const response = await api.post<QuestionPage>(
      `/api/questions/edit/${id}`,
      questionData({ questionTitle: 'Edited' }),
      author.token,
    );
    expect(response.status).toBe(201);
    expect(response.body.questions[0]).toMatchObject({
      id,
      questionTitle: 'Edited',
      answerCount: 1,
      commentCount: 1,
      votes: { upvotes: 1, downvotes: 0, upvotedBy: [reader.username], myVote: null },
    });
  });

  it("refuses another user's edit with 400 and changes nothing", async () => {
    const author = await signUp(api);
    const intruder = await signUp(api);
    const id = await postQuestion(api, author, { questionTitle: 'Mine', tags: ['Cake'] });
    const before = (await getQuestion(id)).body.question;

    const response = await api.post<ErrorJson>(
      `/api/questions/edit/${id}`,
      questionData({ questionTitle: 'Hijacked', questionText: 'Hijacked', tags: [] }),
      intruder.token,
    );
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(["Cannot edit a Question doesn't belong to the logged in User."]);

    const after = await getQuestion(id);
    expect(after.status).toBe(200);
    expect(after.body.question).toEqual(before);
  });

  it.each([
    ['an unknown id', '987654321'],
    ['a non-numeric id', 'abc'],
    ['a zero id', '0'],
    ['a fractional id', '1.5'],
  ])('answers 404 Question not found. for %s', async (_label, id) => {
    const author = await signUp(api);
    const response = await api.post<ErrorJson>(`/api/questions/edit/${id}`, questionData(), author.token);
    expect(response.status).toBe(404);
    expect(response.body.errors).toEqual(['Question not found.']);
  });

  it('validates the new content like a new post', async () => {
    const author = await signUp(api);
    const id = await postQuestion(api, author, { questionTitle: 'Stays' });

    const blank = await api.post<ErrorJson>(
      `/api/questions/edit/${id}`,
      questionData({ questionTitle: '  ' }),
      author.token,
    );
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0]).toBe('Required');
    expect(blank.body.fields).toEqual({ questionTitle: 'Required' });

    const tooManyTags = await api.post<ErrorJson>(
      `/api/questions/edit/${id}`,
      questionData({ tags: ['a', 'b', 'c', 'd'] }),
      author.token,
    );
    expect(tooManyTags.status).toBe(400);
    expect(tooManyTags.body.errors[0]).toBe('Upto three tags allowed');

    expect((await getQuestion(id)).body.question.questionTitle).toBe('Stays');
  });

  it('answers 401 without a token', async () => {
    const author = await signUp(api);
    const id = await postQuestion(api, author, { questionTitle: 'Untouched' });
    const response = await api.post<ErrorJson>(`/api/questions/edit/${id}`, questionData({ questionTitle: 'X' }));
    expect(response.status).toBe(401);
    expect(response.body.errors).toEqual([messages.invalidToken]);
    expect((await getQuestion(id)).body.question.questionTitle).toBe('Untouched');
  });
});

describe('DELETE /api/questions/delete/:questionId', () => {
  it('answers 201 with the latest list without the post; the post is gone and questionCount drops', async () => {
    const author = await signUp(api);
    const keep = await postQuestion(api, author, { questionTitle: 'Keep me' });
    const doomed = await postQuestion(api, author, { questionTitle: 'Delete me' });
    expect((await getUser(api, author.id)).questionCount).toBe(2);

    const response = await api.del<QuestionPage>(`/api/questions/delete/${doomed}`, author.token);
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['nextCursor', 'questions']);
    const ids = response.body.questions.map((q) => q.id);
    expect(ids).not.toContain(doomed);
    expect(ids[0]).toBe(keep);

    const fetched = await getQuestion(doomed);
    expect(fetched.status).toBe(404);
    expect(fetched.body).toMatchObject({ errors: ['Question not found.'] });
    expect((await authorPosts(author)).map((q) => q.id)).toEqual([keep]);
    expect((await getUser(api, author.id)).questionCount).toBe(1);

    const again = await api.del<ErrorJson>(`/api/questions/delete/${doomed}`, author.token);
    expect(again.status).toBe(404);
    expect(again.body.errors).toEqual(['Question not found.']);
    expect((await getUser(api, author.id)).questionCount).toBe(1);
  });

  it("refuses another user's delete with 400 and keeps the post", async () => {
    const author = await signUp(api);
    const intruder = await signUp(api);
    const id = await postQuestion(api, author);

    const response = await api.del<ErrorJson>(`/api/questions/delete/${id}`, intruder.token);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(["Cannot delete a Question doesn't belong to the User."]);
    expect((await getQuestion(id)).status).toBe(200);
    expect((await getUser(api, author.id)).questionCount).toBe(1);
  });

  it('takes its answers, comments, votes, bookmarks and tags with it', async () => {
    const author = await signUp(api);
    const reader = await signUp(api);
    const id = await postQuestion(api, author, {
      questionTitle: 'Quokkabread troubles',
      tags: ['Quokkabread'],
    });
    const other = await postQuestion(api, author, { questionTitle: 'Another post' });

    expect((await api.post(`/api/votes/react/${id}`, { reaction: 'upvote' }, reader.token)).status).toBe(201);
    expect((await api.post(`/api/question/addBookmark/${id}`, {}, reader.token)).status).toBe(200);
    expect((await api.post(`/api/question/addBookmark/${other}`, {}, reader.token)).status).toBe(200);
    const answer = await api.post<{ answers: AnswerJson[] }>(
      `/api/answers/add/${id}`,
      { answerData: { answerText: 'Try a warmer spot.' } },
      reader.token,
    );
    expect(answer.status).toBe(201);
    const answerId = answer.body.answers[0]?._id ?? '';
    expect((await api.post(`/api/votes/vote/${id}/${answerId}`, { reaction: 'upvote' }, author.token)).status).toBe(
      201,
    );
    expect(
      (await api.post(`/api/comments/add/${id}`, { commentData: { commentText: 'Same here' } }, reader.token)).status,
    ).toBe(201);
    expect(
      (await api.post(`/api/comments/add/${id}/${answerId}`, { commentData: { commentText: 'Thanks!' } }, author.token))
        .status,
    ).toBe(201);

    const bookmarksBefore = await api.get<QuestionPage>('/api/bookmarks', reader.token);
    expect(bookmarksBefore.body.questions.map((q) => q.id)).toEqual([other, id]);

    const response = await api.del<QuestionPage>(`/api/questions/delete/${id}`, author.token);
    expect(response.status).toBe(201);

    // Through the API: nothing of the post can be reached any more.
    const bookmarksAfter = await api.get<QuestionPage>('/api/bookmarks', reader.token);
    expect(bookmarksAfter.status).toBe(200);
    expect(bookmarksAfter.body).toEqual({ questions: [expect.objectContaining({ id: other })], nextCursor: null });
    for (const url of [`/api/answers/${id}`, `/api/comments/${id}`, `/api/votes/${id}`]) {
      const gone = await api.get<ErrorJson>(url);
      expect(gone.status, url).toBe(404);
      expect(gone.body.errors, url).toEqual(['Question not found.']);
    }
    const byTag = await api.get<QuestionPage>('/api/questions?tag=quokkabread');
    expect(byTag.body).toEqual({ questions: [], nextCursor: null });
    const bySearch = await api.get<QuestionPage>('/api/questions?q=quokkabread');
    expect(bySearch.body).toEqual({ questions: [], nextCursor: null });

    // In the database: no rows are left behind.
    const db = t.database.db;
    const questionId = Number(id);
    const count = async (table: 'answers' | 'comments' | 'question_votes' | 'bookmarks' | 'question_tags') => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('question_id', '=', questionId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    expect(await count('answers')).toBe(0);
    expect(await count('comments')).toBe(0);
    expect(await count('question_votes')).toBe(0);
    expect(await count('bookmarks')).toBe(0);
    expect(await count('question_tags')).toBe(0);
    const answerVotes = await db
      .selectFrom('answer_votes')
      .select('answer_id')
      .where('answer_id', '=', Number(answerId))
      .execute();
    expect(answerVotes).toEqual([]);
  });

  it.each([
    ['an unknown id', '987654321'],
    ['a non-numeric id', 'abc'],
  ])('answers 404 Question not found. for %s', async (_label, id) => {
    const author = await signUp(api);
    const response = await api.del<ErrorJson>(`/api/questions/delete/${id}`, author.token);
    expect(response.status).toBe(404);
    expect(response.body.errors).toEqual(['Question not found.']);
  });

  it('answers 401 without a token and keeps the post', async () => {
    const author = await signUp(api);
    const id = await postQuestion(api, author);
    const response = await api.del<ErrorJson>(`/api/questions/delete/${id}`);
    expect(response.status).toBe(401);
    expect(response.body.errors).toEqual([messages.invalidToken]);
    expect((await getQuestion(id)).status).toBe(200);
  });
});

describe('GET /api/questions/:questionId', () => {
  let author: SignedUpUser;
  let reader: SignedUpUser;
  let other: SignedUpUser;
  let id: string;
  let firstAnswerId: string;

  beforeAll(async () => {
    author = await signUp(api);
    reader = await signUp(api);
    other = await signUp(api);
    id = await postQuestion(api, author, {
      questionTitle: 'Why is my focaccia dense?',
      questionText: 'It never gets those big bubbles.',
      tags: ['Breads'],
    });
    for (const text of ['first comment', 'second comment', 'third comment']) {
      const response = await api.post(`/api/comments/add/${id}`, { commentData: { commentText: text } }, reader.token);
      expect(response.status).toBe(201);
    }
    const a1 = await api.post<{ answers: AnswerJson[] }>(
      `/api/answers/add/${id}`,
      { answerData: { answerText: 'More water.' } },
      reader.token,
    );
    expect(a1.status).toBe(201);
    firstAnswerId = a1.body.answers[0]?._id ?? '';
    const a2 = await api.post(`/api/answers/add/${id}`, { answerData: { answerText: 'Longer proof.' } }, other.token);
    expect(a2.status).toBe(201);
    for (const text of ['answer comment one', 'answer comment two']) {
      const response = await api.post(
        `/api/comments/add/${id}/${firstAnswerId}`,
        { commentData: { commentText: text } },
        author.token,
      );
      expect(response.status).toBe(201);
    }
    expect((await api.post(`/api/votes/react/${id}`, { reaction: 'upvote' }, reader.token)).status).toBe(201);
    expect((await api.post(`/api/votes/react/${id}`, { reaction: 'downvote' }, other.token)).status).toBe(201);
    expect(
      (await api.post(`/api/votes/vote/${id}/${firstAnswerId}`, { reaction: 'upvote' }, author.token)).status,
    ).toBe(201);
    expect((await api.post(`/api/question/addBookmark/${id}`, {}, reader.token)).status).toBe(200);
  });

  it('answers {question} with comments newest first and answers oldest first, each with votes and comments', async () => {
    const response = await getQuestion(id);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['question']);
    const { question } = response.body;
    expect(question).toEqual({
      _id: id,
      id,
      username: author.username,
      questionTitle: 'Why is my focaccia dense?',
      questionText: 'It never gets those big bubbles.',
      tags: ['Breads'],
      bookmarked: false,
      votes: {
        upvotedBy: [reader.username],
        downvotedBy: [other.username],
        upvotes: 1,
        downvotes: 1,
        myVote: null,
      },
      answerCount: 2,
      commentCount: 3,
      createdAt: expect.stringMatching(ISO_TIME),
      updatedAt: expect.stringMatching(ISO_TIME),
      comments: [
        expect.objectContaining({ username: reader.username, commentText: 'third comment' }),
        expect.objectContaining({ username: reader.username, commentText: 'second comment' }),
        expect.objectContaining({ username: reader.username, commentText: 'first comment' }),
      ],
      commentsNextCursor: null,
      answers: [
        {
          _id: firstAnswerId,
          questionId: id,
          username: reader.username,
          answerText: 'More water.',
          votes: { upvotedBy: [author.username], downvotedBy: [], upvotes: 1, downvotes: 0, myVote: null },
          comments: [
            expect.objectContaining({ username: author.username, commentText: 'answer comment one' }),
            expect.objectContaining({ username: author.username, commentText: 'answer comment two' }),
          ],
          commentCount: 2,
          createdAt: expect.stringMatching(ISO_TIME),
          updatedAt: expect.stringMatching(ISO_TIME),
        },
        expect.objectContaining({
          username: other.username,
          answerText: 'Longer proof.',
          votes: NO_VOTES,
          comments: [],
          commentCount: 0,
        }),
      ],
      answersNextCursor: null,
    });
    expect(question.comments[0]).toEqual({
      _id: expect.any(String),
      questionId: id,
      answerId: null,
      username: reader.username,
      firstName: 'Test',
      lastName: 'Baker',
      commentText: 'third comment',
      createdAt: expect.stringMatching(ISO_TIME),
      updatedAt: expect.stringMatching(ISO_TIME),
    });
    expect(question.answers[0]?.comments[0]).toMatchObject({ questionId: id, answerId: firstAnswerId });
  });

  it("shows the caller's own bookmark and votes when signed in", async () => {
    const asReader = await getQuestion(id, reader.token);
    expect(asReader.status).toBe(200);
    expect(asReader.body.question.bookmarked).toBe(true);
    expect(asReader.body.question.votes.myVote).toBe('upvote');
    expect(asReader.body.question.answers[0]?.votes.myVote).toBeNull();

    const asOther = await getQuestion(id, other.token);
    expect(asOther.body.question.bookmarked).toBe(false);
    expect(asOther.body.question.votes.myVote).toBe('downvote');

    const asAuthor = await getQuestion(id, author.token);
    expect(asAuthor.body.question.bookmarked).toBe(false);
    expect(asAuthor.body.question.votes.myVote).toBeNull();
    expect(asAuthor.body.question.answers[0]?.votes.myVote).toBe('upvote');
  });

  it('works signed out, and treats a bad token on this public call as signed out', async () => {
    for (const token of [undefined, 'garbage-token']) {
      const response = await getQuestion(id, token);
      expect(response.status).toBe(200);
      expect(response.body.question.bookmarked).toBe(false);
      expect(response.body.question.votes.myVote).toBeNull();
      expect(response.body.question.votes.upvotes).toBe(1);
    }
  });

  it('embeds the first 20 comments and gives a cursor for the rest', async () => {
    const busy = await postQuestion(api, author, { questionTitle: 'A busy thread' });
    for (let i = 1; i <= 21; i += 1) {
      const response = await api.post(
        `/api/comments/add/${busy}`,
        { commentData: { commentText: `comment ${i}` } },
        reader.token,
      );
      expect(response.status).toBe(201);
    }
    const response = await getQuestion(busy);
    expect(response.status).toBe(200);
    expect(response.body.question.commentCount).toBe(21);
    expect(response.body.question.comments).toHaveLength(20);
    expect(response.body.question.comments[0]?.commentText).toBe('comment 21');
    expect(response.body.question.comments[19]?.commentText).toBe('comment 2');
    expect(response.body.question.commentsNextCursor).toEqual(expect.any(String));

    const rest = await api.get<{ comments: { commentText: string }[]; nextCursor: string | null }>(
      `/api/comments/${busy}?cursor=${encodeURIComponent(response.body.question.commentsNextCursor ?? '')}`,
    );
    expect(rest.status).toBe(200);
    expect(rest.body.comments.map((c) => c.commentText)).toEqual(['comment 1']);
    expect(rest.body.nextCursor).toBeNull();
  });

  it('starts a new post with no votes, comments or answers', async () => {
    const fresh = await postQuestion(api, author, { questionTitle: 'Fresh', tags: [] });
    const response = await getQuestion(fresh, author.token);
    expect(response.status).toBe(200);
    expect(response.body.question).toMatchObject({
      votes: NO_VOTES,
      comments: [],
      commentsNextCursor: null,
      answers: [],
      answersNextCursor: null,
      answerCount: 0,
      commentCount: 0,
      tags: [],
    });
  });

  it.each([
    ['an unknown id', '987654321'],
    ['a non-numeric id', 'abc'],
    ['a negative id', '-1'],
    ['a zero id', '0'],
    ['a fractional id', '1.5'],
    ['a huge id', '99999999999999999999'],
  ])('answers 404 Question not found. for %s', async (_label, badId) => {
    const response = await api.get<ErrorJson>(`/api/questions/${badId}`);
    expect(response.status).toBe(404);
    expect(response.body.errors).toEqual(['Question not found.']);
  });
});

describe('bookmarks: POST /api/question/addBookmark/:id and /removeBookmark/:id', () => {
  it('bookmarks for the caller only, rejects repeats, and removes', async () => {
    const author = await signUp(api);
    const reader = await signUp(api);
    const other = await signUp(api);
    const id = await postQuestion(api, author, { questionTitle: 'Worth keeping', tags: ['Recipes'] });

    const added = await api.post<{ question: QuestionSummaryJson }>(
      `/api/question/addBookmark/${id}`,
      undefined,
      reader.token,
    );
    expect(added.status).toBe(200);
    expect(Object.keys(added.body)).toEqual(['question']);
    expect(added.body.question).toEqual({
      _id: id,
      id,
      username: author.username,
      questionTitle: 'Worth keeping',
      questionText: expect.any(String),
      tags: ['Recipes'],
      bookmarked: true,
      votes: NO_VOTES,
      answerCount: 0,
      commentCount: 0,
      createdAt: expect.stringMatching(ISO_TIME),
      updatedAt: expect.stringMatching(ISO_TIME),
    });

    // Bookmarks are per user: nobody else sees this one as bookmarked.
    expect((await getQuestion(id, reader.token)).body.question.bookmarked).toBe(true);
    expect((await getQuestion(id, other.token)).body.question.bookmarked).toBe(false);
    expect((await getQuestion(id, author.token)).body.question.bookmarked).toBe(false);
    expect((await getQuestion(id)).body.question.bookmarked).toBe(false);

    const again = await api.post<ErrorJson>(`/api/question/addBookmark/${id}`, undefined, reader.token);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual(['Question is already bookmarked']);

    // Another user can bookmark the same post independently.
    const byOther = await api.post<{ question: QuestionSummaryJson }>(
      `/api/question/addBookmark/${id}`,
      undefined,
      other.token,
    );
    expect(byOther.status).toBe(200);
    expect(byOther.body.question.bookmarked).toBe(true);

    const removed = await api.post<{ question: QuestionSummaryJson }>(
      `/api/question/removeBookmark/${id}`,
      undefined,
      reader.token,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.question).toMatchObject({ id, bookmarked: false });
    expect((await getQuestion(id, reader.token)).body.question.bookmarked).toBe(false);
    // The other user's bookmark is untouched.
    expect((await getQuestion(id, other.token)).body.question.bookmarked).toBe(true);

    const removedAgain = await api.post<ErrorJson>(`/api/question/removeBookmark/${id}`, undefined, reader.token);
    expect(removedAgain.status).toBe(400);
    expect(removedAgain.body.errors).toEqual(['Question is already not bookmarked']);

    const neverBookmarked = await api.post<ErrorJson>(`/api/question/removeBookmark/${id}`, undefined, author.token);
    expect(neverBookmarked.status).toBe(400);
    expect(neverBookmarked.body.errors).toEqual(['Question is already not bookmarked']);

    // And it can be bookmarked again after removal.
    const readded = await api.post<{ question: QuestionSummaryJson }>(
      `/api/question/addBookmark/${id}`,
      undefined,
      reader.token,
    );
    expect(readded.status).toBe(200);
    expect(readded.body.question.bookmarked).toBe(true);
  });

  it("keeps the caller's vote in the returned question", async () => {
    const author = await signUp(api);
    const reader = await signUp(api);
    const id = await postQuestion(api, author);
    expect((await api.post(`/api/votes/react/${id}`, { reaction: 'downvote' }, reader.token)).status).toBe(201);
    const added = await api.post<{ question: QuestionSummaryJson }>(
      `/api/question/addBookmark/${id}`,
      undefined,
      reader.token,
    );
    expect(added.status).toBe(200);
    expect(added.body.question.votes).toEqual({
      upvotedBy: [],
      downvotedBy: [reader.username],
      upvotes: 0,
      downvotes: 1,
      myVote: 'downvote',
    });
  });

  it('does not change updatedAt or the place of the post in the latest list', async () => {
    const author = await signUp(api);
    const reader = await signUp(api);
    const older = await postQuestion(api, author, { questionTitle: 'Older' });
    const newer = await postQuestion(api, author, { questionTitle: 'Newer' });
    const before = (await getQuestion(older)).body.question;

    const added = await api.post<{ question: QuestionSummaryJson }>(
      `/api/question/addBookmark/${older}`,
      undefined,
      reader.token,
    );
    expect(added.status).toBe(200);
    expect(added.body.question.updatedAt).toBe(before.updatedAt);
    expect((await getQuestion(older)).body.question.updatedAt).toBe(before.updatedAt);

    const removed = await api.post<{ question: QuestionSummaryJson }>(
      `/api/question/removeBookmark/${older}`,
      undefined,
      reader.token,
    );
    expect(removed.body.question.updatedAt).toBe(before.updatedAt);

    const list = await api.get<QuestionPage>(`/api/questions?author=${author.username}`);
    expect(list.body.questions.map((q) => q.id)).toEqual([newer, older]);
  });

  it.each(['addBookmark', 'removeBookmark'])('%s: 404 for an unknown or non-numeric id', async (action) => {
    const user = await signUp(api);
    for (const badId of ['987654321', 'abc']) {
      const response = await api.post<ErrorJson>(`/api/question/${action}/${badId}`, undefined, user.token);
      expect(response.status).toBe(404);
      expect(response.body.errors).toEqual(['Question not found.']);
    }
  });

  it.each(['addBookmark', 'removeBookmark'])('%s: 401 without a token', async (action) => {
    const author = await signUp(api);
    const id = await postQuestion(api, author);
    const response = await api.post<ErrorJson>(`/api/question/${action}/${id}`);
    expect(response.status).toBe(401);
    expect(response.body.errors).toEqual([messages.invalidToken]);
  });
});
