import { expect } from 'vitest';
import type {
  AnswerJson,
  CommentJson,
  QuestionJson,
  QuestionSummaryJson,
  UserJson,
  VotesJson,
} from '../../shared/api-types.js';
import { messages } from '../../shared/messages.js';
import type { ApiClient } from './test-app.js';

/** Shapes and checks the route tests share: what the API's JSON must look like, and how to read it. */

/** Every key of a user object of the API, sorted. */
const USER_KEYS = [
  '_id',
  'bio',
  'createdAt',
  'firstName',
  'followerCount',
  'followers',
  'following',
  'followingCount',
  'id',
  'lastName',
  'questionCount',
  'updatedAt',
  'username',
];

/** A time as the API writes it: an ISO 8601 UTC timestamp with milliseconds. */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The body of every 401 answer. */
export const UNAUTHORIZED = { errors: [messages.invalidToken], code: 'unauthorized' };

/** The votes of a post or answer nobody has voted on, seen by anyone. */
export const NO_VOTES: VotesJson = { upvotedBy: [], downvotedBy: [], upvotes: 0, downvotes: 0, myVote: null };

/** A user object of the API: exactly the public fields, well formed, never a password. */
export function expectUserShape(user: UserJson) {
  expect(Object.keys(user).sort()).toEqual(USER_KEYS);
  expect(user._id).toMatch(/^[1-9][0-9]*$/);
  expect(user.id).toBe(user._id);
  expect(user.createdAt).toMatch(ISO_TIME);
  expect(user.updatedAt).toMatch(ISO_TIME);
  expect(Array.isArray(user.followers)).toBe(true);
  expect(Array.isArray(user.following)).toBe(true);
  expect(user.followers.length).toBeLessThanOrEqual(100);
  expect(user.following.length).toBeLessThanOrEqual(100);
  expect(user.followerCount).toBeTypeOf('number');
  expect(user.followingCount).toBeTypeOf('number');
  expect(user.questionCount).toBeTypeOf('number');
}

/** base64url of a value's JSON: the encoding of list cursors and of JWT parts. */
export const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** GET /api/users/:ref (an id or a username), which must answer 200. */
export async function getUser(api: ApiClient, ref: string): Promise<UserJson> {
  const response = await api.get<{ user: UserJson }>(`/api/users/${ref}`);
  expect(response.status).toBe(200);
  return response.body.user;
}

/** GET /api/questions/:id, seen by the holder of `token` (or signed out), which must answer 200. */
export async function questionOf(api: ApiClient, questionId: string, token?: string): Promise<QuestionJson> {
  const response = await api.get<{ question: QuestionJson }>(`/api/questions/${questionId}`, token);
  expect(response.status).toBe(200);
  return response.body.question;
}

/** The items of each paged list, by the key that holds them. */
interface ListItems {
  questions: QuestionSummaryJson;
  users: UserJson;
  answers: AnswerJson;
  comments: CommentJson;
}

const withQuery = (url: string, extra: string) => `${url}${url.includes('?') ? '&' : '?'}${extra}`;

/**
 * Reads a paged list to its end, `limit` at a time, checking every page on the way: exactly the
 * list and nextCursor, at most `limit` items, only the last page short (unless `shortPages` is
 * `'text-budget'`: pages of long items may end early) and no page after the first empty. Returns
 * every page.
 */
export async function walkPages<K extends keyof ListItems>(
  api: ApiClient,
  url: string,
  key: K,
  limit: number,
  token?: string,
  shortPages: 'last' | 'text-budget' = 'last',
): Promise<ListItems[K][][]> {
  const pages: ListItems[K][][] = [];
  let cursor: string | null = null;
  do {
    const pageUrl = withQuery(url, `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    const response = await api.get<Record<K, ListItems[K][]> & { nextCursor: string | null }>(pageUrl, token);
    expect(response.status, pageUrl).toBe(200);
    expect(Object.keys(response.body).sort(), pageUrl).toEqual([key, 'nextCursor'].sort());
    const items = response.body[key];
    const { nextCursor } = response.body;
    expect(items.length, pageUrl).toBeLessThanOrEqual(limit);
    // Only the last page may be short, and no page after the first is empty.
    if (nextCursor !== null && shortPages === 'last') expect(items.length, pageUrl).toBe(limit);
    if (pages.length > 0) expect(items.length, pageUrl).toBeGreaterThan(0);
    pages.push(items);
    cursor = nextCursor;
  } while (cursor !== null && pages.length < 100);
  expect(cursor, `${url} never reached its last page`).toBeNull();
  return pages;
}
