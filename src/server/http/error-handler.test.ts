import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_TEXT_MAX, TITLE_MAX } from '../../shared/constants.js';
import { messages } from '../../shared/messages.js';
import { BODY_LIMIT_BYTES } from '../app.js';
import { apiClient, createTestApp, signUp, type ApiClient, type TestApp } from '../testing/test-app.js';

describe('request errors', () => {
  let t: TestApp;
  let api: ApiClient;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    token = (await signUp(api)).token;
  });
  afterAll(() => t.close());

  it('refuses a body over 256 KiB with 413 and stores nothing', async () => {
    const response = await api.post(
      '/api/questions/add',
      { questionData: { questionTitle: 'Big', questionText: 'x'.repeat(BODY_LIMIT_BYTES) } },
      token,
    );
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ errors: [messages.bodyTooLarge] });
    const list = await api.get<{ questions: unknown[] }>('/api/questions');
    expect(list.body.questions).toEqual([]);
  });

  it('reads the largest valid post even with every character written as JSON escapes', async () => {
    // An emoji is one character of the limits but two `\uXXXX` escapes, 12 bytes, in JSON.
    const escaped = (count: number) => '\\ud83c\\udf5e'.repeat(count);
    const body = `{"questionData":{"questionTitle":"${escaped(TITLE_MAX)}","questionText":"${escaped(QUESTION_TEXT_MAX)}","tags":["bread"]}}`;
    const response = await api.call<{ questions: { _id: string; questionText: string }[] }>(
      'POST',
      '/api/questions/add',
      {
        body,
        headers: { 'content-type': 'application/json' },
        token,
      },
    );
    expect(response.status).toBe(201);
    const [stored] = response.body.questions;
    expect(stored?.questionText).toBe('🍞'.repeat(QUESTION_TEXT_MAX));
    expect((await api.del(`/api/questions/delete/${stored?._id}`, token)).status).toBe(201);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await api.call('POST', '/api/auth/login', {
      body: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errors: [messages.invalidJson] });
  });

  it('refuses a JSON body that is not UTF-8 with 400 and stores nothing', async () => {
    const title = Buffer.from('{"questionData":{"questionTitle":"bad', 'utf8');
    const rest = Buffer.from('","questionText":"b"}}', 'utf8');
    for (const bytes of [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80]]) {
      const response = await api.call('POST', '/api/questions/add', {
        body: Buffer.concat([title, Buffer.from(bytes), rest]),
        headers: { 'content-type': 'application/json' },
        token,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ errors: [messages.bodyNotUtf8], code: 'bad_request' });
    }
    const list = await api.get<{ questions: unknown[] }>('/api/questions');
    expect(list.body.questions).toEqual([]);
  });

  it('reads a UTF-8 body with a charset, and accented and emoji text, as sent', async () => {
    const response = await api.call<{ questions: { questionTitle: string }[] }>('POST', '/api/questions/add', {
      body: Buffer.from(JSON.stringify({ questionData: { questionTitle: 'Crème 🍞', questionText: 'ok' } }), 'utf8'),
      headers: { 'content-type': 'application/json; charset=utf-8' },
      token,
    });
    expect(response.status).toBe(201);
    expect(response.body.questions[0]?.questionTitle).toBe('Crème 🍞');
    const [posted] = response.body.questions as unknown as { _id: string }[];
    await api.call('DELETE', `/api/questions/delete/${posted?._id}`, { token });
  });

  it('names a refused "__proto__" or "constructor.prototype" key, not calling the JSON invalid', async () => {
    for (const body of [
      '{"username":"a","password":"b","__proto__":{"admin":true}}',
      '{"username":"a","password":"b","constructor":{"prototype":{"admin":true}}}',
    ]) {
      const response = await api.call('POST', '/api/auth/login', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ errors: [messages.forbiddenJsonKey], code: 'bad_request' });
    }
  });

  it('answers a body that is not JSON with 415', async () => {
    const response = await api.call('POST', '/api/auth/login', {
      body: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ errors: [messages.unsupportedMediaType] });
  });

  it('answers a JSON body that is not an object as a validation failure', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const response = await api.call('POST', '/api/auth/login', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, body).toBe(400);
      expect((response.body as { errors: string[] }).errors.length).toBeGreaterThan(0);
    }
  });

  it('reports every invalid field and names each', async () => {
    const response = await api.post('/api/auth/signup', { username: '', password: 'short', firstName: 7 });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'validation_failed',
      fields: {
        username: messages.requiredField,
        password: messages.passwordLength,
        firstName: 'Must be text.',
        lastName: messages.requiredField,
      },
    });
  });

  it('sends a JSON 404 for unknown API routes', async () => {
    const response = await api.get('/api/no/such/route');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ errors: [messages.routeNotFound], code: 'not_found' });
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: true });
  });
  afterAll(() => t.close());

  it('answers sign-in floods with 429 and Retry-After', async () => {
    const api = apiClient(t.app);
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 25; i++) {
      const response = await api.post('/api/auth/login', { username: 'nobody', password: 'whatever-it-is' });
      statuses.push(response.status);
      if (response.status === 429) {
        retryAfter = String(response.headers['retry-after']);
        expect(response.body).toMatchObject({ errors: [messages.tooManyRequests] });
      }
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('limits guest sign-in and sign-up too', async () => {
    const api = apiClient(t.app);
    const guest: number[] = [];
    for (let i = 0; i < 31; i++) guest.push((await api.post('/api/auth/guest')).status);
    expect(guest.at(-1)).toBe(429);
    const signups: number[] = [];
    for (let i = 0; i < 11; i++) signups.push((await api.post('/api/auth/signup', {})).status);
    expect(signups.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(signups.at(-1)).toBe(429);
  });

  it('limits Edit Profile, which checks the current password, per client address', async () => {
    const t2 = await createTestApp({ rateLimits: true });
    try {
      const api = apiClient(t2.app);
      const baker = await signUp(api);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const userData = { firstName: 'A', lastName: 'B', password: 'a-new-password', currentPassword: `guess-${i}` };
        statuses.push((await api.post('/api/users/edit', { userData }, baker.token)).status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await t2.close();
    }
  });
});
