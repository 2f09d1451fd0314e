import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorJson, QuestionPage, UserJson, UserPage } from '../../../shared/api-types.js';
import { messages } from '../../../shared/messages.js';
import { base64urlJson, expectUserShape, UNAUTHORIZED } from '../../testing/api-assertions.js';
import { CONCURRENT_HASHES, hashPassword, MAX_WAITING_HASHES } from './password.js';
import {
  apiClient,
  createTestApp,
  rememberPassword,
  signUp,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../../testing/test-app.js';

/** The password of every demo account but the guest. */
const DEMO_PASSWORD = 'bake-together';
const PASSWORD = 'rye-and-caraway-42';
rememberPassword(PASSWORD);

type SignupResponse = { createdUser: UserJson; encodedToken: string };
type LoginResponse = { foundUser: UserJson; encodedToken: string };

function jwtPart(token: string, index: 0 | 1): Record<string, unknown> {
  const part = token.split('.')[index];
  if (part === undefined) throw new Error(`not a JWT: ${token}`);
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  username: 'anna',
  password: PASSWORD,
  firstName: 'Anna',
  lastName: 'Baker',
  bio: 'I bake rye on Sundays.',
  ...overrides,
});

async function jwtSecret(t: TestApp): Promise<string> {
  const row = await t.database.db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', 'jwt')
    .executeTakeFirstOrThrow();
  return row.value;
}

describe('POST /api/auth/signup', () => {
  let t: TestApp;
  let api: ApiClient;
  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  it('creates the user and answers 201 with the user (no password) and a working token', async () => {
    const response = await api.post<SignupResponse>('/api/auth/signup', signupBody());
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['createdUser', 'encodedToken']);
    const { createdUser, encodedToken } = response.body;
    expectUserShape(createdUser);
    expect(createdUser).toMatchObject({
      username: 'anna',
      firstName: 'Anna',
      lastName: 'Baker',
      bio: 'I bake rye on Sundays.',
      followers: [],
      following: [],
      followerCount: 0,
      followingCount: 0,
      questionCount: 0,
    });
    expect(createdUser.createdAt).toBe(createdUser.updatedAt);
    expect(JSON.stringify(response.body)).not.toContain(PASSWORD);

    // The token is an HS256 JWT naming the new user, and it opens protected routes.
    expect(jwtPart(encodedToken, 0)).toMatchObject({ alg: 'HS256' });
    const claims = jwtPart(encodedToken, 1);
    expect(claims).toMatchObject({ sub: createdUser._id, username: 'anna' });
    expect(claims.exp).toBeTypeOf('number');
    expect(claims.exp as number).toBeGreaterThan(Date.now() / 1000);
    const feed = await api.get('/api/feed', encodedToken);
    expect(feed.status).toBe(200);
    expect(feed.body).toMatchObject({ questions: [], nextCursor: null });

    // It is stored: the public profile reads the same.
    const stored = await api.get<{ user: UserJson }>(`/api/users/${createdUser._id}`);
    expect(stored.status).toBe(200);
    expect(stored.body.user).toEqual(createdUser);
  });

  it('treats bio as optional (missing or null stores an empty bio)', async () => {
    const missing = await api.post<SignupResponse>(
      '/api/auth/signup',
      signupBody({ username: 'nobio', bio: undefined }),
    );
    expect(missing.status).toBe(201);
    expect(missing.body.createdUser.bio).toBe('');
    const asNull = await api.post<SignupResponse>('/api/auth/signup', signupBody({ username: 'nullbio', bio: null }));
    expect(asNull.status).toBe(201);
    expect(asNull.body.createdUser.bio).toBe('');
  });

  it('trims the username it stores', async () => {
    const response = await api.post<SignupResponse>('/api/auth/signup', signupBody({ username: '  trimmed.name  ' }));
    expect(response.status).toBe(201);
    expect(response.body.createdUser.username).toBe('trimmed.name');
  });

  it.each(['username', 'password', 'firstName', 'lastName'])(
    'answers 400 "Required Field" when %s is missing',
    async (field) => {
      const body: Record<string, unknown> = signupBody({ username: `missing${field.toLowerCase()}` });
      delete body[field];
      const response = await api.post<ErrorJson>('/api/auth/signup', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errors: ['Required Field'],
        code: 'validation_failed',
        fields: { [field]: 'Required Field' },
      });
    },
  );

  it.each(['username', 'password', 'firstName', 'lastName'])(
    'answers 400 "Required Field" when %s is an empty string or null',
    async (field) => {
      for (const value of ['', null]) {
        const response = await api.post<ErrorJson>(
          '/api/auth/signup',
          signupBody({ username: `empty${field.toLowerCase()}`, [field]: value }),
        );
        expect(response.status).toBe(400);
        // A blank field reports that it is required, and nothing else about it.
        expect(response.body).toEqual({
          errors: ['Required Field'],
          code: 'validation_failed',
          fields: { [field]: 'Required Field' },
        });
      }
    },
  );

  it.each(['username', 'firstName', 'lastName'])(
    'answers 400 "Required Field" when %s is only whitespace or invisible characters',
    async (field) => {
      for (const blank of [' \t\n  ', '\u3164\u200B', '\u2800']) {
        const response = await api.post<ErrorJson>(
          '/api/auth/signup',
          signupBody({ username: `blank${field.toLowerCase()}`, [field]: blank }),
        );
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          errors: ['Required Field'],
          code: 'validation_failed',
          fields: { [field]: 'Required Field' },
        });
      }
    },
  );

  it('reports one problem per field: a username too long is not also called malformed', async () => {
    const response = await api.post<ErrorJson>('/api/auth/signup', signupBody({ username: `a${'b'.repeat(30)}` }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      errors: ['Must be at most 30 characters.'],
      code: 'validation_failed',
      fields: { username: 'Must be at most 30 characters.' },
    });
  });

  it('reports every missing field at once for an empty body, and for no body at all', async () => {
    const expected = {
      errors: ['Required Field'],
      code: 'validation_failed',
      fields: {
        username: 'Required Field',
        password: 'Required Field',
        firstName: 'Required Field',
        lastName: 'Required Field',
      },
    };
    const empty = await api.post<ErrorJson>('/api/auth/signup', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual(expected);
    const none = await api.call<ErrorJson>('POST', '/api/auth/signup');
    expect(none.status).toBe(400);
    expect(none.body).toEqual(expected);
  });

  it.each([
    ['username', 12345],
    ['password', 123456789],
    ['firstName', ['Anna']],
    ['lastName', { name: 'Baker' }],
    ['bio', 42],
  ])('answers 400 "Must be text." when %s has the wrong type', async (field, value) => {
    const response = await api.post<ErrorJson>(
      '/api/auth/signup',
      signupBody({ username: `wrongtype${field.toLowerCase()}`, [field]: value }),
    );
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.errors[0]).toBe('Must be text.');
    expect(response.body.fields).toEqual({ [field]: 'Must be text.' });
  });

  it('answers 400 for a body that is not a JSON object, and for malformed JSON', async () => {
    for (const body of [JSON.stringify(['anna', PASSWORD]), '"anna"', '42', 'null']) {
      const response = await api.call<ErrorJson>('POST', '/api/auth/signup', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual(expect.arrayContaining([expect.any(String)]));
    }
    const malformed = await api.call<ErrorJson>('POST', '/api/auth/signup', {
      body: '{"username": "anna",',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ errors: [messages.invalidJson], code: 'bad_request' });
  });

  it('rejects a password shorter than 8 characters with the length message', async () => {
    for (const password of ['short', '1234567', '       ']) {
      const response = await api.post<ErrorJson>('/api/auth/signup', signupBody({ username: 'shortpw', password }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errors: [messages.passwordLength],
        code: 'validation_failed',
        fields: { password: messages.passwordLength },
      });
    }
  });

  it('accepts passwords from 8 to 128 characters and rejects 129', async () => {
    const eight = 'exactly8';
    const long = 'p'.repeat(128);
    rememberPassword(eight);
    rememberPassword(long);
    const ok8 = await api.post('/api/auth/signup', signupBody({ username: 'eightchars', password: eight }));
    expect(ok8.status).toBe(201);
    const ok128 = await api.post('/api/auth/signup', signupBody({ username: 'longpw', password: long }));
    expect(ok128.status).toBe(201);
    const login = await api.post('/api/auth/login', { username: 'longpw', password: long });
    expect(login.status).toBe(200);
    const tooLong = await api.post<ErrorJson>(
      '/api/auth/signup',
      signupBody({ username: 'toolongpw', password: 'p'.repeat(129) }),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0]).toBe(messages.passwordLength);
    expect(tooLong.body.fields).toEqual({ password: messages.passwordLength });
  });

  it('counts a password in characters: an emoji once, an accent typed apart with its letter', async () => {
    const fourCakes = '🎂🍰🧁🍪';
    const short = await api.post<ErrorJson>(
      '/api/auth/signup',
      signupBody({ username: 'fourcakes', password: fourCakes }),
    );
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([messages.passwordLength]);

    const cakes = '🎂'.repeat(128);
    rememberPassword(cakes);
    expect((await api.post('/api/auth/signup', signupBody({ username: 'manycakes', password: cakes }))).status).toBe(
      201,
    );
    expect((await api.post('/api/auth/login', { username: 'manycakes', password: cakes })).status).toBe(200);
    const tooMany = await api.post<ErrorJson>(
      '/api/auth/signup',
      signupBody({ username: 'toomanycakes', password: cakes + '🎂' }),
    );
    expect(tooMany.body.errors).toEqual([messages.passwordLength]);

    // Seven letters with three accents typed as separate marks: ten code points, seven characters.
    const accents = 'crèmeéè'.normalize('NFD');
    expect(accents.length).toBe(10);
    const accented = await api.post<ErrorJson>(
      '/api/auth/signup',
      signupBody({ username: 'accents', password: accents }),
    );
    expect(accented.body.errors).toEqual([messages.passwordLength]);
  });

  it('takes any Unicode password exactly as typed (no trimming, NFC-equivalent forms match)', async () => {
    const composed = '  café-crème-пароль-🍞  ';
    rememberPassword(composed);
    const created = await api.post('/api/auth/signup', signupBody({ username: 'unicodepw', password: composed }));
    expect(created.status).toBe(201);
    expect((await api.post('/api/auth/login', { username: 'unicodepw', password: composed })).status).toBe(200);
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect((await api.post('/api/auth/login', { username: 'unicodepw', password: decomposed })).status).toBe(200);
    const trimmed = await api.post<ErrorJson>('/api/auth/login', { username: 'unicodepw', password: composed.trim() });
    expect(trimmed.status).toBe(401);
    expect(trimmed.body.errors).toEqual([messages.invalidCredentials]);
  });

  it.each(['ab', '1baker', '_baker', 'has space', 'anna!', 'émile', 'a/b/c'])(
    'rejects the username %j with the format message',
    async (username) => {
      const response = await api.post<ErrorJson>('/api/auth/signup', signupBody({ username }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errors: [messages.usernameFormat],
        code: 'validation_failed',
        fields: { username: messages.usernameFormat },
      });
    },
  );

  it('rejects a username longer than 30 characters and accepts one of exactly 30', async () => {
    const tooLong = await api.post<ErrorJson>('/api/auth/signup', signupBody({ username: 'a'.repeat(31) }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields?.username).toBeDefined();
    expect(tooLong.body.errors.some((e) => e === messages.usernameFormat || e === messages.tooLong(30))).toBe(true);
    const thirty = await api.post<SignupResponse>('/api/auth/signup', signupBody({ username: `b${'a'.repeat(29)}` }));
    expect(thirty.status).toBe(201);
    expect(thirty.body.createdUser.username).toHaveLength(30);
  });

  it('rejects names and bios over their limits, and text with NUL characters', async () => {
    const firstName = await api.post<ErrorJson>(
      '/api/auth/signup',
      signupBody({ username: 'longname', firstName: 'x'.repeat(51) }),
    );
    expect(firstName.status).toBe(400);
    expect(firstName.body.fields).toEqual({ firstName: messages.tooLong(50) });
    const bio = await api.post<ErrorJson>(
      '/api/auth/signup',
      signupBody({ username: 'longbio', bio: 'x'.repeat(501) }),
    );
    expect(bio.status).toBe(400);
    expect(bio.body.fields).toEqual({ bio: messages.tooLong(500) });
    const nul = await api.post<ErrorJson>(
      '/api/auth/signup',
      signupBody({ username: 'nulname', lastName: 'Ba\u0000ker' }),
    );
    expect(nul.status).toBe(400);
    expect(nul.body.fields).toEqual({ lastName: messages.badText });
    const users = await api.get<UserPage>('/api/users?limit=100');
    expect(users.body.users.map((u) => u.username)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(longname|longbio|nulname)$/)]),
    );
  });

  it('answers 422 "Username already exists" for a taken username, in any letter case', async () => {
    const first = await api.post<SignupResponse>('/api/auth/signup', signupBody({ username: 'Bread.Head' }));
    expect(first.status).toBe(201);
    for (const username of ['Bread.Head', 'bread.head', 'BREAD.HEAD', '  bread.head ']) {
      const response = await api.post<ErrorJson>(
        '/api/auth/signup',
        signupBody({ username, firstName: 'Someone', lastName: 'Else' }),
      );
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ errors: ['Username already exists'], code: 'conflict' });
    }
    // The original account is untouched.
    const stored = await api.get<{ user: UserJson }>('/api/users/bread.head');
    expect(stored.body.user).toEqual(first.body.createdUser);
  });

  it('answers 422 for "Anna" once "anna" exists, and the reverse', async () => {
    const t2 = await createTestApp();
    try {
      const api2 = apiClient(t2.app);
      expect((await api2.post('/api/auth/signup', signupBody({ username: 'anna' }))).status).toBe(201);
      const upper = await api2.post<ErrorJson>('/api/auth/signup', signupBody({ username: 'Anna' }));
      expect(upper.status).toBe(422);
      expect(upper.body.errors).toEqual(['Username already exists']);
      expect((await api2.post('/api/auth/signup', signupBody({ username: 'Bob' }))).status).toBe(201);
      const lower = await api2.post<ErrorJson>('/api/auth/signup', signupBody({ username: 'bob' }));
      expect(lower.status).toBe(422);
      expect(lower.body.errors).toEqual(['Username already exists']);
      const list = await api2.get<UserPage>('/api/users');
      expect(list.body.users.map((u) => u.username).sort()).toEqual(['Bob', 'anna']);
    } finally {
      await t2.close();
    }
  });

  it('never stores or echoes extra fields (followers, following, ids, flags, hashes)', async () => {
    const response = await api.post<SignupResponse>(
      '/api/auth/signup',
      signupBody({
        username: 'sneaky',
        followers: ['anna', 'bread.head'],
        following: ['anna'],
        followerCount: 1000,
        _id: '424242',
        id: '424242',
        isAdmin: true,
        role: 'admin',
        password_hash: 'plain-text-hash-attempt',
        token_version: 7,
        createdAt: '2001-01-01T00:00:00.000Z',
      }),
    );
    expect(response.status).toBe(201);
    const user = response.body.createdUser;
    expectUserShape(user);
    expect(user).toMatchObject({ followers: [], following: [], followerCount: 0, followingCount: 0 });
    expect(user._id).not.toBe('424242');
    expect(user.createdAt).not.toBe('2001-01-01T00:00:00.000Z');
    expect(JSON.stringify(response.body)).not.toMatch(/isAdmin|role|plain-text-hash-attempt|token_version/);

    const stored = await api.get<{ user: UserJson }>(`/api/users/${user._id}`);
    expect(stored.body.user).toEqual(user);
    const anna = await api.get<{ user: UserJson }>('/api/users/anna');
    expect(anna.body.user.followers).not.toContain('sneaky');
    expect(anna.body.user.followerCount).toBe(0);
    // The password given is the one that works: the sent hash was not stored.
    const login = await api.post<LoginResponse>('/api/auth/login', { username: 'sneaky', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(jwtPart(login.body.encodedToken, 1)).toMatchObject({ ver: 0 });
  });

  it('does not follow anyone automatically when there is no community account', async () => {
    const response = await api.post<SignupResponse>('/api/auth/signup', signupBody({ username: 'loner' }));
    expect(response.status).toBe(201);
    expect(response.body.createdUser.following).toEqual([]);
    expect(response.body.createdUser.followingCount).toBe(0);
  });

  it('does not let anyone claim the guest or community account names on an empty database', async () => {
    const t2 = await createTestApp();
    try {
      const api2 = apiClient(t2.app);
      // 'suggestions' too: GET /api/users/suggestions would shadow a profile of that name.
      for (const username of ['guest', 'Guest', 'crumb', 'CRUMB', 'suggestions', 'Suggestions']) {
        const claim = await api2.post<ErrorJson>('/api/auth/signup', signupBody({ username }));
        expect(claim.status).toBeGreaterThanOrEqual(400);
        expect(claim.status).toBeLessThan(500);
        expect(claim.body.errors).toEqual([expect.any(String)]);
      }
      expect((await api2.get<UserPage>('/api/users')).body.users).toEqual([]);
      // Guest sign-in still hands out the shared account, not someone's private one.
      const guest = await api2.post<LoginResponse>('/api/auth/guest');
      expect(guest.status).toBe(200);
      expect(guest.body.foundUser).toMatchObject({ username: 'guest', followerCount: 0, followingCount: 0 });
      const login = await api2.post('/api/auth/login', { username: 'guest', password: PASSWORD });
      expect(login.status).toBe(401);
    } finally {
      await t2.close();
    }
  });
});

describe('POST /api/auth/signup with the demo data', () => {
  let t: TestApp;
  let api: ApiClient;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  it('makes every new sign-up follow the community account "crumb", counting on both sides', async () => {
    const before = await api.get<{ user: UserJson }>('/api/users/crumb');
    expect(before.status).toBe(200);
    const crumbFollowers = before.body.user.followerCount;
    expect(before.body.user.followers).toHaveLength(crumbFollowers);

    const response = await api.post<SignupResponse>('/api/auth/signup', signupBody({ username: 'newbaker' }));
    expect(response.status).toBe(201);
    expect(response.body.createdUser).toMatchObject({
      username: 'newbaker',
      following: ['crumb'],
      followingCount: 1,
      followers: [],
      followerCount: 0,
    });

    const after = await api.get<{ user: UserJson }>('/api/users/crumb');
    expect(after.body.user.followerCount).toBe(crumbFollowers + 1);
    expect(after.body.user.followers).toEqual([...before.body.user.followers, 'newbaker']);
    expect(after.body.user.followingCount).toBe(before.body.user.followingCount);

    const second = await api.post<SignupResponse>('/api/auth/signup', signupBody({ username: 'secondbaker' }));
    expect(second.body.createdUser.following).toEqual(['crumb']);
    const again = await api.get<{ user: UserJson }>('/api/users/crumb');
    expect(again.body.user.followerCount).toBe(crumbFollowers + 2);
  });

  it('answers 422 for the demo accounts names, including "crumb" and "guest"', async () => {
    for (const username of ['crumb', 'Guest', 'camille.patisserie']) {
      const response = await api.post<ErrorJson>('/api/auth/signup', signupBody({ username }));
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ errors: ['Username already exists'], code: 'conflict' });
    }
  });
});

describe('POST /api/auth/login', () => {
  let t: TestApp;
  let api: ApiClient;
  let anna: SignupResponse;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
    api = apiClient(t.app);
    const response = await api.post<SignupResponse>('/api/auth/signup', signupBody({ username: 'Anna' }));
    anna = response.body;
  });
  afterAll(() => t.close());

  it('answers 200 with the user (no password) and a working token', async () => {
    const response = await api.post<LoginResponse>('/api/auth/login', { username: 'Anna', password: PASSWORD });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['encodedToken', 'foundUser']);
    expectUserShape(response.body.foundUser);
    expect(response.body.foundUser).toEqual(anna.createdUser);
    expect(jwtPart(response.body.encodedToken, 1)).toMatchObject({ sub: anna.createdUser._id, username: 'Anna' });
    const feed = await api.get('/api/feed', response.body.encodedToken);
    expect(feed.status).toBe(200);
  });

  it('signs into a demo account with the demo password', async () => {
    const response = await api.post<LoginResponse>('/api/auth/login', {
      username: 'camille.patisserie',
      password: DEMO_PASSWORD,
    });
    expect(response.status).toBe(200);
    expectUserShape(response.body.foundUser);
    expect(response.body.foundUser).toMatchObject({ username: 'camille.patisserie', firstName: 'Camille' });
    expect(response.body.foundUser.following).toContain('crumb');
  });

  it('is case-insensitive on the username and answers with the stored spelling', async () => {
    for (const username of ['anna', 'ANNA', 'aNnA']) {
      const response = await api.post<LoginResponse>('/api/auth/login', { username, password: PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body.foundUser.username).toBe('Anna');
      expect(response.body.foundUser._id).toBe(anna.createdUser._id);
    }
  });

  it('answers 404 for a username that is not registered', async () => {
    const response = await api.post<ErrorJson>('/api/auth/login', { username: 'nobody.here', password: PASSWORD });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ errors: ['The username you entered is not registered'], code: 'not_found' });
  });

  it('answers 401 for a wrong password, including one differing only in case', async () => {
    for (const password of ['wrong-password-99', PASSWORD.toUpperCase(), `${PASSWORD} `]) {
      const response = await api.post<ErrorJson>('/api/auth/login', { username: 'Anna', password });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ errors: ['The credentials you entered are invalid'], code: 'unauthorized' });
    }
  });

  it('answers 400 "Required Field" for missing or blank fields', async () => {
    const empty = await api.post<ErrorJson>('/api/auth/login', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      errors: ['Required Field'],
      code: 'validation_failed',
      fields: { username: 'Required Field', password: 'Required Field' },
    });
    const noPassword = await api.post<ErrorJson>('/api/auth/login', { username: 'Anna' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors[0]).toBe('Required Field');
    expect(noPassword.body.fields).toEqual({ password: 'Required Field' });
    const blankUser = await api.post<ErrorJson>('/api/auth/login', { username: '   ', password: PASSWORD });
    expect(blankUser.status).toBe(400);
    expect(blankUser.body.errors[0]).toBe('Required Field');
    expect(blankUser.body.fields).toEqual({ username: 'Required Field' });
    const emptyPassword = await api.post<ErrorJson>('/api/auth/login', { username: 'Anna', password: '' });
    expect(emptyPassword.status).toBe(400);
    expect(emptyPassword.body.fields).toEqual({ password: 'Required Field' });
  });

  it('answers 400 for fields of the wrong type', async () => {
    const response = await api.post<ErrorJson>('/api/auth/login', { username: ['Anna'], password: 12345678 });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ username: 'Must be text.', password: 'Must be text.' });
  });

  it('never signs into the guest account with a password', async () => {
    for (const password of [DEMO_PASSWORD, 'guest', 'guest1234', PASSWORD]) {
      const response = await api.post<ErrorJson>('/api/auth/login', { username: 'guest', password });
      expect(response.status).toBe(401);
      expect(response.body.errors).toEqual([messages.invalidCredentials]);
    }
  });
});

describe('POST /api/auth/guest', () => {
  it('returns the demo guest account and a working token, the same account every time', async () => {
    const t = await createTestApp({ seed: 'demo' });
    try {
      const api = apiClient(t.app);
      const first = await api.post<LoginResponse>('/api/auth/guest');
      expect(first.status).toBe(200);
      expect(Object.keys(first.body).sort()).toEqual(['encodedToken', 'foundUser']);
      expectUserShape(first.body.foundUser);
      expect(first.body.foundUser).toMatchObject({ username: 'guest', firstName: 'Guest', lastName: 'Baker' });
      expect(first.body.foundUser.following).toEqual(expect.arrayContaining(['crumb']));
      expect(first.body.foundUser.followingCount).toBe(first.body.foundUser.following.length);

      const feed = await api.get<{ questions: unknown[] }>('/api/feed', first.body.encodedToken);
      expect(feed.status).toBe(200);
      expect(feed.body.questions.length).toBeGreaterThan(0);

      const second = await api.call<LoginResponse>('POST', '/api/auth/guest');
      expect(second.status).toBe(200);
      expect(second.body.foundUser).toEqual(first.body.foundUser);
      const list = await api.get<UserPage>('/api/users?limit=100');
      expect(list.body.users.filter((u) => u.username.toLowerCase() === 'guest')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('creates the guest account on demand on an empty database, once', async () => {
    const t = await createTestApp();
    try {
      const api = apiClient(t.app);
      const empty = await api.get<UserPage>('/api/users');
      expect(empty.body.users).toEqual([]);

      const first = await api.post<LoginResponse>('/api/auth/guest');
      expect(first.status).toBe(200);
      expectUserShape(first.body.foundUser);
      expect(first.body.foundUser).toMatchObject({
        username: 'guest',
        followers: [],
        following: [],
        followerCount: 0,
        followingCount: 0,
      });
      expect((await api.get('/api/feed', first.body.encodedToken)).status).toBe(200);

      const concurrent = await Promise.all([1, 2, 3, 4].map(() => api.post<LoginResponse>('/api/auth/guest')));
      for (const response of concurrent) {
        expect(response.status).toBe(200);
        expect(response.body.foundUser._id).toBe(first.body.foundUser._id);
      }
      const list = await api.get<UserPage>('/api/users');
      expect(list.body.users.map((u) => u.username)).toEqual(['guest']);

      // The name is now taken.
      const claim = await api.post<ErrorJson>('/api/auth/signup', signupBody({ username: 'guest' }));
      expect(claim.status).toBe(422);
      expect(claim.body.errors).toEqual(['Username already exists']);
    } finally {
      await t.close();
    }
  });
});

describe('tokens on protected routes', () => {
  let t: TestApp;
  let api: ApiClient;
  let owner: SignedUpUser;
  let other: SignedUpUser;
  let secret: string;
  const forged: Record<string, string> = {};

  const editBody = { userData: { firstName: 'Intruder', lastName: 'Alert', bio: 'changed by a bad token' } };
  const feed = (authorization?: string) =>
    api.call('GET', '/api/feed', authorization === undefined ? {} : { headers: { authorization } });
  const edit = (authorization?: string) =>
    api.call('POST', '/api/users/edit', {
      body: editBody,
      ...(authorization === undefined ? {} : { headers: { authorization } }),
    });

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    owner = await signUp(api, { username: 'tokenowner', firstName: 'Token', lastName: 'Owner' });
    other = await signUp(api, { username: 'otheruser' });
    secret = await jwtSecret(t);
    const claims = { sub: owner.id, username: owner.username, ver: 0 };
    const now = Date.now();

    forged.valid = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })(claims);
    forged.otherSecret = createSigner({ key: 'x'.repeat(48), algorithm: 'HS256', expiresIn: 60_000 })(claims);
    forged.algNone = `${base64urlJson({ alg: 'none', typ: 'JWT' })}.${base64urlJson({
      ...claims,
      iat: Math.floor(now / 1000),
      exp: Math.floor(now / 1000) + 3600,
    })}.`;
    const [header, , signature] = owner.token.split('.');
    forged.tamperedUsername = `${header}.${base64urlJson({ ...jwtPart(owner.token, 1), username: other.username })}.${signature}`;
    forged.tamperedSub = `${header}.${base64urlJson({ ...jwtPart(owner.token, 1), sub: other.id })}.${signature}`;
    forged.noSignature = `${header}.${owner.token.split('.')[1]}.`;
    forged.truncated = owner.token.slice(0, -5);
    forged.expired = createSigner({
      key: secret,
      algorithm: 'HS256',
      expiresIn: 60_000,
      clockTimestamp: now - 2 * 60 * 60 * 1000,
    })(claims);
    forged.unknownUser = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({
      sub: '987654',
      username: 'ghost',
      ver: 0,
    });
    forged.mismatchedUsername = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({
      ...claims,
      username: other.username,
    });
    // Signed with the app's secret, naming ids no account can have: beyond PostgreSQL's integer, or not plain digits.
    for (const [name, sub] of [
      ['hugeSub', '2147483648'],
      ['hugerSub', '99999999999'],
      ['leadingZeroSub', `0${owner.id}`],
    ] as const) {
      forged[name] = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({ ...claims, sub });
    }
    forged.staleVersion = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({ ...claims, ver: 1 });
    forged.hs512 = createSigner({ key: secret, algorithm: 'HS512', expiresIn: 60_000 })(claims);
    forged.noExpiry = createSigner({ key: secret, algorithm: 'HS256' })(claims);
  });
  afterAll(() => t.close());

  it('builds the forged tokens as intended (sanity checks on the test itself)', () => {
    expect(jwtPart(forged.expired!, 1).exp as number).toBeLessThan(Date.now() / 1000);
    expect(jwtPart(forged.algNone!, 0)).toEqual({ alg: 'none', typ: 'JWT' });
    expect(jwtPart(forged.hs512!, 0)).toMatchObject({ alg: 'HS512' });
    expect(jwtPart(forged.noExpiry!, 1).exp).toBeUndefined();
    expect(jwtPart(forged.tamperedUsername!, 1)).toMatchObject({ sub: owner.id, username: 'otheruser' });
  });

  it('accepts a well-formed token signed with the app secret, with or without "Bearer "', async () => {
    for (const authorization of [
      `Bearer ${owner.token}`,
      owner.token,
      `bearer ${owner.token}`,
      `Bearer ${forged.valid}`,
      forged.valid!,
    ]) {
      const response = await feed(authorization);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ questions: [], nextCursor: null });
    }
    const bare = await api.call<{ user: UserJson }>('POST', '/api/users/edit', {
      body: { userData: { firstName: 'Token', lastName: 'Owner', bio: 'bare token works' } },
      headers: { authorization: owner.token },
    });
    expect(bare.status).toBe(201);
    expect(bare.body.user).toMatchObject({ username: 'tokenowner', bio: 'bare token works' });
  });

  const rejected: [string, () => string | undefined][] = [
    ['no authorization header', () => undefined],
    ['an empty authorization header', () => ''],
    ['"Bearer " and nothing else', () => 'Bearer '],
    ['"Bearer garbage"', () => 'Bearer garbage'],
    ['a bare garbage token', () => 'garbage.token.here'],
    ['Basic credentials', () => `Basic ${Buffer.from('tokenowner:correct-horse-battery').toString('base64')}`],
    ['a token signed with another secret', () => `Bearer ${forged.otherSecret}`],
    ['an alg "none" token', () => `Bearer ${forged.algNone}`],
    ['a token whose username was changed', () => `Bearer ${forged.tamperedUsername}`],
    ['a token whose subject was changed', () => `Bearer ${forged.tamperedSub}`],
    ['a token with its signature removed', () => `Bearer ${forged.noSignature}`],
    ['a truncated token', () => `Bearer ${forged.truncated}`],
    ['an expired token', () => `Bearer ${forged.expired}`],
    ['a token for a user id that does not exist', () => `Bearer ${forged.unknownUser}`],
    ['a token for an id beyond any stored one (2147483648)', () => `Bearer ${forged.hugeSub}`],
    ['a token for an id beyond any stored one (99999999999)', () => `Bearer ${forged.hugerSub}`],
    ['a token whose id has a leading zero', () => `Bearer ${forged.leadingZeroSub}`],
    ['a token whose username does not match its user', () => `Bearer ${forged.mismatchedUsername}`],
    ['a token of an outdated token version', () => `Bearer ${forged.staleVersion}`],
    ['an HS512 token (only HS256 is allowed)', () => `Bearer ${forged.hs512}`],
    ['a token without an expiry', () => `Bearer ${forged.noExpiry}`],
  ];

  it.each(rejected)(
    'answers 401 to %s on GET /api/feed, POST /api/users/edit and GET /api/users/suggestions',
    async (_name, header) => {
      const authorization = header();
      const onFeed = await feed(authorization);
      expect(onFeed.status).toBe(401);
      expect(onFeed.body).toEqual(UNAUTHORIZED);
      const onEdit = await edit(authorization);
      expect(onEdit.status).toBe(401);
      expect(onEdit.body).toEqual(UNAUTHORIZED);
      const suggestions = await api.call('GET', '/api/users/suggestions', {
        ...(authorization === undefined ? {} : { headers: { authorization } }),
      });
      expect(suggestions.status).toBe(401);
      expect(suggestions.body).toEqual(UNAUTHORIZED);
    },
  );

  it('answers a public read as for a visitor when the token names an id beyond any stored one', async () => {
    for (const token of [forged.hugeSub, forged.hugerSub]) {
      const response = await api.get<QuestionPage>('/api/questions?limit=1', token);
      expect(response.status).toBe(200);
    }
  });

  it('left both profiles untouched after the rejected calls', async () => {
    for (const user of [owner, other]) {
      const response = await api.get<{ user: UserJson }>(`/api/users/${user.id}`);
      expect(response.body.user.firstName).not.toBe('Intruder');
      expect(response.body.user.bio).not.toBe('changed by a bad token');
    }
  });

  it('invalidates old tokens when the password changes; the returned token works', async () => {
    const user = await signUp(api, { username: 'changer', firstName: 'Chang', lastName: 'Er' });
    const secondSession = await api.post<LoginResponse>('/api/auth/login', {
      username: 'changer',
      password: user.password,
    });
    expect(secondSession.status).toBe(200);
    const newPassword = 'brand-new-sourdough-77';
    rememberPassword(newPassword);

    const changed = await api.post<{ user: UserJson; encodedToken: string }>(
      '/api/users/edit',
      { userData: { firstName: 'Chang', lastName: 'Er', password: newPassword, currentPassword: user.password } },
      user.token,
    );
    expect(changed.status).toBe(201);
    expect(changed.body.encodedToken).not.toBe(user.token);

    for (const oldToken of [user.token, secondSession.body.encodedToken]) {
      const old = await api.get('/api/feed', oldToken);
      expect(old.status).toBe(401);
      expect(old.body).toEqual(UNAUTHORIZED);
    }
    expect((await api.get('/api/feed', changed.body.encodedToken)).status).toBe(200);
    const oldLogin = await api.post<ErrorJson>('/api/auth/login', { username: 'changer', password: user.password });
    expect(oldLogin.status).toBe(401);
    expect(oldLogin.body.errors).toEqual([messages.invalidCredentials]);
    const newLogin = await api.post<LoginResponse>('/api/auth/login', { username: 'changer', password: newPassword });
    expect(newLogin.status).toBe(200);
    expect((await api.get('/api/feed', newLogin.body.encodedToken)).status).toBe(200);
  });

  it('keeps existing tokens valid after a profile edit that does not change the password', async () => {
    const user = await signUp(api, { username: 'keeper' });
    const edited = await api.post<{ user: UserJson; encodedToken: string }>(
      '/api/users/edit',
      { userData: { firstName: 'Kee', lastName: 'Per', bio: 'still signed in' } },
      user.token,
    );
    expect(edited.status).toBe(201);
    expect((await api.get('/api/feed', user.token)).status).toBe(200);
    expect((await api.get('/api/feed', edited.body.encodedToken)).status).toBe(200);
  });
});

describe('rate limits on sign-in and sign-up', () => {
  it('answers 429 with a clear message after 10 sign-ups a minute', async () => {
    const t = await createTestApp({ rateLimits: true });
    try {
      const api = apiClient(t.app);
      for (let i = 0; i < 10; i += 1) {
        const response = await api.post('/api/auth/signup', signupBody({ username: `limited${i}` }));
        expect(response.status).toBe(201);
      }
      const limited = await api.post<ErrorJson>('/api/auth/signup', signupBody({ username: 'limited10' }));
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ errors: [messages.tooManyRequests], code: 'rate_limited' });
      const list = await api.get<UserPage>('/api/users');
      expect(list.body.users.map((u) => u.username)).not.toContain('limited10');
    } finally {
      await t.close();
    }
  });

  it('counts IPv6 addresses by their /64 network, and other networks apart', async () => {
    const t = await createTestApp({ rateLimits: true });
    try {
      const login = (remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'nobody.here', password: 'whatever-123' },
          remoteAddress,
        });
      // One host taking a fresh address of its network for every attempt (@fastify/rate-limit
      // groups IPv6 addresses by /64).
      for (let i = 1; i <= 20; i += 1) expect((await login(`2001:db8:1:2::${i.toString(16)}`)).statusCode).toBe(404);
      expect((await login('2001:db8:1:2:ffff::99')).statusCode).toBe(429);
      expect((await login('2001:db8:1:3::1')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('counts clients by the address a trusted proxy names, and ignores that header from anyone else', async () => {
    const failedLogins = async (app: TestApp['app'], remoteAddress: string, forwardedFor: (i: number) => string) => {
      const statuses: number[] = [];
      for (let i = 1; i <= 21; i += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'nobody.here', password: 'whatever-123' },
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor(i) },
        });
        statuses.push(response.statusCode);
      }
      return statuses;
    };
    const behindProxy = await createTestApp({ rateLimits: true, trustProxy: ['10.0.0.7'] });
    try {
      // Through the proxy, each client is its own: 21 clients of one attempt each are all answered.
      expect(await failedLogins(behindProxy.app, '10.0.0.7', (i) => `198.51.100.${i}`)).toEqual(Array(21).fill(404));
      // Anyone else naming a new client on each request is still counted as itself.
      const spoofed = await failedLogins(behindProxy.app, '203.0.113.5', (i) => `198.51.100.${i + 100}`);
      expect(spoofed.at(-1)).toBe(429);
    } finally {
      await behindProxy.close();
    }
    const direct = await createTestApp({ rateLimits: true });
    try {
      const spoofed = await failedLogins(direct.app, '203.0.113.5', (i) => `198.51.100.${i}`);
      expect(spoofed.slice(0, 20)).toEqual(Array(20).fill(404));
      expect(spoofed.at(-1)).toBe(429);
    } finally {
      await direct.close();
    }
  });

  it('answers 429 with a clear message after 20 sign-in attempts a minute', async () => {
    const t = await createTestApp({ rateLimits: true });
    try {
      const api = apiClient(t.app);
      for (let i = 0; i < 20; i += 1) {
        const response = await api.post('/api/auth/login', { username: 'nobody.here', password: 'whatever-123' });
        expect(response.status).toBe(404);
      }
      const limited = await api.post<ErrorJson>('/api/auth/login', { username: 'nobody.here', password: 'x' });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ errors: [messages.tooManyRequests], code: 'rate_limited' });
    } finally {
      await t.close();
    }
  });
});

describe('password checks while a burst of them waits', () => {
  let t: TestApp;
  let api: ApiClient;
  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    expect((await api.post('/api/auth/signup', signupBody({ username: 'burst.baker' }))).status).toBe(201);
  });
  afterAll(() => t.close());

  it('refuses one more with 503 and Retry-After, changing nothing, and a taken name still gets 422', async () => {
    // Every slot taken and the queue full, as by sign-ins from many addresses at once.
    const burst = Array.from({ length: CONCURRENT_HASHES + MAX_WAITING_HASHES }, (_, n) =>
      hashPassword(`burst-password-${n}`, { N: 2 ** 14, r: 8, p: 1 }),
    );
    const busy = { errors: [messages.passwordChecksBusy], code: 'service_unavailable' };

    const login = await api.post<ErrorJson>('/api/auth/login', { username: 'burst.baker', password: PASSWORD });
    expect(login.status).toBe(503);
    expect(login.body).toEqual(busy);
    expect(login.headers['retry-after']).toBe('5');

    const signup = await api.post<ErrorJson>('/api/auth/signup', signupBody({ username: 'late.baker' }));
    expect(signup.status).toBe(503);
    expect(signup.body).toEqual(busy);
    // A taken name is told at once, without waiting for a hash.
    const taken = await api.post<ErrorJson>('/api/auth/signup', signupBody({ username: 'Burst.Baker' }));
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({ errors: ['Username already exists'], code: 'conflict' });

    expect(await Promise.all(burst)).toHaveLength(CONCURRENT_HASHES + MAX_WAITING_HASHES);
    expect((await api.get('/api/users/late.baker')).status).toBe(404);
    expect((await api.post('/api/auth/login', { username: 'burst.baker', password: PASSWORD })).status).toBe(200);
    expect((await api.post('/api/auth/signup', signupBody({ username: 'late.baker' }))).status).toBe(201);
  });
});

describe('POST /api/auth/login while its password check waits its turn', () => {
  let t: TestApp;
  let api: ApiClient;
  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  /** Starts a sign-in behind hashes that hold both slots, and says whether it has answered yet. */
  function loginBehindBusySlots(username: string, password: string) {
    const slotsHeld = Array.from({ length: CONCURRENT_HASHES }, (_, n) =>
      hashPassword(`slot-holder-${n}`, { N: 2 ** 16, r: 8, p: 1 }),
    );
    let answered = false;
    const login = api.post<LoginResponse | ErrorJson>('/api/auth/login', { username, password }).finally(() => {
      answered = true;
    });
    return { login, slotsHeld, answeredYet: () => answered };
  }

  it('answers with counts and follow lists that agree when a follow commits meanwhile', async () => {
    const star = await signUp(api, { password: PASSWORD });
    const fan = await signUp(api);
    const { login, slotsHeld, answeredYet } = loginBehindBusySlots(star.username, PASSWORD);
    expect((await api.post(`/api/users/follow/${star.username}`, {}, fan.token)).status).toBe(200);
    // The follow committed between the sign-in's read of the row and its answer.
    expect(answeredYet()).toBe(false);
    const response = await login;
    await Promise.all(slotsHeld);
    expect(response.status).toBe(200);
    const { foundUser } = response.body as LoginResponse;
    expect(foundUser.followers).toEqual([fan.username]);
    expect(foundUser.followerCount).toBe(1);
  });

  it('refuses a password that another request changed while it was being checked', async () => {
    const baker = await signUp(api, { password: PASSWORD });
    const { login, slotsHeld, answeredYet } = loginBehindBusySlots(baker.username, PASSWORD);
    // Time for the sign-in to read the row (a few ms) before it is changed; the held slots take
    // far longer to free.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // As an Edit Profile with a new password commits: a new hash, and every earlier token revoked.
    await t.database.db
      .updateTable('users')
      .set((eb) => ({ password_hash: 'scrypt$16384$8$1$AAAA$AAAA', token_version: eb('token_version', '+', 1) }))
      .where('id', '=', Number(baker.id))
      .execute();
    expect(answeredYet()).toBe(false);
    const response = await login;
    await Promise.all(slotsHeld);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ errors: [messages.invalidCredentials], code: 'unauthorized' });
  });
});
