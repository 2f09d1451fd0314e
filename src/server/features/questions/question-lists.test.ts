import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorJson, QuestionPage, QuestionSummaryJson } from '../../../shared/api-types.js';
import { messages } from '../../../shared/messages.js';
import { base64urlJson, walkPages } from '../../testing/api-assertions.js';
import {
  apiClient,
  createTestApp,
  postQuestion,
  signUp,
  steppingClock,
  testDialect,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../../testing/test-app.js';
import { createQuestionsRepository, SEARCH_RANK_POOL } from './questions.repository.js';

const titlesOf = (questions: QuestionSummaryJson[]) => questions.map((q) => q.questionTitle);

/** A whole list read two at a time, as titles, in order. */
async function walkTitles(api: ApiClient, url: string, token?: string): Promise<string[]> {
  const pages = await walkPages(api, url, 'questions', 2, token);
  const titles = pages.flat().map((q) => q.questionTitle);
  expect(pages).toHaveLength(Math.max(1, Math.ceil(titles.length / 2)));
  return titles;
}

async function listTitles(api: ApiClient, url: string, token?: string): Promise<string[]> {
  const response = await api.get<QuestionPage>(url, token);
  expect(response.status, url).toBe(200);
  expect(response.body.nextCursor, url).toBeNull();
  return titlesOf(response.body.questions);
}

async function expectBadRequest(api: ApiClient, url: string, message: string | RegExp, token?: string) {
  const response = await api.get<ErrorJson>(url, token);
  expect(response.status, url).toBe(400);
  if (typeof message === 'string') expect(response.body.errors[0], url).toBe(message);
  else expect(response.body.errors[0], url).toMatch(message);
}

const react = async (api: ApiClient, user: SignedUpUser, id: string, reaction: 'upvote' | 'downvote') => {
  const response = await api.post(`/api/votes/react/${id}`, { reaction }, user.token);
  expect(response.status).toBe(201);
};

const follow = async (api: ApiClient, user: SignedUpUser, target: SignedUpUser) => {
  const response = await api.post(`/api/users/follow/${target.id}`, undefined, user.token);
  expect(response.status).toBe(200);
};

const bookmark = async (api: ApiClient, user: SignedUpUser, id: string) => {
  const response = await api.post(`/api/question/addBookmark/${id}`, undefined, user.token);
  expect(response.status).toBe(200);
};

/**
 * One forum shared by the read-only tests below. Posts P1..P8 are created in order, then P2 is
 * edited (so it is the most recently updated). Scores: P3 +3, P6 +2, P5 +2, P4 0 (one up, one
 * down), P1 0, P7 0, P8 0, P2 −1.
 */
const P1 = 'Sourdough starter is sluggish';
const P2 = 'Chocolate chip cookies spread too much';
const P3 = 'Best stand mixer for bread dough?';
const P4 = 'Lamination tips for croissants';
const P5 = 'Pricing custom cakes';
const P6 = 'Royal icing consistency';
const P7 = 'Sourdough discard crackers';
const P8 = 'Gluten free brioche';

/** updatedAt descending: P2 was edited last. */
const LATEST = [P2, P8, P7, P6, P5, P4, P3, P1];
const OLDEST = [...LATEST].reverse();
/** Score descending, the newest post first among equal scores. */
const TRENDING = [P3, P6, P5, P8, P7, P4, P1, P2];

describe('question lists', () => {
  let t: TestApp;
  let api: ApiClient;
  let alice: SignedUpUser;
  let bob: SignedUpUser;
  let carol: SignedUpUser;
  let dave: SignedUpUser;
  let erin: SignedUpUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    alice = await signUp(api, { username: 'alice' });
    bob = await signUp(api, { username: 'bob' });
    carol = await signUp(api, { username: 'carol' });
    dave = await signUp(api, { username: 'dave' });
    erin = await signUp(api, { username: 'erin' });

    const post = async (user: SignedUpUser, questionTitle: string, questionText: string, tags: string[]) => {
      ids[questionTitle] = await postQuestion(api, user, { questionTitle, questionText, tags });
    };
    await post(alice, P1, 'My starter barely rises after feeding.', ['Breads', 'Recipes']);
    await post(bob, P2, 'They turn flat and greasy in the oven.', ['Cookies']);
    await post(carol, P3, 'Looking for a sturdy machine.', ['Baking Tools', 'Breads']);
    await post(alice, P4, 'Butter keeps breaking through the layers.', ['Pastry']);
    await post(dave, P5, 'How do you price a wedding order?', ['Business', 'Cake']);
    await post(bob, P6, 'It cracks when it dries.', ['Icing', 'Cake Decoration']);
    await post(carol, P7, 'Any good recipes for leftover discard?', ['breads']);
    await post(erin, P8, 'Can it work without wheat flour?', []);

    const edited = await api.post(
      `/api/questions/edit/${ids[P2]}`,
      { questionData: { questionTitle: P2, questionText: 'They turn flat even on parchment.', tags: ['Cookies'] } },
      bob.token,
    );
    expect(edited.status).toBe(201);

    await react(api, alice, ids[P3] ?? '', 'upvote');
    await react(api, bob, ids[P3] ?? '', 'upvote');
    await react(api, dave, ids[P3] ?? '', 'upvote');
    await react(api, alice, ids[P5] ?? '', 'upvote');
    await react(api, erin, ids[P5] ?? '', 'upvote');
    await react(api, carol, ids[P6] ?? '', 'upvote');
    await react(api, dave, ids[P6] ?? '', 'upvote');
    await react(api, alice, ids[P2] ?? '', 'downvote');
    await react(api, bob, ids[P4] ?? '', 'upvote');
    await react(api, carol, ids[P4] ?? '', 'downvote');

    await bookmark(api, alice, ids[P3] ?? '');
    await bookmark(api, alice, ids[P8] ?? '');

    // alice follows bob: her feed is her own posts and bob's.
    await follow(api, alice, bob);
  });
  afterAll(() => t.close());

  describe('GET /api/questions sorting', () => {
    it('defaults to latest: updatedAt descending, so an edited post comes first', async () => {
      const response = await api.get<QuestionPage>('/api/questions');
      expect(response.status).toBe(200);
      expect(response.body.nextCursor).toBeNull();
      expect(titlesOf(response.body.questions)).toEqual(LATEST);
      const times = response.body.questions.map((q) => Date.parse(q.updatedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(await listTitles(api, '/api/questions?sort=latest')).toEqual(LATEST);
    });

    it('sort=oldest is updatedAt ascending', async () => {
      expect(await listTitles(api, '/api/questions?sort=oldest')).toEqual(OLDEST);
    });

    it('sort=trending is score descending, newest first on ties', async () => {
      const response = await api.get<QuestionPage>('/api/questions?sort=trending');
      expect(response.status).toBe(200);
      expect(titlesOf(response.body.questions)).toEqual(TRENDING);
      expect(response.body.questions.map((q) => q.votes.upvotes - q.votes.downvotes)).toEqual([
        3, 2, 2, 0, 0, 0, 0, -1,
      ]);
    });

    it('walks every sort two at a time: each post exactly once, in order, the last cursor null', async () => {
      expect(await walkTitles(api, '/api/questions')).toEqual(LATEST);
      expect(await walkTitles(api, '/api/questions?sort=latest')).toEqual(LATEST);
      expect(await walkTitles(api, '/api/questions?sort=oldest')).toEqual(OLDEST);
      expect(await walkTitles(api, '/api/questions?sort=trending')).toEqual(TRENDING);
      // Page sizes that do not divide the list, and one that holds it all.
      for (const limit of [1, 3, 8, 100]) {
        const pages = await walkPages(api, '/api/questions?sort=trending', 'questions', limit);
        expect(pages.flat().map((q) => q.questionTitle)).toEqual(TRENDING);
      }
    });
  });

  describe("the caller's flags in lists", () => {
    it('shows bookmarked and myVote for the caller only', async () => {
      const asAlice = await api.get<QuestionPage>('/api/questions', alice.token);
      expect(asAlice.status).toBe(200);
      const flags = Object.fromEntries(
        asAlice.body.questions.map((q) => [q.questionTitle, { bookmarked: q.bookmarked, myVote: q.votes.myVote }]),
      );
      expect(flags).toEqual({
        [P1]: { bookmarked: false, myVote: null },
        [P2]: { bookmarked: false, myVote: 'downvote' },
        [P3]: { bookmarked: true, myVote: 'upvote' },
        [P4]: { bookmarked: false, myVote: null },
        [P5]: { bookmarked: false, myVote: 'upvote' },
        [P6]: { bookmarked: false, myVote: null },
        [P7]: { bookmarked: false, myVote: null },
        [P8]: { bookmarked: true, myVote: null },
      });

      const asBob = await api.get<QuestionPage>('/api/questions', bob.token);
      const bobFlags = Object.fromEntries(
        asBob.body.questions.map((q) => [q.questionTitle, { bookmarked: q.bookmarked, myVote: q.votes.myVote }]),
      );
      expect(bobFlags[P3]).toEqual({ bookmarked: false, myVote: 'upvote' });
      expect(bobFlags[P4]).toEqual({ bookmarked: false, myVote: 'upvote' });
      expect(bobFlags[P8]).toEqual({ bookmarked: false, myVote: null });
      expect(bobFlags[P2]).toEqual({ bookmarked: false, myVote: null });

      const anonymous = await api.get<QuestionPage>('/api/questions');
      for (const q of anonymous.body.questions) {
        expect(q.bookmarked, q.questionTitle).toBe(false);
        expect(q.votes.myVote, q.questionTitle).toBeNull();
      }
    });

    it('carries exact vote counts and the voters', async () => {
      const response = await api.get<QuestionPage>('/api/questions?sort=trending&limit=1');
      const [top] = response.body.questions;
      expect(top?.questionTitle).toBe(P3);
      expect(top?.votes.upvotes).toBe(3);
      expect(top?.votes.downvotes).toBe(0);
      expect([...(top?.votes.upvotedBy ?? [])].sort()).toEqual(['alice', 'bob', 'dave']);
      expect(top?.votes.downvotedBy).toEqual([]);
    });

    it('are right in search, tag, author, feed and bookmark lists too', async () => {
      const urls = [
        '/api/questions?q=mixer',
        '/api/questions?tag=baking%20tools',
        '/api/questions?author=carol&sort=trending',
        '/api/user/questions/carol',
        '/api/bookmarks',
      ];
      for (const url of urls) {
        const response = await api.get<QuestionPage>(url, alice.token);
        expect(response.status, url).toBe(200);
        const p3 = response.body.questions.find((q) => q.questionTitle === P3);
        expect(p3, url).toMatchObject({ bookmarked: true, votes: { myVote: 'upvote', upvotes: 3 } });
      }
      const feed = await api.get<QuestionPage>('/api/feed', alice.token);
      const p2 = feed.body.questions.find((q) => q.questionTitle === P2);
      expect(p2).toMatchObject({ bookmarked: false, votes: { myVote: 'downvote', downvotes: 1 } });
    });
  });

  describe('tag filter', () => {
    it('matches a tag case-insensitively, exactly (not as a part of a longer tag)', async () => {
      expect(await listTitles(api, '/api/questions?tag=Breads')).toEqual([P7, P3, P1]);
      expect(await listTitles(api, '/api/questions?tag=BREADS')).toEqual([P7, P3, P1]);
      expect(await listTitles(api, '/api/questions?tag=%20breads%20')).toEqual([P7, P3, P1]);
      expect(await listTitles(api, '/api/questions?tag=cake')).toEqual([P5]);
      expect(await listTitles(api, '/api/questions?tag=Cake%20Decoration')).toEqual([P6]);
      expect(await listTitles(api, '/api/questions?tag=Donuts')).toEqual([]);
    });

    it('keeps the tags as the author wrote them', async () => {
      const response = await api.get<QuestionPage>('/api/questions?tag=breads');
      expect(response.body.questions.map((q) => q.tags)).toEqual([
        ['breads'],
        ['Baking Tools', 'Breads'],
        ['Breads', 'Recipes'],
      ]);
    });

    it('repeated tag= is any-match, listing a post with several of the tags once', async () => {
      expect(await listTitles(api, '/api/questions?tag=Breads&tag=Cookies')).toEqual([P2, P7, P3, P1]);
      expect(await listTitles(api, '/api/questions?tag=Breads&tag=Baking%20Tools')).toEqual([P7, P3, P1]);
      expect(await listTitles(api, '/api/questions?tag=Breads&tag=breads&tag=BREADS')).toEqual([P7, P3, P1]);
      expect(await listTitles(api, '/api/questions?tag=Breads&tag=Recipes&tag=Baking%20Tools&sort=oldest')).toEqual([
        P1,
        P3,
        P7,
      ]);
    });

    it('works with every sort and pages through without gaps or repeats', async () => {
      const url = '/api/questions?tag=Breads&tag=Cake&tag=Baking%20Tools&tag=Cookies';
      expect(await walkTitles(api, url)).toEqual([P2, P7, P5, P3, P1]);
      expect(await walkTitles(api, `${url}&sort=oldest`)).toEqual([P1, P3, P5, P7, P2]);
      expect(await walkTitles(api, `${url}&sort=trending`)).toEqual([P3, P5, P7, P1, P2]);
      expect(await walkTitles(api, '/api/questions?tag=breads&sort=trending')).toEqual([P3, P7, P1]);
    });

    it('accepts 10 tag filters and rejects more than 10', async () => {
      const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag=t${i}`).join('&');
      const ten = await api.get<QuestionPage>(`/api/questions?${tags(9)}&tag=Pastry`);
      expect(ten.status).toBe(200);
      expect(titlesOf(ten.body.questions)).toEqual([P4]);
      await expectBadRequest(api, `/api/questions?${tags(11)}`, 'At most 10 tags can be filtered at once.');
    });

    it('rejects an empty or overlong tag filter', async () => {
      await expectBadRequest(api, '/api/questions?tag=', /tag/i);
      await expectBadRequest(api, `/api/questions?tag=${'x'.repeat(31)}`, messages.tagTooLong);
    });

    it('rejects a tag filter with a NUL, in every list (PostgreSQL cannot compare such text)', async () => {
      for (const tag of ['a%00b', '%00']) {
        await expectBadRequest(api, `/api/questions?tag=${tag}`, messages.badText);
        await expectBadRequest(api, `/api/user/questions/carol?tag=${tag}`, messages.badText);
        await expectBadRequest(api, `/api/feed?tag=${tag}`, messages.badText, alice.token);
      }
    });
  });

  describe('author filter and GET /api/user/questions/:username', () => {
    it('author= lists one author, case-insensitively, with sorts and tags', async () => {
      expect(await listTitles(api, '/api/questions?author=alice')).toEqual([P4, P1]);
      expect(await listTitles(api, '/api/questions?author=ALICE')).toEqual([P4, P1]);
      expect(await listTitles(api, '/api/questions?author=alice&sort=oldest')).toEqual([P1, P4]);
      expect(await listTitles(api, '/api/questions?author=bob&sort=trending')).toEqual([P6, P2]);
      expect(await listTitles(api, '/api/questions?author=alice&tag=pastry')).toEqual([P4]);
      expect(await listTitles(api, '/api/questions?author=nobody')).toEqual([]);
      // Bytes no username can hold (PostgreSQL refuses a NUL) find nobody rather than fail.
      expect(await listTitles(api, '/api/questions?author=al%00ice')).toEqual([]);
      expect(await listTitles(api, '/api/feed?author=b%00ob', alice.token)).toEqual([]);
      expect(await walkTitles(api, '/api/questions?author=bob')).toEqual([P2, P6]);
    });

    it("GET /api/user/questions/:username lists that author's posts", async () => {
      const response = await api.get<QuestionPage>('/api/user/questions/carol');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        questions: [
          expect.objectContaining({ questionTitle: P7, username: 'carol' }),
          expect.objectContaining({ questionTitle: P3, username: 'carol' }),
        ],
        nextCursor: null,
      });
      expect(await listTitles(api, '/api/user/questions/Carol')).toEqual([P7, P3]);
      expect(await listTitles(api, '/api/user/questions/carol?sort=oldest')).toEqual([P3, P7]);
      expect(await listTitles(api, '/api/user/questions/carol?sort=trending')).toEqual([P3, P7]);
      expect(await listTitles(api, '/api/user/questions/carol?tag=baking%20tools')).toEqual([P3]);
      expect(await listTitles(api, '/api/user/questions/carol?q=discard')).toEqual([P7]);
      expect(await listTitles(api, '/api/user/questions/erin')).toEqual([P8]);
      expect(await walkTitles(api, '/api/user/questions/alice?sort=oldest')).toEqual([P1, P4]);
      const pages = await walkPages(api, '/api/user/questions/alice', 'questions', 1);
      expect(pages.map(titlesOf)).toEqual([[P4], [P1]]);
    });

    it('answers an empty list for a user with no posts', async () => {
      const quiet = await signUp(api, { username: 'quiet_one' });
      const response = await api.get<QuestionPage>(`/api/user/questions/${quiet.username}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ questions: [], nextCursor: null });
    });

    it('answers 404 User not found. for an unknown username', async () => {
      for (const name of ['nobody', 'no such user', 'car\u0000ol']) {
        const response = await api.get<ErrorJson>(`/api/user/questions/${encodeURIComponent(name)}`);
        expect(response.status).toBe(404);
        expect(response.body.errors).toEqual(['User not found.']);
      }
    });

    it('validates its query like the other lists', async () => {
      await expectBadRequest(api, '/api/user/questions/alice?sort=bogus', 'sort must be latest, oldest or trending.');
      await expectBadRequest(api, '/api/user/questions/alice?limit=0', 'limit must be a whole number from 1 to 100.');
    });
  });

  describe('search (q=)', () => {
    it('is a case-insensitive word-prefix search over the title', async () => {
      expect(await listTitles(api, '/api/questions?q=sourd')).toEqual([P7, P1]);
      expect(await listTitles(api, '/api/questions?q=SOURDOUGH')).toEqual([P7, P1]);
      expect(await listTitles(api, '/api/questions?q=Lamin')).toEqual([P4]);
      // A prefix of a word, not any substring: "dough" does not find "Sourdough".
      expect(await listTitles(api, '/api/questions?q=dough')).toEqual([P3]);
      expect(await listTitles(api, '/api/questions?q=ough')).toEqual([]);
    });

    it('finds words of the description', async () => {
      expect(await listTitles(api, '/api/questions?q=wedding')).toEqual([P5]);
      expect(await listTitles(api, '/api/questions?q=butt')).toEqual([P4]);
      expect(await listTitles(api, '/api/questions?q=flour')).toEqual([P8]);
    });

    it('searches the current text after an edit', async () => {
      expect(await listTitles(api, '/api/questions?q=parchment')).toEqual([P2]);
      expect(await listTitles(api, '/api/questions?q=greasy')).toEqual([]);
    });

    it("finds the author's username", async () => {
      expect(await listTitles(api, '/api/questions?q=carol')).toEqual([P7, P3]);
      expect(await listTitles(api, '/api/questions?q=Dav')).toEqual([P5]);
    });

    it('finds tag words', async () => {
      expect(await listTitles(api, '/api/questions?q=pastry')).toEqual([P4]);
      expect(await listTitles(api, '/api/questions?q=decoration')).toEqual([P6]);
      expect(await listTitles(api, '/api/questions?q=busin')).toEqual([P5]);
      // "bread" is a word of P3's title and a prefix of the Breads tags of P1, P3 and P7.
      expect(await listTitles(api, '/api/questions?q=bread')).toEqual([P7, P3, P1]);
    });

    it('needs every word of a multi-word search (AND), across fields', async () => {
      expect(await listTitles(api, '/api/questions?q=sourdough%20discard')).toEqual([P7]);
      expect(await listTitles(api, '/api/questions?q=sourdough+starter')).toEqual([P1]);
      expect(await listTitles(api, '/api/questions?q=sourdough%20alice')).toEqual([P1]);
      expect(await listTitles(api, '/api/questions?q=Starter,%20FEEDING!')).toEqual([P1]);
      expect(await listTitles(api, '/api/questions?q=sourdough%20wedding')).toEqual([]);
    });

    it('answers an empty list when nothing matches', async () => {
      const response = await api.get<QuestionPage>('/api/questions?q=zzqqxx');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ questions: [], nextCursor: null });
    });

    it('treats an empty or blank q as no search', async () => {
      expect(await listTitles(api, '/api/questions?q=')).toEqual(LATEST);
      expect(await listTitles(api, '/api/questions?q=%20%20')).toEqual(LATEST);
    });

    it('combines with tag, author and the sorts', async () => {
      expect(await listTitles(api, '/api/questions?q=sourdough&tag=Recipes')).toEqual([P1]);
      expect(await listTitles(api, '/api/questions?q=sourdough&tag=Recipes&tag=breads')).toEqual([P7, P1]);
      expect(await listTitles(api, '/api/questions?q=sourdough&author=carol')).toEqual([P7]);
      expect(await listTitles(api, '/api/questions?q=sourdough&author=nobody')).toEqual([]);
      expect(await listTitles(api, '/api/questions?q=sourdough&sort=oldest')).toEqual([P1, P7]);
      expect(await listTitles(api, '/api/questions?q=bread&sort=oldest')).toEqual([P1, P3, P7]);
      expect(await listTitles(api, '/api/questions?q=bread&sort=trending')).toEqual([P3, P7, P1]);
      expect(await listTitles(api, '/api/questions?q=cake&sort=trending')).toEqual([P6, P5]);
    });

    it('pages through search results with every sort', async () => {
      expect(await walkTitles(api, '/api/questions?q=bread')).toEqual([P7, P3, P1]);
      expect(await walkTitles(api, '/api/questions?q=bread&sort=oldest')).toEqual([P1, P3, P7]);
      expect(await walkTitles(api, '/api/questions?q=bread&sort=trending')).toEqual([P3, P7, P1]);
      const pages = await walkPages(api, '/api/questions?q=bread&sort=trending', 'questions', 1);
      expect(pages.map(titlesOf)).toEqual([[P3], [P7], [P1]]);
    });

    it('orders matches by post creation for latest and oldest (docs/decisions.md, 10)', async () => {
      // bob wrote P2 before P6, then edited P2: the plain list moves P2 up, search keeps creation order,
      // which the full-text index serves without sorting.
      expect(await listTitles(api, '/api/questions?author=bob')).toEqual([P2, P6]);
      expect(await listTitles(api, '/api/questions?q=bob')).toEqual([P6, P2]);
      expect(await listTitles(api, '/api/questions?q=bob&sort=oldest')).toEqual([P2, P6]);
    });

    it('rejects a search over 200 characters', async () => {
      await expectBadRequest(api, `/api/questions?q=${'a'.repeat(201)}`, 'Must be at most 200 characters.');
    });

    it('reports one problem per parameter: a search or tag too long is not also called malformed', async () => {
      for (const [url, message] of [
        [`/api/questions?q=${'a'.repeat(201)}%00`, 'Must be at most 200 characters.'],
        [`/api/questions?tag=${'a'.repeat(31)}%00`, messages.tagTooLong],
      ] as const) {
        const response = await api.get<ErrorJson>(url);
        expect(response.status, url).toBe(400);
        expect(response.body.errors, url).toEqual([message]);
      }
    });
  });

  describe('query validation', () => {
    it('rejects a limit that is not a whole number from 1 to 100', async () => {
      for (const limit of ['0', '101', 'x', '-1', '1.5', '', '0x10', '1e1', '%205', '%2B5', '1000']) {
        await expectBadRequest(api, `/api/questions?limit=${limit}`, 'limit must be a whole number from 1 to 100.');
      }
      const max = await api.get<QuestionPage>('/api/questions?limit=100');
      expect(max.status).toBe(200);
      expect(titlesOf(max.body.questions)).toEqual(LATEST);
    });

    it('rejects an unknown sort', async () => {
      await expectBadRequest(api, '/api/questions?sort=bogus', 'sort must be latest, oldest or trending.');
      await expectBadRequest(api, '/api/questions?sort=LATEST', 'sort must be latest, oldest or trending.');
    });

    it('rejects a cursor of another ordering', async () => {
      const latest = await api.get<QuestionPage>('/api/questions?limit=2');
      const cursor = encodeURIComponent(latest.body.nextCursor ?? '');
      expect(cursor).not.toBe('');
      for (const other of ['sort=trending', 'sort=oldest', 'q=bread']) {
        await expectBadRequest(api, `/api/questions?${other}&cursor=${cursor}`, messages.invalidCursor);
      }
      const bookmarks = await api.get<QuestionPage>('/api/bookmarks?limit=1', alice.token);
      const bookmarkCursor = encodeURIComponent(bookmarks.body.nextCursor ?? '');
      expect(bookmarkCursor).not.toBe('');
      await expectBadRequest(api, `/api/questions?cursor=${bookmarkCursor}`, messages.invalidCursor);
      // The same cursor still works with its own ordering.
      const next = await api.get<QuestionPage>(`/api/questions?limit=2&cursor=${cursor}`);
      expect(next.status).toBe(200);
      expect(titlesOf(next.body.questions)).toEqual(LATEST.slice(2, 4));
    });

    it('rejects garbage cursors', async () => {
      for (const cursor of [
        'garbage',
        '%%%',
        base64urlJson({ order: 'latest' }),
        base64urlJson(['latest', 1]),
        base64urlJson(['latest', 'x', 1]),
        base64urlJson(['latest', 1.5, 1]),
        'x'.repeat(501),
      ]) {
        await expectBadRequest(api, `/api/questions?cursor=${encodeURIComponent(cursor)}`, messages.invalidCursor);
      }
    });
  });

  describe('GET /api/feed', () => {
    it("holds only the caller's own posts and posts of users they follow", async () => {
      const response = await api.get<QuestionPage>('/api/feed', alice.token);
      expect(response.status).toBe(200);
      expect(response.body.nextCursor).toBeNull();
      expect(titlesOf(response.body.questions)).toEqual([P2, P6, P4, P1]);
      expect(new Set(response.body.questions.map((q) => q.username))).toEqual(new Set(['alice', 'bob']));
      // Someone who follows nobody sees only their own posts.
      expect(await listTitles(api, '/api/feed', erin.token)).toEqual([P8]);
    });

    it('supports the sorts, tags and search', async () => {
      expect(await listTitles(api, '/api/feed?sort=oldest', alice.token)).toEqual([P1, P4, P6, P2]);
      expect(await listTitles(api, '/api/feed?sort=trending', alice.token)).toEqual([P6, P4, P1, P2]);
      expect(await listTitles(api, '/api/feed?tag=icing', alice.token)).toEqual([P6]);
      expect(await listTitles(api, '/api/feed?tag=Breads', alice.token)).toEqual([P1]);
      expect(await listTitles(api, '/api/feed?tag=Pastry&tag=Cookies', alice.token)).toEqual([P2, P4]);
      expect(await listTitles(api, '/api/feed?q=sourdough', alice.token)).toEqual([P1]);
      expect(await listTitles(api, '/api/feed?q=bob', alice.token)).toHaveLength(2);
      expect(await listTitles(api, '/api/feed?q=mixer', alice.token)).toEqual([]);
      expect(await listTitles(api, '/api/feed?q=sourdough&sort=trending', alice.token)).toEqual([P1]);
    });

    it('never shows posts of authors the caller does not follow, even when asked for by author=', async () => {
      expect(await listTitles(api, '/api/feed?author=bob', alice.token)).toEqual([P2, P6]);
      expect(await listTitles(api, '/api/feed?author=carol', alice.token)).toEqual([]);
      expect(await listTitles(api, '/api/feed?author=carol&q=sourdough', alice.token)).toEqual([]);
    });

    it('pages through with every sort', async () => {
      expect(await walkTitles(api, '/api/feed', alice.token)).toEqual([P2, P6, P4, P1]);
      expect(await walkTitles(api, '/api/feed?sort=oldest', alice.token)).toEqual([P1, P4, P6, P2]);
      expect(await walkTitles(api, '/api/feed?sort=trending', alice.token)).toEqual([P6, P4, P1, P2]);
      const pages = await walkPages(api, '/api/feed?sort=trending', 'questions', 3, alice.token);
      expect(pages.map(titlesOf)).toEqual([[P6, P4, P1], [P2]]);
    });

    it('answers 401 without a valid token', async () => {
      for (const token of [undefined, 'not-a-token']) {
        const response = await api.get<ErrorJson>('/api/feed', token);
        expect(response.status).toBe(401);
        expect(response.body.errors).toEqual([messages.invalidToken]);
      }
    });

    it('validates its query like the other lists', async () => {
      await expectBadRequest(api, '/api/feed?sort=bogus', 'sort must be latest, oldest or trending.', alice.token);
      await expectBadRequest(api, '/api/feed?limit=101', 'limit must be a whole number from 1 to 100.', alice.token);
      await expectBadRequest(api, '/api/feed?cursor=garbage', messages.invalidCursor, alice.token);
    });
  });

  describe('GET /api/bookmarks', () => {
    it("lists the caller's bookmarks, bookmarked=true, most recently bookmarked first", async () => {
      const response = await api.get<QuestionPage>('/api/bookmarks', alice.token);
      expect(response.status).toBe(200);
      expect(response.body.nextCursor).toBeNull();
      expect(titlesOf(response.body.questions)).toEqual([P8, P3]);
      expect(response.body.questions.every((q) => q.bookmarked)).toBe(true);
      // Nobody else's bookmarks show up.
      const asBob = await api.get<QuestionPage>('/api/bookmarks', bob.token);
      expect(asBob.status).toBe(200);
      expect(asBob.body).toEqual({ questions: [], nextCursor: null });
    });

    it('answers 401 without a valid token', async () => {
      for (const token of [undefined, 'not-a-token']) {
        const response = await api.get<ErrorJson>('/api/bookmarks', token);
        expect(response.status).toBe(401);
        expect(response.body.errors).toEqual([messages.invalidToken]);
      }
    });

    it('validates limit and cursor', async () => {
      await expectBadRequest(api, '/api/bookmarks?limit=0', 'limit must be a whole number from 1 to 100.', alice.token);
      await expectBadRequest(api, '/api/bookmarks?cursor=garbage', messages.invalidCursor, alice.token);
      const latest = await api.get<QuestionPage>('/api/questions?limit=1');
      await expectBadRequest(
        api,
        `/api/bookmarks?cursor=${encodeURIComponent(latest.body.nextCursor ?? '')}`,
        messages.invalidCursor,
        alice.token,
      );
    });
  });
});

describe('lists that change', () => {
  let t: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  it('GET /api/questions answers 20 posts by default, with a cursor to the rest', async () => {
    const author = await signUp(api);
    for (let i = 1; i <= 23; i += 1) await postQuestion(api, author, { questionTitle: `Post ${i}` });
    const first = await api.get<QuestionPage>(`/api/questions?author=${author.username}`);
    expect(first.status).toBe(200);
    expect(first.body.questions).toHaveLength(20);
    expect(first.body.questions[0]?.questionTitle).toBe('Post 23');
    expect(first.body.questions[19]?.questionTitle).toBe('Post 4');
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const rest = await api.get<QuestionPage>(
      `/api/questions?author=${author.username}&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`,
    );
    expect(titlesOf(rest.body.questions)).toEqual(['Post 3', 'Post 2', 'Post 1']);
    expect(rest.body.nextCursor).toBeNull();
  });

  it('trending follows votes as they change', async () => {
    const author = await signUp(api);
    const voters = [await signUp(api), await signUp(api), await signUp(api)];
    const a = await postQuestion(api, author, { questionTitle: 'Trend A', tags: ['Trendtag'] });
    const b = await postQuestion(api, author, { questionTitle: 'Trend B', tags: ['Trendtag'] });
    const c = await postQuestion(api, author, { questionTitle: 'Trend C', tags: ['Trendtag'] });
    const url = '/api/questions?tag=trendtag&sort=trending';
    expect(await listTitles(api, url)).toEqual(['Trend C', 'Trend B', 'Trend A']);

    for (const voter of voters) await react(api, voter, a, 'upvote');
    await react(api, voters[0] as SignedUpUser, b, 'upvote');
    await react(api, voters[1] as SignedUpUser, c, 'downvote');
    expect(await listTitles(api, url)).toEqual(['Trend A', 'Trend B', 'Trend C']);
    expect(await walkTitles(api, url)).toEqual(['Trend A', 'Trend B', 'Trend C']);
    expect(await listTitles(api, `/api/questions?author=${author.username}&sort=trending`)).toEqual([
      'Trend A',
      'Trend B',
      'Trend C',
    ]);

    // Two downvotes turn A's +3 into +1; the unvote on C brings it back to 0.
    const downA1 = await api.post(`/api/votes/react/${a}`, { reaction: 'downvote' }, voters[0]?.token);
    expect(downA1.status).toBe(201);
    const downA2 = await api.post(`/api/votes/react/${a}`, { reaction: 'downvote' }, voters[1]?.token);
    expect(downA2.status).toBe(201);
    const unvoteC = await api.post(`/api/votes/react/${c}`, { reaction: 'unvote' }, voters[1]?.token);
    expect(unvoteC.status).toBe(201);
    // A: 1 up, 2 down = −1; B: +1; C: 0.
    expect(await listTitles(api, url)).toEqual(['Trend B', 'Trend C', 'Trend A']);
    expect(await listTitles(api, `/api/questions?q=trend&sort=trending`)).toEqual(['Trend B', 'Trend C', 'Trend A']);
  });

  it('search treats search syntax as plain words and handles non-ASCII letters', async () => {
    const author = await signUp(api);
    await postQuestion(api, author, {
      questionTitle: 'Crème brûlée cracks',
      questionText: 'The custard is NOT setting, or is it? (help)',
      tags: ['Pâtisserie'],
    });
    const found = ['Crème brûlée cracks'];
    expect(await listTitles(api, '/api/questions?q=cr%C3%A8me')).toEqual(found);
    expect(await listTitles(api, '/api/questions?q=CR%C3%88ME%20BR%C3%BBL')).toEqual(found);
    expect(await listTitles(api, `/api/questions?q=${encodeURIComponent('pâtis')}`)).toEqual(found);
    for (const q of ['NOT', 'or', 'custard OR', '"custard', 'custard*', '(help)', 'NOT setting', "custard's"]) {
      const response = await api.get<QuestionPage>(`/api/questions?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      expect(titlesOf(response.body.questions), q).toEqual(found);
    }
    for (const q of ['*', '"', '-', 'AND', ':*', "'"]) {
      const response = await api.get<QuestionPage>(`/api/questions?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      expect(response.body.nextCursor, q).toBeNull();
    }
  });

  it('search leaves out one-letter words beside longer ones, and takes them as whole words alone', async () => {
    const author = await signUp(api);
    await postQuestion(api, author, {
      questionTitle: 'Plan B for a flat focaccia',
      questionText: 'Would a second rise help?',
      tags: ['Onelettertest'],
    });
    await postQuestion(api, author, { questionTitle: 'Bagels boiled too long', tags: ['Onelettertest'] });
    const scoped = (q: string) => `/api/questions?tag=onelettertest&q=${encodeURIComponent(q)}`;
    // Alone, a one-letter word is a whole word: "b" finds "Plan B", not "Bagels" or "boiled".
    expect(await listTitles(api, scoped('b'))).toEqual(['Plan B for a flat focaccia']);
    expect(await listTitles(api, scoped('a b'))).toEqual(['Plan B for a flat focaccia']);
    expect(await listTitles(api, scoped('x'))).toEqual([]);
    // Beside a longer word it is left out: "bagel's" searches for "bagel".
    expect(await listTitles(api, scoped("bagel's"))).toEqual(['Bagels boiled too long']);
    expect(await listTitles(api, scoped('z focac'))).toEqual(['Plan B for a flat focaccia']);
    // A letter beyond the Basic Multilingual Plane is one letter too, though two UTF-16 units.
    expect(await listTitles(api, scoped('\u{20BB7} focac'))).toEqual(['Plan B for a flat focaccia']);
  });

  it('an edit moves a post to the top of latest in the tag and author lists as well', async () => {
    const author = await signUp(api);
    const first = await postQuestion(api, author, { questionTitle: 'Edit me', tags: ['Edittag'] });
    await postQuestion(api, author, { questionTitle: 'Leave me', tags: ['Edittag'] });
    const edited = await api.post(
      `/api/questions/edit/${first}`,
      { questionData: { questionTitle: 'Edited', questionText: 'Changed.', tags: ['Edittag'] } },
      author.token,
    );
    expect(edited.status).toBe(201);
    expect(await listTitles(api, '/api/questions?tag=edittag')).toEqual(['Edited', 'Leave me']);
    expect(await listTitles(api, '/api/questions?tag=edittag&sort=oldest')).toEqual(['Leave me', 'Edited']);
    expect(await listTitles(api, `/api/user/questions/${author.username}`)).toEqual(['Edited', 'Leave me']);
  });

  it('the feed follows follows and unfollows', async () => {
    const reader = await signUp(api);
    const writer = await signUp(api);
    await postQuestion(api, writer, { questionTitle: 'From the writer' });
    expect(await listTitles(api, '/api/feed', reader.token)).toEqual([]);

    await follow(api, reader, writer);
    expect(await listTitles(api, '/api/feed', reader.token)).toEqual(['From the writer']);

    const unfollowed = await api.post(`/api/users/unfollow/${writer.id}`, undefined, reader.token);
    expect(unfollowed.status).toBe(200);
    expect(await listTitles(api, '/api/feed', reader.token)).toEqual([]);
  });

  it('the feed of someone following more than 200 bakers still holds only their posts, in order', async () => {
    const reader = await signUp(api);
    const stranger = await signUp(api);
    const followed: SignedUpUser[] = [];
    for (let i = 0; i < 202; i += 1) {
      const user = await signUp(api);
      await follow(api, reader, user);
      followed.push(user);
    }
    const [w1, w2, w3] = followed.slice(-3) as [SignedUpUser, SignedUpUser, SignedUpUser];
    await postQuestion(api, w1, { questionTitle: 'Wide feed one', tags: ['Widetag'] });
    await postQuestion(api, stranger, { questionTitle: 'Not followed', tags: ['Widetag'] });
    await postQuestion(api, reader, { questionTitle: 'Wide feed own', tags: [] });
    await postQuestion(api, w2, { questionTitle: 'Wide feed two', tags: ['Widetag'] });
    await postQuestion(api, followed[0] as SignedUpUser, { questionTitle: 'Wide feed first followed', tags: [] });
    const three = await postQuestion(api, w3, { questionTitle: 'Wide feed three', tags: ['Widetag'] });
    await react(api, reader, three, 'upvote');

    const latest = ['Wide feed three', 'Wide feed first followed', 'Wide feed two', 'Wide feed own', 'Wide feed one'];
    expect(await walkTitles(api, '/api/feed', reader.token)).toEqual(latest);
    expect(await walkTitles(api, '/api/feed?sort=oldest', reader.token)).toEqual([...latest].reverse());
    expect(await walkTitles(api, '/api/feed?sort=trending', reader.token)).toEqual(latest);
    expect(await listTitles(api, '/api/feed?tag=widetag', reader.token)).toEqual([
      'Wide feed three',
      'Wide feed two',
      'Wide feed one',
    ]);
    expect(await listTitles(api, '/api/feed?q=wide%20feed%20own', reader.token)).toEqual(['Wide feed own']);
    expect(await listTitles(api, '/api/feed?q=followed', reader.token)).toEqual(['Wide feed first followed']);
    expect(await listTitles(api, '/api/feed?q=not%20followed', reader.token)).toEqual([]);

    // Once more than 200 of them have posted, PostgreSQL reads the feed from the global list, filtered.
    for (const user of followed.slice(1, 198))
      await postQuestion(api, user, { questionTitle: `Wide ${user.username}` });
    const newest = followed
      .slice(193, 198)
      .reverse()
      .map((user) => `Wide ${user.username}`);
    const first = await api.get<QuestionPage>('/api/feed?limit=5', reader.token);
    expect(titlesOf(first.body.questions)).toEqual(newest);
    const oldest = await api.get<QuestionPage>('/api/feed?sort=oldest&limit=5', reader.token);
    expect(titlesOf(oldest.body.questions)).toEqual([...latest].reverse());
    expect(await listTitles(api, '/api/feed?tag=widetag', reader.token)).toEqual([
      'Wide feed three',
      'Wide feed two',
      'Wide feed one',
    ]);
    const everything = await walkPages(api, '/api/feed', 'questions', 100, reader.token);
    expect(everything.flat()).toHaveLength(5 + 197);
  });

  it('GET /api/bookmarks: newest bookmark first, paged, and updated as bookmarks come and go', async () => {
    const author = await signUp(api);
    const reader = await signUp(api);
    const q1 = await postQuestion(api, author, { questionTitle: 'Mark 1' });
    const q2 = await postQuestion(api, author, { questionTitle: 'Mark 2' });
    const q3 = await postQuestion(api, author, { questionTitle: 'Mark 3' });
    const q4 = await postQuestion(api, author, { questionTitle: 'Mark 4' });
    const q5 = await postQuestion(api, author, { questionTitle: 'Mark 5' });
    // Bookmarked in an order unlike posting order.
    for (const id of [q3, q1, q5, q2, q4]) await bookmark(api, reader, id);

    const expected = ['Mark 4', 'Mark 2', 'Mark 5', 'Mark 1', 'Mark 3'];
    expect(await listTitles(api, '/api/bookmarks', reader.token)).toEqual(expected);
    const pages = await walkPages(api, '/api/bookmarks', 'questions', 2, reader.token);
    expect(pages.map(titlesOf)).toEqual([['Mark 4', 'Mark 2'], ['Mark 5', 'Mark 1'], ['Mark 3']]);
    expect(pages.flat().every((q) => q.bookmarked)).toBe(true);

    // Editing a post does not reorder bookmarks; removing and re-adding one puts it on top.
    const edit = await api.post(
      `/api/questions/edit/${q3}`,
      { questionData: { questionTitle: 'Mark 3', questionText: 'Edited.', tags: [] } },
      author.token,
    );
    expect(edit.status).toBe(201);
    expect(await listTitles(api, '/api/bookmarks', reader.token)).toEqual(expected);

    const removed = await api.post(`/api/question/removeBookmark/${q5}`, undefined, reader.token);
    expect(removed.status).toBe(200);
    expect(await listTitles(api, '/api/bookmarks', reader.token)).toEqual(['Mark 4', 'Mark 2', 'Mark 1', 'Mark 3']);
    const repeat = await api.post<ErrorJson>(`/api/question/addBookmark/${q1}`, undefined, reader.token);
    expect(repeat.status).toBe(400);
    expect(repeat.body.errors).toEqual(['Question is already bookmarked']);
    await bookmark(api, reader, q5);
    expect(await listTitles(api, '/api/bookmarks', reader.token)).toEqual([
      'Mark 5',
      'Mark 4',
      'Mark 2',
      'Mark 1',
      'Mark 3',
    ]);
  });
});

describe('search words standing for many indexed terms', () => {
  let t: TestApp;
  let api: ApiClient;
  const suffixes = 'abcdefghijklmnopqr'.split('');

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    const author = await signUp(api);
    // Eighteen distinct words under one prefix: more than a search asks the index for one by one.
    for (const s of suffixes) {
      await postQuestion(api, author, { questionTitle: `Glaze${s}${s} question`, questionText: 'Shiny.', tags: [] });
    }
    await postQuestion(api, author, { questionTitle: 'Crème brûlée torch', questionText: 'Caramel.', tags: [] });
  });
  afterAll(() => t.close());

  it('match every word under the prefix, however many', async () => {
    const all = await walkPages(api, '/api/questions?q=glaze', 'questions', 5);
    expect(all.flat()).toHaveLength(suffixes.length);
    expect((await walkPages(api, '/api/questions?q=glazeb', 'questions', 5)).flat()).toHaveLength(1);
    expect(await listTitles(api, '/api/questions?q=glazecc%20glazecc')).toEqual(['Glazecc question']);
    expect(await listTitles(api, '/api/questions?q=glazecc%20torch')).toEqual([]);
  });

  it('match a word with accents as typed', async () => {
    expect(await listTitles(api, '/api/questions?q=cr%C3%A8me%20torch')).toEqual(['Crème brûlée torch']);
  });
});

describe('search words of scripts with combining marks, and accents typed apart', () => {
  let t: TestApp;
  let api: ApiClient;
  const accentsApart = (text: string) => text.normalize('NFD');

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    const author = await signUp(api);
    await postQuestion(api, author, { questionTitle: 'केक', questionText: 'मेरा केक नहीं फूला', tags: [] });
    await postQuestion(api, author, { questionTitle: 'कुकी', questionText: 'कुकी बहुत सख्त है', tags: ['பேக்கிங்'] });
    await postQuestion(api, author, {
      questionTitle: 'Typed apart',
      questionText: accentsApart('crème brûlée'),
      tags: [],
    });
    await postQuestion(api, author, { questionTitle: 'Typed whole', questionText: 'crème brûlée', tags: [] });
  });
  afterAll(() => t.close());

  const search = (q: string) => listTitles(api, `/api/questions?q=${encodeURIComponent(q)}`);

  it('keep a Hindi or Tamil word whole, vowel signs and all', async () => {
    expect(await search('केक')).toEqual(['केक']);
    expect(await search('कुकी')).toEqual(['कुकी']);
    expect(await search('सख्त')).toEqual(['कुकी']);
    expect(await search('பேக்')).toEqual(['कुकी']);
  });

  it('find an accented word however its accents were typed, in the text and in the search', async () => {
    const both = ['Typed whole', 'Typed apart'];
    expect(await search('crème')).toEqual(both);
    expect(await search(accentsApart('crème'))).toEqual(both);
    expect(await search(accentsApart('brûlée'))).toEqual(both);
  });
});

describe('a trending search at scale', () => {
  let t: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  it(`a trending search ranks the newest ${SEARCH_RANK_POOL} matches, after the other filters`, async () => {
    const star = await signUp(api);
    const voter = await signUp(api);
    const starred = await postQuestion(api, star, { questionTitle: 'Poolword classic', tags: [] });
    await react(api, voter, starred, 'upvote');
    const filler = await signUp(api);
    const repository = createQuestionsRepository(testDialect);
    await t.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < SEARCH_RANK_POOL; i += 1) {
        await repository.insert(
          trx,
          { id: Number(filler.id), username: filler.username },
          { title: `Poolword newer ${i}`, body: 'Score nothing yet.', tags: [] },
          Date.UTC(2024, 0, 1) + i,
        );
      }
    });

    const trending = await api.get<QuestionPage>('/api/questions?q=poolword&sort=trending&limit=100');
    expect(trending.status).toBe(200);
    expect(trending.body.questions[0]?.questionTitle).toBe(`Poolword newer ${SEARCH_RANK_POOL - 1}`);
    const ranked = await walkPages(api, '/api/questions?q=poolword&sort=trending', 'questions', 100);
    const rankedTitles = ranked.flat().map((q) => q.questionTitle);
    expect(rankedTitles).toHaveLength(SEARCH_RANK_POOL);
    expect(rankedTitles).not.toContain('Poolword classic');
    // Latest still finds every match, and a narrower search ranks the older post again.
    const oldest = await api.get<QuestionPage>('/api/questions?q=poolword&sort=oldest&limit=1');
    expect(titlesOf(oldest.body.questions)).toEqual(['Poolword classic']);
    expect(await listTitles(api, `/api/questions?q=poolword&sort=trending&author=${star.username}`)).toEqual([
      'Poolword classic',
    ]);
  });
});
