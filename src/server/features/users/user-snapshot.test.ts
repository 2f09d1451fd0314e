import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserJson } from '../../../shared/api-types.js';
import {
  apiClient,
  createTestApp,
  signUp,
  testDialect,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../../testing/test-app.js';

/**
 * A user carries `followerCount` and the first 100 `followers` (decision 9): below 100 the two
 * must agree. The user's row and the follow lists are separate statements; read apart on
 * PostgreSQL, a follow committed between them showed in the list but not in the count (or an
 * unfollow the other way round). When they disagree they are now read again together
 * (`readTogether`). The follow and unfollow answers, read in the write's transaction, are checked
 * too.
 */
describe(`a user's counts and follow lists under follow storms (${testDialect})`, () => {
  let t: TestApp;
  let api: ApiClient;
  let star: SignedUpUser;
  let fans: SignedUpUser[];

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    star = await signUp(api);
    fans = [];
    for (let i = 0; i < 30; i += 1) fans.push(await signUp(api));
  });
  afterAll(async () => t.close());

  it('never answers a followerCount that disagrees with the followers it lists', async () => {
    const mismatches: string[] = [];
    const check = (where: string, user: UserJson) => {
      if (user.followerCount !== user.followers.length) {
        mismatches.push(`${where}: followerCount ${user.followerCount}, followers listed ${user.followers.length}`);
      }
    };
    await Promise.all([
      // Each fan follows and unfollows the star, four times over.
      ...fans.map(async (fan) => {
        for (let round = 0; round < 8; round += 1) {
          const action = round % 2 ? 'unfollow' : 'follow';
          const response = await api.post<{ followUser: UserJson }>(`/api/users/${action}/${star.id}`, {}, fan.token);
          expect(response.status).toBe(200);
          check(action, response.body.followUser);
        }
      }),
      // Meanwhile visitors keep opening the star's profile.
      ...Array.from({ length: 30 }, async () => {
        for (let read = 0; read < 10; read += 1) {
          const response = await api.get<{ user: UserJson }>(`/api/users/${star.id}`);
          expect(response.status).toBe(200);
          check('GET /api/users/:id', response.body.user);
        }
      }),
    ]);
    expect(mismatches).toEqual([]);
  });
});
