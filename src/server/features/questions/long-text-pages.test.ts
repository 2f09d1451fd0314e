import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionPage } from '../../../shared/api-types.js';
import {
  PAGE_SIZE_DEFAULT,
  QUESTION_PAGE_TEXT_BUDGET,
  QUESTION_TEXT_MAX,
  TITLE_MAX,
} from '../../../shared/constants.js';
import { walkPages } from '../../testing/api-assertions.js';
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

/** Posts as long as they may be: a page of the default size of them is exactly the budget. */
const LONG_POSTS = PAGE_SIZE_DEFAULT + 5;
const SHORT_POSTS = 2;
const longTitle = (n: number) => `Long post ${n} `.padEnd(TITLE_MAX, 'x');
const shortTitle = (n: number) => `Short post ${n}`;

describe('question lists of long posts', () => {
  let t: TestApp;
  let api: ApiClient;
  let author: SignedUpUser;
  let reader: SignedUpUser;
  /** Every post's title, newest first: the order of the latest lists. */
  let newestFirst: string[];

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    author = await signUp(api);
    reader = await signUp(api);
    expect((await api.post(`/api/users/follow/${author.id}`, undefined, reader.token)).status).toBe(200);
    const titles: string[] = [];
    for (let n = 0; n < SHORT_POSTS; n++) titles.push(shortTitle(n));
    for (let n = 0; n < LONG_POSTS; n++) titles.push(longTitle(n));
    for (const title of titles) {
      const questionText = title.startsWith('Long') ? 'b'.repeat(QUESTION_TEXT_MAX) : 'A short one.';
      const id = await postQuestion(api, author, { questionTitle: title, questionText });
      const bookmarked = await api.post(`/api/question/addBookmark/${id}`, undefined, reader.token);
      expect(bookmarked.status).toBe(200);
    }
    newestFirst = titles.reverse();
    expect(PAGE_SIZE_DEFAULT * (TITLE_MAX + QUESTION_TEXT_MAX)).toBe(QUESTION_PAGE_TEXT_BUDGET);
  });
  afterAll(() => t.close());

  const lists = () => [
    { name: 'the author list', url: `/api/user/questions/${author.username}` },
    { name: 'the latest list', url: `/api/questions?author=${author.username}` },
    { name: 'the feed', url: '/api/feed' },
    { name: 'the bookmarks', url: '/api/bookmarks' },
  ];

  it('ends a page of a hundred long posts at the text of a default page, and goes on from there', async () => {
    for (const { name, url } of lists()) {
      const pages = await walkPages(api, url, 'questions', 100, reader.token, 'text-budget');
      expect(
        pages.map((page) => page.length),
        name,
      ).toEqual([PAGE_SIZE_DEFAULT, LONG_POSTS - PAGE_SIZE_DEFAULT + SHORT_POSTS]);
      expect(
        pages.flat().map((q) => q.questionTitle),
        name,
      ).toEqual(newestFirst);
    }
  });

  it('leaves a default page of the longest posts whole: it holds exactly the budget', async () => {
    for (const { name, url } of lists()) {
      const page = await api.get<QuestionPage>(url, reader.token);
      expect(page.status, name).toBe(200);
      expect(
        page.body.questions.map((q) => q.questionTitle),
        name,
      ).toEqual(newestFirst.slice(0, PAGE_SIZE_DEFAULT));
    }
  });

  it('counts characters as the text limits do: an emoji is one', async () => {
    // Twelve posts of the longest text in emoji: within the budget in characters, not in UTF-16 units.
    const emojiAuthor = await signUp(api);
    for (let n = 0; n < 12; n++) {
      await postQuestion(api, emojiAuthor, {
        questionTitle: `Emoji post ${n}`,
        questionText: '🧁'.repeat(QUESTION_TEXT_MAX),
      });
    }
    for (const limit of ['', '?limit=100']) {
      const page = await api.get<QuestionPage>(`/api/user/questions/${emojiAuthor.username}${limit}`);
      expect(page.body.questions, limit).toHaveLength(12);
      expect(page.body.nextCursor, limit).toBeNull();
    }
  });

  it('counts text, not posts: thirty short posts asked a hundred at a time make one page', async () => {
    const chatty = await signUp(api);
    for (let n = 0; n < 30; n++) await postQuestion(api, chatty, { questionTitle: shortTitle(n) });
    const page = await api.get<QuestionPage>(`/api/user/questions/${chatty.username}?limit=100`);
    expect(page.body.questions).toHaveLength(30);
    expect(page.body.nextCursor).toBeNull();
  });
});
