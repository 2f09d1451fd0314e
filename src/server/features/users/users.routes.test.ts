import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorJson, UserJson, UserPage } from '../../../shared/api-types.js';
import { messages } from '../../../shared/messages.js';
import { base64urlJson, expectUserShape, getUser, UNAUTHORIZED, walkPages } from '../../testing/api-assertions.js';
import {
  apiClient,
  createTestApp,
  rememberPassword,
  signUp,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../../testing/test-app.js';

const USER_NOT_FOUND = { errors: ['User not found.'], code: 'not_found' };
const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100.';

type UserBody = { user: UserJson };
type EditResponse = { user: UserJson; encodedToken: string };
type FollowResponse = { user: UserJson; followUser: UserJson };

describe('GET /api/users', () => {
  let t: TestApp;
  let api: ApiClient;
  const names = ['alice', 'bruno', 'chloe', 'dmitri', 'esme'];
  const users: SignedUpUser[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    for (const username of names) users.push(await signUp(api, { username }));
  });
  afterAll(() => t.close());

  it('lists every user, oldest first, with nextCursor null when everything fits', async () => {
    const response = await api.get<UserPage>('/api/users');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['nextCursor', 'users']);
    expect(response.body.nextCursor).toBeNull();
    expect(response.body.users.map((u) => u.username)).toEqual(names);
    for (const user of response.body.users) expectUserShape(user);
  });

  it('pages with limit and cursor, without gaps or repeats, ending with nextCursor null', async () => {
    const pages = await walkPages(api, '/api/users', 'users', 2);
    expect(pages.map((page) => page.map((u) => u.username))).toEqual([
      ['alice', 'bruno'],
      ['chloe', 'dmitri'],
      ['esme'],
    ]);
  });

  it('answers nextCursor null when the last page is exactly full', async () => {
    const response = await api.get<UserPage>('/api/users?limit=5');
    expect(response.status).toBe(200);
    expect(response.body.users).toHaveLength(5);
    expect(response.body.nextCursor).toBeNull();
    const max = await api.get<UserPage>('/api/users?limit=100');
    expect(max.status).toBe(200);
    expect(max.body.users).toHaveLength(5);
  });

  it('keeps paging correctly when users sign up between pages', async () => {
    const t2 = await createTestApp();
    try {
      const api2 = apiClient(t2.app);
      for (const username of ['first', 'second', 'third']) await signUp(api2, { username });
      const page1 = await api2.get<UserPage>('/api/users?limit=2');
      expect(page1.body.users.map((u) => u.username)).toEqual(['first', 'second']);
      await signUp(api2, { username: 'fourth' });
      const page2 = await api2.get<UserPage>(`/api/users?limit=2&cursor=${page1.body.nextCursor}`);
      expect(page2.body.users.map((u) => u.username)).toEqual(['third', 'fourth']);
    } finally {
      await t2.close();
    }
  });

  it('returns 20 users by default and a cursor to the rest', async () => {
    const t2 = await createTestApp();
    try {
      const api2 = apiClient(t2.app);
      for (let i = 0; i < 21; i += 1) await signUp(api2, { username: `member${String(i).padStart(2, '0')}` });
      const first = await api2.get<UserPage>('/api/users');
      expect(first.status).toBe(200);
      expect(first.body.users).toHaveLength(20);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const rest = await api2.get<UserPage>(`/api/users?cursor=${first.body.nextCursor}`);
      expect(rest.body.users.map((u) => u.username)).toEqual(['member20']);
      expect(rest.body.nextCursor).toBeNull();
    } finally {
      await t2.close();
    }
  });

  it.each(['0', '101', 'abc', '-1', '1.5', '1e3'])('answers 400 for limit=%s', async (limit) => {
    const response = await api.get<ErrorJson>(`/api/users?limit=${limit}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      errors: [LIMIT_MESSAGE],
      code: 'validation_failed',
      fields: { limit: LIMIT_MESSAGE },
    });
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['a JSON object', base64urlJson({ id: 2 })],
    ['a cursor of another list', base64urlJson(['suggestions', 0, 2])],
    ['a cursor with a text key', base64urlJson(['users', 'two', 2])],
    ['a cursor with a fractional id', base64urlJson(['users', 2, 2.5])],
    ['a cursor with too many parts', base64urlJson(['users', 2, 2, 2])],
    ['an overlong cursor', 'A'.repeat(600)],
  ])('answers 400 with the invalid cursor message for %s', async (_name, cursor) => {
    const response = await api.get<ErrorJson>(`/api/users?cursor=${encodeURIComponent(cursor)}`);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([messages.invalidCursor]);
  });

  it('answers invalid cursors with the invalid_cursor code', async () => {
    const response = await api.get<ErrorJson>('/api/users?cursor=not-a-cursor');
    expect(response.body).toEqual({ errors: [messages.invalidCursor], code: 'invalid_cursor' });
  });

  it('is public: no token needed, and a bad token is ignored', async () => {
    const response = await api.call<UserPage>('GET', '/api/users', { headers: { authorization: 'Bearer garbage' } });
    expect(response.status).toBe(200);
    expect(response.body.users).toHaveLength(5);
  });
});

describe('GET /api/users/:id', () => {
  let t: TestApp;
  let api: ApiClient;
  let anna: SignedUpUser;
  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    anna = await signUp(api, { username: 'Anna.Bakes', firstName: 'Anna', lastName: 'Berg', bio: 'Rye and more rye.' });
  });
  afterAll(() => t.close());

  it('finds a user by id', async () => {
    const response = await api.get<UserBody>(`/api/users/${anna.id}`);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['user']);
    expectUserShape(response.body.user);
    expect(response.body.user).toMatchObject({
      _id: anna.id,
      id: anna.id,
      username: 'Anna.Bakes',
      firstName: 'Anna',
      lastName: 'Berg',
      bio: 'Rye and more rye.',
      followers: [],
      following: [],
      followerCount: 0,
      followingCount: 0,
      questionCount: 0,
    });
  });

  it('finds the same user by username, in any letter case', async () => {
    const byId = await getUser(api, anna.id);
    expect(await getUser(api, 'Anna.Bakes')).toEqual(byId);
    expect(await getUser(api, 'anna.bakes')).toEqual(byId);
  });

  it.each(['999999', '0', 'nobody', 'not%20a%20name', '9999999999999999999', '-1'])(
    'answers 404 "User not found." for %s',
    async (ref) => {
      const response = await api.get<ErrorJson>(`/api/users/${ref}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(USER_NOT_FOUND);
    },
  );
});

describe('POST /api/users/edit', () => {
  let t: TestApp;
  let api: ApiClient;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  const edit = <T = EditResponse>(token: string, userData: unknown) =>
    api.post<T>('/api/users/edit', { userData }, token);

  it('answers 201 with the updated user and a working token, and stores the change', async () => {
    const user = await signUp(api, { username: 'editor', firstName: 'Ed', lastName: 'Itor', bio: 'old bio' });
    const before = await getUser(api, user.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await edit(user.token, { firstName: 'Edith', lastName: 'Baker', bio: 'new bio' });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['encodedToken', 'user']);
    expectUserShape(response.body.user);
    expect(response.body.user).toMatchObject({
      _id: user.id,
      username: 'editor',
      firstName: 'Edith',
      lastName: 'Baker',
      bio: 'new bio',
      following: ['crumb'],
      followingCount: 1,
      createdAt: before.createdAt,
    });
    expect(Date.parse(response.body.user.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(await getUser(api, user.id)).toEqual(response.body.user);
    expect((await api.get('/api/feed', response.body.encodedToken)).status).toBe(200);
  });

  it.each(['firstName', 'lastName'])(
    'answers 400 "Required Field" when %s is missing, blank or null',
    async (field) => {
      const user = await signUp(api, { firstName: 'Keep', lastName: 'Me' });
      for (const value of [undefined, '', '   ', null]) {
        const userData: Record<string, unknown> = { firstName: 'New', lastName: 'Name', bio: 'x', [field]: value };
        if (value === undefined) delete userData[field];
        const response = await edit<ErrorJson>(user.token, userData);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          errors: ['Required Field'],
          code: 'validation_failed',
          fields: { [field]: 'Required Field' },
        });
      }
      expect(await getUser(api, user.id)).toMatchObject({ firstName: 'Keep', lastName: 'Me', bio: '' });
    },
  );

  it('answers 400 naming both names when userData is missing or empty', async () => {
    const user = await signUp(api);
    for (const body of [{}, { userData: {} }, { userData: null }]) {
      const response = await api.post<ErrorJson>('/api/users/edit', body, user.token);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errors: ['Required Field'],
        code: 'validation_failed',
        fields: { firstName: 'Required Field', lastName: 'Required Field' },
      });
    }
  });

  it('answers 400 for fields of the wrong type', async () => {
    const user = await signUp(api);
    const response = await edit<ErrorJson>(user.token, { firstName: 42, lastName: 'Ok', bio: ['a'] });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toBe('Must be text.');
    expect(response.body.fields).toEqual({ firstName: 'Must be text.', bio: 'Must be text.' });

    const passwords = await edit<ErrorJson>(user.token, {
      firstName: 'Ok',
      lastName: 'Ok',
      password: 12345678,
      currentPassword: ['x'],
    });
    expect(passwords.status).toBe(400);
    expect(passwords.body.fields).toEqual({ password: 'Must be text.', currentPassword: 'Must be text.' });
  });

  it('ignores the current password without a new one, as api.md says, and limits its length with one', async () => {
    const user = await signUp(api);
    for (const currentPassword of [123, ['x'], 'y'.repeat(500)]) {
      const response = await edit(user.token, { firstName: 'Kept', lastName: 'Password', currentPassword });
      expect(response.status).toBe(201);
    }
    const login = await api.post('/api/auth/login', { username: user.username, password: user.password });
    expect(login.status).toBe(200);

    const tooLong = await edit<ErrorJson>(user.token, {
      firstName: 'Kept',
      lastName: 'Password',
      password: 'a-new-password',
      currentPassword: 'y'.repeat(129),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toEqual({ currentPassword: messages.passwordLength });
  });

  it('answers 400 for names and bios over their limits', async () => {
    const user = await signUp(api);
    const longName = await edit<ErrorJson>(user.token, { firstName: 'x'.repeat(51), lastName: 'Ok' });
    expect(longName.status).toBe(400);
    expect(longName.body.fields).toEqual({ firstName: messages.tooLong(50) });
    const longBio = await edit<ErrorJson>(user.token, { firstName: 'Ok', lastName: 'Ok', bio: 'x'.repeat(501) });
    expect(longBio.status).toBe(400);
    expect(longBio.body.fields).toEqual({ bio: messages.tooLong(500) });
  });

  it('treats bio as optional: an empty bio clears it', async () => {
    const user = await signUp(api, { bio: 'I have a bio' });
    const response = await edit(user.token, { firstName: 'Test', lastName: 'Baker', bio: '' });
    expect(response.status).toBe(201);
    expect(response.body.user.bio).toBe('');
    expect((await getUser(api, user.id)).bio).toBe('');
  });

  it('treats bio as optional: leaving it out keeps the current bio (userData is merged into the caller)', async () => {
    const user = await signUp(api, { bio: 'Keep this bio' });
    const response = await edit(user.token, { firstName: 'Renamed', lastName: 'Baker' });
    expect(response.status).toBe(201);
    expect(response.body.user.firstName).toBe('Renamed');
    expect(response.body.user.bio).toBe('Keep this bio');
    expect((await getUser(api, user.id)).bio).toBe('Keep this bio');
  });

  it('leaving bio out never undoes a bio change sent at the same moment', async () => {
    const user = await signUp(api, { bio: 'old' });
    for (let i = 0; i < 10; i++) {
      const [withBio, withoutBio] = await Promise.all([
        edit(user.token, { firstName: 'Same', lastName: 'Baker', bio: `new ${i}` }),
        edit(user.token, { firstName: 'Same', lastName: 'Baker' }),
      ]);
      expect([withBio.status, withoutBio.status]).toEqual([201, 201]);
      expect((await getUser(api, user.id)).bio).toBe(`new ${i}`);
    }
  });

  it('keeps the current password when password is blank, null or left out', async () => {
    const user = await signUp(api);
    for (const password of ['', null, undefined]) {
      const userData: Record<string, unknown> = { firstName: 'Same', lastName: 'Password', password };
      if (password === undefined) delete userData.password;
      const response = await edit(user.token, userData);
      expect(response.status).toBe(201);
    }
    // Neither the password nor the token version changed.
    expect((await api.get('/api/feed', user.token)).status).toBe(200);
    const login = await api.post('/api/auth/login', { username: user.username, password: user.password });
    expect(login.status).toBe(200);
  });

  it('needs the current password to set a new one', async () => {
    const user = await signUp(api, { firstName: 'Orig', lastName: 'Inal' });
    const expected = {
      errors: [messages.currentPasswordRequired],
      code: 'validation_failed',
      fields: { currentPassword: messages.currentPasswordRequired },
    };
    for (const currentPassword of [undefined, null, '']) {
      const userData: Record<string, unknown> = {
        firstName: 'Changed',
        lastName: 'Name',
        password: 'a-new-password-1',
        currentPassword,
      };
      if (currentPassword === undefined) delete userData.currentPassword;
      const response = await edit<ErrorJson>(user.token, userData);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(expected);
    }
    expect(await getUser(api, user.id)).toMatchObject({ firstName: 'Orig', lastName: 'Inal' });
    expect((await api.post('/api/auth/login', { username: user.username, password: user.password })).status).toBe(200);
    expect((await api.get('/api/feed', user.token)).status).toBe(200);
  });

  it('answers 400 when the current password is wrong, changing nothing', async () => {
    const user = await signUp(api, { firstName: 'Orig', lastName: 'Inal' });
    const response = await edit<ErrorJson>(user.token, {
      firstName: 'Changed',
      lastName: 'Name',
      password: 'a-new-password-2',
      currentPassword: 'not-my-password',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      errors: [messages.currentPasswordWrong],
      code: 'validation_failed',
      fields: { currentPassword: messages.currentPasswordWrong },
    });
    expect(await getUser(api, user.id)).toMatchObject({ firstName: 'Orig', lastName: 'Inal' });
    const newLogin = await api.post('/api/auth/login', { username: user.username, password: 'a-new-password-2' });
    expect(newLogin.status).toBe(401);
    expect((await api.post('/api/auth/login', { username: user.username, password: user.password })).status).toBe(200);
    expect((await api.get('/api/feed', user.token)).status).toBe(200);
  });

  it('answers 400 with the length message for a new password shorter than 8', async () => {
    const user = await signUp(api);
    const response = await edit<ErrorJson>(user.token, {
      firstName: 'A',
      lastName: 'B',
      password: 'short',
      currentPassword: user.password,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toBe(messages.passwordLength);
    expect(response.body.fields).toEqual({ password: messages.passwordLength });
  });

  it('changes the password with the correct current password', async () => {
    const user = await signUp(api);
    const newPassword = 'proofed-overnight-88';
    rememberPassword(newPassword);
    const response = await edit(user.token, {
      firstName: 'Pass',
      lastName: 'Changer',
      password: newPassword,
      currentPassword: user.password,
    });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ username: user.username, firstName: 'Pass', lastName: 'Changer' });
    expect((await api.post('/api/auth/login', { username: user.username, password: newPassword })).status).toBe(200);
    const old = await api.post<ErrorJson>('/api/auth/login', { username: user.username, password: user.password });
    expect(old.status).toBe(401);
    expect(old.body.errors).toEqual([messages.invalidCredentials]);
    expect((await api.get('/api/feed', user.token)).status).toBe(401);
    expect((await api.get('/api/feed', response.body.encodedToken)).status).toBe(200);
  });

  it('of two password changes sent at once with the same token, one wins and the other is refused', async () => {
    const user = await signUp(api);
    const passwords = ['first-new-password-1', 'second-new-password-2'];
    passwords.forEach(rememberPassword);
    const responses = await Promise.all(
      passwords.map((password) =>
        edit(user.token, { firstName: 'Race', lastName: 'Baker', password, currentPassword: user.password }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 401]);
    const winner = responses.findIndex((r) => r.status === 201);
    const loser = responses[1 - winner] as unknown as { body: ErrorJson };
    expect(loser.body.errors).toEqual([messages.invalidToken]);
    const login = (password: string) => api.post('/api/auth/login', { username: user.username, password });
    expect((await login(passwords[winner] ?? '')).status).toBe(200);
    expect((await login(passwords[1 - winner] ?? '')).status).toBe(401);
    expect((await api.get('/api/feed', responses[winner]?.body.encodedToken)).status).toBe(200);
  });

  it('ignores forbidden and unknown fields: the stored values stay unchanged', async () => {
    const user = await signUp(api, { username: 'steady', firstName: 'Stea', lastName: 'Dy' });
    const before = await getUser(api, user.id);
    const response = await edit(user.token, {
      firstName: 'Still',
      lastName: 'Steady',
      bio: 'only these three change',
      username: 'hijacked',
      _id: '1',
      id: '1',
      followers: ['camille.patisserie', 'kenji.pan'],
      following: ['owen.levain'],
      followerCount: 999,
      followingCount: 999,
      questionCount: 42,
      createdAt: '2000-01-01T00:00:00.000Z',
      updatedAt: '2000-01-01T00:00:00.000Z',
      password_hash: 'scrypt$1024$8$1$AAAA$BBBB',
      token_version: 99,
      isAdmin: true,
    });
    expect(response.status).toBe(201);
    const expected = {
      ...before,
      firstName: 'Still',
      lastName: 'Steady',
      bio: 'only these three change',
      updatedAt: response.body.user.updatedAt,
    };
    expect(response.body.user).toEqual(expected);
    expect(await getUser(api, user.id)).toEqual(expected);
    expect(response.body.user.updatedAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(JSON.stringify(response.body)).not.toContain('isAdmin');

    // Nobody else was touched, no username was taken, the password and token version are as before.
    const hijacked = await api.get<ErrorJson>('/api/users/hijacked');
    expect(hijacked.status).toBe(404);
    const one = await getUser(api, '1');
    expect(one.username).not.toBe('steady');
    expect(one.username).not.toBe('hijacked');
    const camille = await getUser(api, 'camille.patisserie');
    expect(camille.following).not.toContain('steady');
    expect((await api.get('/api/feed', user.token)).status).toBe(200);
    expect((await api.post('/api/auth/login', { username: 'steady', password: user.password })).status).toBe(200);
  });

  it('ignores forbidden fields sent beside userData too', async () => {
    const user = await signUp(api, { username: 'beside' });
    const response = await api.post<EditResponse>(
      '/api/users/edit',
      { userData: { firstName: 'Be', lastName: 'Side' }, username: 'other.name', followerCount: 5 },
      user.token,
    );
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ username: 'beside', followerCount: 0 });
  });

  it('answers 403 to the guest account, changing nothing', async () => {
    const guest = await api.post<{ foundUser: UserJson; encodedToken: string }>('/api/auth/guest');
    expect(guest.status).toBe(200);
    const before = await getUser(api, 'guest');
    for (const userData of [
      { firstName: 'Hacked', lastName: 'Guest', bio: 'mine now' },
      { firstName: 'Hacked', lastName: 'Guest', password: 'guest-password-1', currentPassword: 'anything-at-all' },
    ]) {
      const response = await edit<ErrorJson>(guest.body.encodedToken, userData);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ errors: [messages.guestCannotEdit], code: 'forbidden' });
    }
    expect(await getUser(api, 'guest')).toEqual(before);
    expect((await api.get('/api/feed', guest.body.encodedToken)).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await api.post<ErrorJson>('/api/users/edit', { userData: { firstName: 'A', lastName: 'B' } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(UNAUTHORIZED);
  });
});

describe('POST /api/users/follow/:id and /api/users/unfollow/:id', () => {
  let t: TestApp;
  let api: ApiClient;
  let clock = Date.UTC(2025, 0, 1, 12, 0, 0);
  let ana: SignedUpUser;
  let ben: SignedUpUser;
  let cyd: SignedUpUser;
  let dee: SignedUpUser;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    api = apiClient(t.app);
    ana = await signUp(api, { username: 'ana' });
    ben = await signUp(api, { username: 'ben' });
    cyd = await signUp(api, { username: 'cyd' });
    dee = await signUp(api, { username: 'dee' });
  });
  afterAll(() => t.close());

  // Each call happens a second after the previous one, so "oldest follow first" is well defined.
  const follow = <T = FollowResponse>(who: SignedUpUser, ref: string) => {
    clock += 1000;
    return api.post<T>(`/api/users/follow/${ref}`, undefined, who.token);
  };
  const unfollow = <T = FollowResponse>(who: SignedUpUser, ref: string) => {
    clock += 1000;
    return api.post<T>(`/api/users/unfollow/${ref}`, undefined, who.token);
  };

  it('follows: 200 with both users, their lists, exact counts and refreshed updatedAt', async () => {
    const response = await follow(ana, ben.id);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['followUser', 'user']);
    const { user, followUser } = response.body;
    expectUserShape(user);
    expectUserShape(followUser);
    expect(user).toMatchObject({
      _id: ana.id,
      username: 'ana',
      following: ['ben'],
      followingCount: 1,
      followers: [],
      followerCount: 0,
    });
    expect(followUser).toMatchObject({
      _id: ben.id,
      username: 'ben',
      followers: ['ana'],
      followerCount: 1,
      following: [],
      followingCount: 0,
    });
    const at = new Date(clock).toISOString();
    expect(user.updatedAt).toBe(at);
    expect(followUser.updatedAt).toBe(at);
    expect(await getUser(api, ana.id)).toEqual(user);
    expect(await getUser(api, ben.id)).toEqual(followUser);
  });

  it('answers 400 "You already follow @name." for a second follow, counting once', async () => {
    const response = await follow<ErrorJson>(ana, ben.id);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: ['You already follow @ben.'], code: 'bad_request' });
    expect(await getUser(api, ana.id)).toMatchObject({ following: ['ben'], followingCount: 1 });
    expect(await getUser(api, ben.id)).toMatchObject({ followers: ['ana'], followerCount: 1 });
  });

  it('finds the target by username too, and names it as stored in messages', async () => {
    const response = await follow(ana, 'cyd');
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ following: ['ben', 'cyd'], followingCount: 2 });
    expect(response.body.followUser).toMatchObject({ username: 'cyd', followers: ['ana'], followerCount: 1 });
    const again = await follow<ErrorJson>(ana, 'CYD');
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual(['You already follow @cyd.']);
  });

  it('keeps both sides of mutual follows, followers oldest first', async () => {
    expect((await follow(ben, ana.id)).status).toBe(200);
    expect((await follow(dee, cyd.id)).status).toBe(200);
    const response = await follow(ben, cyd.id);
    expect(response.status).toBe(200);
    expect(response.body.followUser).toMatchObject({ followers: ['ana', 'dee', 'ben'], followerCount: 3 });
    expect(response.body.user).toMatchObject({
      username: 'ben',
      followers: ['ana'],
      followerCount: 1,
      following: ['ana', 'cyd'],
      followingCount: 2,
    });
    expect(await getUser(api, ana.id)).toMatchObject({
      followers: ['ben'],
      followerCount: 1,
      following: ['ben', 'cyd'],
      followingCount: 2,
    });
  });

  it('unfollows: 200 with both users updated and exact counts', async () => {
    const response = await unfollow(ana, ben.id);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['followUser', 'user']);
    expect(response.body.user).toMatchObject({ username: 'ana', following: ['cyd'], followingCount: 1 });
    expect(response.body.followUser).toMatchObject({ username: 'ben', followers: [], followerCount: 0 });
    const at = new Date(clock).toISOString();
    expect(response.body.user.updatedAt).toBe(at);
    expect(response.body.followUser.updatedAt).toBe(at);
    // Ben still follows Ana: only one direction was removed.
    expect(response.body.user).toMatchObject({ followers: ['ben'], followerCount: 1 });
    expect(await getUser(api, ben.id)).toEqual(response.body.followUser);
  });

  it('answers 400 "You do not follow @name" when there is nothing to unfollow', async () => {
    const response = await unfollow<ErrorJson>(ana, ben.id);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: ['You do not follow @ben'], code: 'bad_request' });
    const never = await unfollow<ErrorJson>(dee, 'ana');
    expect(never.status).toBe(400);
    expect(never.body.errors).toEqual(['You do not follow @ana']);
    expect(await getUser(api, ben.id)).toMatchObject({ followerCount: 0, followingCount: 2 });
  });

  it('can follow again after unfollowing', async () => {
    const response = await follow(ana, ben.id);
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ following: ['cyd', 'ben'], followingCount: 2 });
    expect(response.body.followUser).toMatchObject({ followers: ['ana'], followerCount: 1 });
  });

  it('answers 400 to following yourself, by id or username', async () => {
    for (const ref of [dee.id, 'dee', 'DEE']) {
      const response = await follow<ErrorJson>(dee, ref);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ errors: [messages.cannotFollowSelf], code: 'bad_request' });
    }
    expect(await getUser(api, dee.id)).toMatchObject({ followers: [], followerCount: 0 });
  });

  it('answers 404 "User not found." for an unknown target', async () => {
    for (const ref of ['999999', 'nobody', '0']) {
      const onFollow = await follow<ErrorJson>(ana, ref);
      expect(onFollow.status).toBe(404);
      expect(onFollow.body).toEqual(USER_NOT_FOUND);
      const onUnfollow = await unfollow<ErrorJson>(ana, ref);
      expect(onUnfollow.status).toBe(404);
      expect(onUnfollow.body).toEqual(USER_NOT_FOUND);
    }
  });

  it('answers 401 without a valid token, changing nothing', async () => {
    for (const token of [undefined, 'garbage']) {
      const onFollow = await api.post<ErrorJson>(`/api/users/follow/${dee.id}`, undefined, token);
      expect(onFollow.status).toBe(401);
      expect(onFollow.body).toEqual(UNAUTHORIZED);
      const onUnfollow = await api.post<ErrorJson>(`/api/users/unfollow/${cyd.id}`, undefined, token);
      expect(onUnfollow.status).toBe(401);
      expect(onUnfollow.body).toEqual(UNAUTHORIZED);
    }
    expect(await getUser(api, dee.id)).toMatchObject({ followerCount: 0 });
    expect(await getUser(api, cyd.id)).toMatchObject({ followerCount: 3 });
  });

  it('counts a follow once when the same follow is sent twice at the same time', async () => {
    const responses = await Promise.all([follow(dee, ana.id), follow(dee, ana.id)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await getUser(api, ana.id)).toMatchObject({ followers: ['ben', 'dee'], followerCount: 2 });
    expect(await getUser(api, dee.id)).toMatchObject({ following: ['cyd', 'ana'], followingCount: 2 });
  });

  it('shows new sign-ups following the community account with the counts on both sides (demo data)', async () => {
    const t2 = await createTestApp({ seed: 'demo' });
    try {
      const api2 = apiClient(t2.app);
      const crumbBefore = await getUser(api2, 'crumb');
      const newbie = await signUp(api2, { username: 'newbie' });
      const response = await api2.post<FollowResponse>('/api/users/unfollow/crumb', undefined, newbie.token);
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ following: [], followingCount: 0 });
      expect(response.body.followUser.followerCount).toBe(crumbBefore.followerCount);
      expect(response.body.followUser.followers).toEqual(crumbBefore.followers);
    } finally {
      await t2.close();
    }
  });
});

describe('follow lists are bounded', () => {
  it('carries the first 100 followers and following but exact counts beyond that', async () => {
    const t = await createTestApp();
    try {
      const api = apiClient(t.app);
      const star = await signUp(api, { username: 'star' });
      const fans: SignedUpUser[] = [];
      for (let i = 0; i < 101; i += 1) {
        const fan = await signUp(api, { username: `fan${String(i).padStart(3, '0')}` });
        fans.push(fan);
        const followed = await api.post<FollowResponse>(`/api/users/follow/${star.id}`, undefined, fan.token);
        expect(followed.status).toBe(200);
        const back = await api.post<FollowResponse>(`/api/users/follow/${fan.id}`, undefined, star.token);
        expect(back.status).toBe(200);
      }
      const user = await getUser(api, 'star');
      expect(user.followerCount).toBe(101);
      expect(user.followingCount).toBe(101);
      expect(user.followers).toHaveLength(100);
      expect(user.following).toHaveLength(100);
      expect(new Set(user.followers).size).toBe(100);
      for (const name of user.followers) expect(name).toMatch(/^fan\d{3}$/);
      const last = await api.post<FollowResponse>(`/api/users/unfollow/star`, undefined, fans[100]!.token);
      expect(last.status).toBe(200);
      expect(last.body.followUser.followerCount).toBe(100);
      expect(last.body.followUser.followers).toHaveLength(100);
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/users/suggestions', () => {
  let t: TestApp;
  let api: ApiClient;
  const u: Record<string, SignedUpUser> = {};
  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    for (const name of ['amy', 'bob', 'cat', 'dan', 'eve']) u[name] = await signUp(api, { username: name });
    const follows: [string, string][] = [
      ['amy', 'bob'],
      ['dan', 'cat'],
      ['eve', 'cat'],
      ['cat', 'dan'],
    ];
    for (const [from, to] of follows) {
      const response = await api.post(`/api/users/follow/${u[to]!.id}`, undefined, u[from]!.token);
      expect(response.status).toBe(200);
    }
  });
  afterAll(() => t.close());

  const names = (users: UserJson[]) => users.map((x) => x.username);

  it('lists users the caller does not follow, excluding the caller, most-followed first', async () => {
    const response = await api.get<UserPage>('/api/users/suggestions', u.amy!.token);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['nextCursor', 'users']);
    expect(response.body.nextCursor).toBeNull();
    for (const user of response.body.users) expectUserShape(user);
    // cat has 2 followers, dan 1, eve 0; bob is followed by amy; amy is the caller.
    expect(names(response.body.users)).toEqual(['cat', 'dan', 'eve']);
  });

  it('still suggests users who follow the caller, and applies to each caller separately', async () => {
    const forCat = await api.get<UserPage>('/api/users/suggestions', u.cat!.token);
    expect(forCat.status).toBe(200);
    expect(names(forCat.body.users).sort()).toEqual(['amy', 'bob', 'eve']);
    expect(names(forCat.body.users)).not.toContain('cat');
    expect(names(forCat.body.users)).not.toContain('dan');
  });

  it('pages with limit and cursor without gaps or repeats', async () => {
    const pages = await walkPages(api, '/api/users/suggestions', 'users', 1, u.amy!.token);
    expect(pages.map(names)).toEqual([['cat'], ['dan'], ['eve']]);
    const twos = await walkPages(api, '/api/users/suggestions', 'users', 2, u.bob!.token);
    expect(twos.map(names)).toEqual([
      ['cat', 'dan'],
      ['eve', 'amy'],
    ]);
  });

  it('drops a user from the suggestions once followed, and brings them back on unfollow', async () => {
    expect((await api.post(`/api/users/follow/${u.eve!.id}`, undefined, u.amy!.token)).status).toBe(200);
    const after = await api.get<UserPage>('/api/users/suggestions', u.amy!.token);
    expect(names(after.body.users)).toEqual(['cat', 'dan']);
    expect((await api.post(`/api/users/unfollow/${u.eve!.id}`, undefined, u.amy!.token)).status).toBe(200);
    const back = await api.get<UserPage>('/api/users/suggestions', u.amy!.token);
    expect(names(back.body.users)).toEqual(['cat', 'dan', 'eve']);
  });

  it('answers an empty list when the caller follows everyone', async () => {
    const t2 = await createTestApp();
    try {
      const api2 = apiClient(t2.app);
      const one = await signUp(api2, { username: 'one' });
      const two = await signUp(api2, { username: 'two' });
      expect((await api2.post(`/api/users/follow/${two.id}`, undefined, one.token)).status).toBe(200);
      const response = await api2.get<UserPage>('/api/users/suggestions', one.token);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ users: [], nextCursor: null });
    } finally {
      await t2.close();
    }
  });

  it('excludes the caller, the community account a new sign-up follows and the shared guest (demo data)', async () => {
    const t2 = await createTestApp({ seed: 'demo' });
    try {
      const api2 = apiClient(t2.app);
      const newbie = await signUp(api2, { username: 'freshbaker' });
      const all = await api2.get<UserPage>('/api/users?limit=100');
      const pages = await walkPages(api2, '/api/users/suggestions', 'users', 4, newbie.token);
      const suggested = pages.flat().map((x) => x.username);
      expect(suggested).not.toContain('freshbaker');
      expect(suggested).not.toContain('crumb');
      expect(suggested).not.toContain('guest');
      expect(new Set(suggested).size).toBe(suggested.length);
      expect(suggested.sort()).toEqual(
        names(all.body.users)
          .filter((n) => !['freshbaker', 'crumb', 'guest'].includes(n))
          .sort(),
      );
      const counts = pages.flat().map((x) => x.followerCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    } finally {
      await t2.close();
    }
  });

  it('answers 400 for a bad limit or cursor', async () => {
    const badLimit = await api.get<ErrorJson>('/api/users/suggestions?limit=0', u.amy!.token);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.errors).toEqual([LIMIT_MESSAGE]);
    const usersCursor = await api.get<UserPage>('/api/users?limit=1');
    expect(usersCursor.body.nextCursor).toEqual(expect.any(String));
    for (const cursor of ['garbage', usersCursor.body.nextCursor!]) {
      const response = await api.get<ErrorJson>(
        `/api/users/suggestions?cursor=${encodeURIComponent(cursor)}`,
        u.amy!.token,
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ errors: [messages.invalidCursor], code: 'invalid_cursor' });
    }
  });

  it('answers 401 without a valid token', async () => {
    for (const token of [undefined, 'Bearer-less-garbage']) {
      const response = await api.get<ErrorJson>('/api/users/suggestions', token);
      expect(response.status).toBe(401);
      expect(response.body).toEqual(UNAUTHORIZED);
    }
  });
});

describe('GET /api/users/:id/following and /api/users/:id/followers', () => {
  let t: TestApp;
  let api: ApiClient;
  let clock = Date.UTC(2025, 0, 1, 12, 0, 0);
  let fan: SignedUpUser;
  const bakers: SignedUpUser[] = [];
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    api = apiClient(t.app);
    fan = await signUp(api, { username: 'fan' });
    for (let i = 0; i < 105; i += 1) bakers.push(await signUp(api, { username: `baker${String(i).padStart(3, '0')}` }));
    for (const [i, baker] of bakers.entries()) {
      // Two follows share each second, so the order's tie-break (the other user's id) is used.
      if (i % 2 === 0) clock += 1000;
      const response = await api.post(`/api/users/follow/${baker.id}`, undefined, fan.token);
      expect(response.status).toBe(200);
    }
    clock += 1000;
    await api.post(`/api/users/follow/${fan.id}`, undefined, bakers[0]?.token);
    clock += 1000;
    await api.post(`/api/users/follow/${fan.id}`, undefined, bakers[1]?.token);
  });
  afterAll(() => t.close());

  it('pages through everyone followed, newest follow first, past the 100 a user object names', async () => {
    const pages = await walkPages(api, `/api/users/${fan.id}/following`, 'users', 10);
    const usernames = pages.flat().map((u) => u.username);
    expect(usernames).toEqual(bakers.map((b) => b.username).reverse());
    for (const user of pages.flat()) expectUserShape(user);

    const { body } = await api.get<UserBody>(`/api/users/${fan.id}`);
    expect(body.user.followingCount).toBe(105);
    expect(body.user.following).toHaveLength(100);
    expect(body.user.following).not.toContain('baker104');
    expect(usernames[0]).toBe('baker104');
  });

  it('pages through the followers the same way, by username too and without a token', async () => {
    const response = await api.get<UserPage>('/api/users/FAN/followers');
    expect(response.status).toBe(200);
    expect(response.body.users.map((u) => u.username)).toEqual(['baker001', 'baker000']);
    expect(response.body.nextCursor).toBeNull();
    const none = await api.get<UserPage>(`/api/users/${bakers[50]?.id}/following`);
    expect(none.body).toEqual({ users: [], nextCursor: null });
  });

  it('drops an unfollowed baker from the list at once', async () => {
    clock += 1000;
    expect((await api.post(`/api/users/unfollow/baker104`, undefined, fan.token)).status).toBe(200);
    const first = await api.get<UserPage>(`/api/users/${fan.id}/following?limit=2`);
    expect(first.body.users.map((u) => u.username)).toEqual(['baker103', 'baker102']);
    clock += 1000;
    expect((await api.post(`/api/users/follow/baker104`, undefined, fan.token)).status).toBe(200);
  });

  it('answers 404 for an unknown user, and for a malformed one before looking at the query', async () => {
    for (const ref of ['nobody', '999999']) {
      const response = await api.get(`/api/users/${ref}/followers`);
      expect(response.status, ref).toBe(404);
      expect(response.body, ref).toEqual(USER_NOT_FOUND);
    }
    for (const ref of ['no%20one', '0', '99999999999']) {
      const response = await api.get(`/api/users/${ref}/following?limit=0`);
      expect(response.status, ref).toBe(404);
      expect(response.body, ref).toEqual(USER_NOT_FOUND);
    }
  });

  it('answers 400 for a bad limit or cursor, and for a cursor of another list', async () => {
    const badLimit = await api.get<ErrorJson>(`/api/users/${fan.id}/following?limit=101`);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.errors).toEqual([LIMIT_MESSAGE]);
    const forged = await api.get<ErrorJson>(
      `/api/users/${fan.id}/following?cursor=${base64urlJson(['following', 1, 1e12])}`,
    );
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('invalid_cursor');
    const page = await api.get<UserPage>(`/api/users/${fan.id}/following?limit=1`);
    const replayed = await api.get<ErrorJson>(
      `/api/users/${fan.id}/followers?cursor=${encodeURIComponent(page.body.nextCursor ?? '')}`,
    );
    expect(replayed.status).toBe(400);
    expect(replayed.body.code).toBe('invalid_cursor');
  });
});
