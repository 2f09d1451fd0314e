import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { apiClient, createTestApp, signUp, type ApiClient, type TestApp } from '../testing/test-app.js';

const UNAUTHORIZED = { errors: [messages.invalidToken], code: 'unauthorized' };

/** Every public and protected route of the API, as the spec and the decisions define them. */
const EXPECTED: Record<string, 'public' | 'protected'> = {
  'GET /api/health': 'public',
  'GET /api/meta': 'public',
  'POST /api/auth/signup': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/guest': 'public',
  'GET /api/users': 'public',
  'GET /api/users/suggestions': 'protected',
  'GET /api/users/:userId': 'public',
  'GET /api/users/:userId/following': 'public',
  'GET /api/users/:userId/followers': 'public',
  'POST /api/users/edit': 'protected',
  'POST /api/users/follow/:followUserId': 'protected',
  'POST /api/users/unfollow/:followUserId': 'protected',
  'GET /api/questions': 'public',
  'GET /api/feed': 'protected',
  'GET /api/questions/:questionId': 'public',
  'GET /api/user/questions/:username': 'public',
  'POST /api/questions/add': 'protected',
  'POST /api/questions/edit/:questionId': 'protected',
  'DELETE /api/questions/delete/:questionId': 'protected',
  'POST /api/question/addBookmark/:questionId': 'protected',
  'POST /api/question/removeBookmark/:questionId': 'protected',
  'GET /api/bookmarks': 'protected',
  'GET /api/answers/:questionId': 'public',
  'POST /api/answers/add/:questionId': 'protected',
  'POST /api/answers/edit/:questionId/:answerId': 'protected',
  'DELETE /api/answers/delete/:questionId/:answerId': 'protected',
  'GET /api/comments/:questionId': 'public',
  'GET /api/comments/:questionId/:answerId': 'public',
  'POST /api/comments/add/:questionId': 'protected',
  'POST /api/comments/add/:questionId/:answerId': 'protected',
  'POST /api/comments/edit/:questionId/:commentId': 'protected',
  'POST /api/comments/edit/:questionId/:answerId/:commentId': 'protected',
  'DELETE /api/comments/delete/:questionId/:commentId': 'protected',
  'DELETE /api/comments/delete/:questionId/:answerId/:commentId': 'protected',
  'GET /api/votes/:questionId': 'public',
  'GET /api/votes/:questionId/:answerId': 'public',
  'POST /api/votes/react/:questionId': 'protected',
  'POST /api/votes/vote/:questionId/:answerId': 'protected',
  'GET /assets/*': 'public',
  'GET /*': 'public',
};

describe('route access', () => {
  let t: TestApp;
  let api: ApiClient;
  let secret: string;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    secret = (
      await t.database.db.selectFrom('app_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow()
    ).value;
  });
  afterAll(() => t.close());

  const served = () => t.app.routeInventory.filter((r) => r.method !== 'HEAD');

  it('classifies every served route exactly as expected, and serves every expected route', () => {
    const actual = Object.fromEntries(served().map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(actual).toEqual(EXPECTED);
  });

  it('refuses to start with a route that is neither public nor protected', async () => {
    const { default: Fastify } = await import('fastify');
    const { trackRouteAccess } = await import('./route-inventory.js');
    const app = Fastify();
    trackRouteAccess(app);
    expect(() => app.get('/unclassified', async () => 'x')).toThrow(/must declare config.access/);
    await app.close();
  });

  const protectedRoutes = () => served().filter((r) => r.access === 'protected');
  const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');
  const call = (method: string, url: string, authorization?: string) =>
    api.call(method as 'GET', concrete(url), {
      body: method === 'GET' || method === 'DELETE' ? undefined : {},
      headers: authorization === undefined ? {} : { authorization },
    });

  it('answers 401 on every protected route without a token', async () => {
    expect(protectedRoutes().length).toBeGreaterThan(20);
    for (const route of protectedRoutes()) {
      const response = await call(route.method, route.url);
      expect(response.status, `${route.method} ${route.url}`).toBe(401);
      expect(response.body).toEqual(UNAUTHORIZED);
    }
  });

  it('answers 401 on every protected route with a forged or malformed token', async () => {
    const user = await signUp(api);
    const [header, payload] = user.token.split('.');
    const forged = createSigner({ key: 'not-the-secret-of-this-server-at-all', algorithm: 'HS256' })({
      sub: user.id,
      username: user.username,
      ver: 0,
    });
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: user.id, username: 'someone-else', ver: 0, exp: 9e9 })).toString('base64url')}.${user.token.split('.')[2]}`;
    const expired = createSigner({
      key: secret,
      algorithm: 'HS256',
      clockTimestamp: Date.now() - 40 * 86_400_000,
      expiresIn: 1000,
    })({
      sub: user.id,
      username: user.username,
      ver: 0,
    });
    const unknownUser = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({
      sub: '999999',
      username: 'nobody',
      ver: 0,
    });
    for (const token of [
      '',
      'Bearer',
      'Bearer garbage',
      `Bearer ${forged}`,
      `Bearer ${none}`,
      `Bearer ${tampered}`,
      `Bearer ${expired}`,
      `Bearer ${unknownUser}`,
    ]) {
      for (const route of protectedRoutes()) {
        const response = await call(route.method, route.url, token);
        expect(response.status, `${route.method} ${route.url} with ${token.slice(0, 20)}`).toBe(401);
        expect(response.body).toEqual(UNAUTHORIZED);
      }
    }
  });

  it('accepts a valid token with or without the Bearer prefix', async () => {
    const user = await signUp(api);
    for (const authorization of [`Bearer ${user.token}`, user.token]) {
      const response = await call('GET', '/api/feed', authorization);
      expect(response.status).toBe(200);
    }
  });
});
