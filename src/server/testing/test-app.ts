import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { LogEvent } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createDatabase, type DatabaseHandle, type DialectName } from '../db/database.js';
import { testEnv } from './test-env.js';

/** Which database this test run uses: the vitest project sets CRUMB_TEST_DB. */
export const testDialect: DialectName = testEnv.dialect;

/** Cheap scrypt parameters: tests hash hundreds of passwords; production always uses OWASP's. */
const FAST_HASH = { N: 2 ** 10, r: 8, p: 1 };

/** Shapes that only a password hash or salt could have in a response. */
const HASH_PATTERN = /scrypt\$|password_?hash|"salt"/i;

/** Every password a test has used: none may ever appear in a response. */
const knownPasswords = new Set<string>(['bake-together']);
export const rememberPassword = (password: string) => void knownPasswords.add(password);

/** Responses, across every app of this test file, that carried a password, hash or salt. */
export const leakedResponses: string[] = [];

function leaksSecret(payload: string): boolean {
  if (HASH_PATTERN.test(payload)) return true;
  for (const password of knownPasswords) if (payload.includes(password)) return true;
  return false;
}

/** A clock that moves one second on every read, so every write gets its own, ordered time. */
export function steppingClock(start = Date.UTC(2024, 0, 1)): () => number {
  let time = start;
  return () => (time += 1000);
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Every SQL statement run since the last reset. */
  queries: LogEvent[];
  close(): Promise<void>;
}

/** A tiny built web app, so tests see the same routes whether or not `vite build` has run. */
const WEB_FIXTURE = new URL('./web-fixture/', import.meta.url);

export interface TestAppOptions {
  seed?: 'demo' | 'none';
  rateLimits?: boolean;
  /** Proxies trusted to name the client (see Config.trustProxy); none by default. */
  trustProxy?: Config['trustProxy'];
  /** Off unless a test is about it: most tests write rows directly and read them back at once. */
  anonymousCacheMs?: number;
  /** Off unless a test is about it, for the same reason. */
  feedCache?: boolean;
  now?: () => number;
  requestTimeoutMs?: number;
}

async function freshPostgresSchema(url: string): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return {
    schema,
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

/** A whole app on a database of its own, empty unless demo data is asked for. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const base = loadConfig({});
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crumb-test-'));
  const queries: LogEvent[] = [];
  const onQuery = (event: LogEvent) => void queries.push(event);
  let dropSchema = async () => {};
  let database: DatabaseHandle;
  const testDatabaseUrl = testEnv.databaseUrl;
  if (testDialect === 'postgres') {
    if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL test run');
    const { schema, drop } = await freshPostgresSchema(testDatabaseUrl);
    dropSchema = drop;
    database = createDatabase({
      databaseUrl: testDatabaseUrl,
      dataDir,
      searchPath: schema,
      announcesWrites: true,
      onQuery,
    });
  } else {
    database = createDatabase({ dataDir, onQuery });
  }
  const config: Config = {
    ...base,
    dataDir,
    databaseUrl: testDialect === 'postgres' ? testDatabaseUrl : undefined,
    seed: options.seed ?? 'none',
    rateLimits: options.rateLimits ?? false,
    trustProxy: options.trustProxy ?? false,
    anonymousCacheMs: options.anonymousCacheMs ?? 0,
    feedCache: options.feedCache ?? false,
    passwordHash: FAST_HASH,
  };
  const app = await buildApp({
    config,
    database,
    logger: false,
    webRoot: WEB_FIXTURE,
    ...(options.now ? { now: options.now } : {}),
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (typeof payload === 'string' && leaksSecret(payload)) leakedResponses.push(`${request.method} ${request.url}`);
    return payload;
  });
  await app.ready();
  return {
    app,
    database,
    config,
    queries,
    async close() {
      await app.close();
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second server's connection to a test app's database, as another instance would open. */
export function secondDatabase(t: Pick<TestApp, 'config' | 'database'>): DatabaseHandle {
  return createDatabase({
    databaseUrl: t.config.databaseUrl,
    dataDir: t.config.dataDir,
    announcesWrites: true,
    ...(t.database.schema ? { searchPath: t.database.schema } : {}),
  });
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
}

/** A small client over app.inject: JSON in, parsed JSON out, optional bearer token. */
export function apiClient(app: FastifyInstance) {
  async function call<T = Record<string, unknown>>(
    method: InjectOptions['method'],
    url: string,
    options: { token?: string | undefined; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    });
    const text = response.body;
    let body: unknown = text;
    if (response.headers['content-type']?.toString().includes('application/json') && text) body = JSON.parse(text);
    return { status: response.statusCode, body: body as T, headers: response.headers };
  }

  return {
    call,
    get: <T = Record<string, unknown>>(url: string, token?: string) => call<T>('GET', url, { token }),
    post: <T = Record<string, unknown>>(url: string, body?: unknown, token?: string) =>
      call<T>('POST', url, { body: body ?? {}, token }),
    del: <T = Record<string, unknown>>(url: string, token?: string) => call<T>('DELETE', url, { token }),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

export interface SignedUpUser {
  token: string;
  id: string;
  username: string;
  password: string;
}

let counter = 0;

/** Signs up a fresh user (unique name unless given) and returns its token and id. */
export async function signUp(
  api: ApiClient,
  overrides: Partial<{ username: string; password: string; firstName: string; lastName: string; bio: string }> = {},
): Promise<SignedUpUser> {
  counter += 1;
  const username = overrides.username ?? `baker${counter}${randomBytes(3).toString('hex')}`;
  const password = overrides.password ?? 'correct-horse-battery';
  rememberPassword(password);
  const response = await api.post<{ createdUser: { _id: string }; encodedToken: string }>('/api/auth/signup', {
    username,
    password,
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? 'Baker',
    bio: overrides.bio ?? '',
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { token: response.body.encodedToken, id: response.body.createdUser._id, username, password };
}

/** Posts a question as `user` and returns its id. */
export async function postQuestion(
  api: ApiClient,
  user: SignedUpUser,
  data: Partial<{ questionTitle: string; questionText: string; tags: string[] }> = {},
): Promise<string> {
  const response = await api.post<{ questions: { _id: string; username: string }[] }>(
    '/api/questions/add',
    {
      questionData: {
        questionTitle: data.questionTitle ?? 'How long should I proof brioche?',
        questionText: data.questionText ?? 'It is cold in my kitchen this week.',
        tags: data.tags ?? ['Breads'],
      },
    },
    user.token,
  );
  if (response.status !== 201)
    throw new Error(`add question failed: ${response.status} ${JSON.stringify(response.body)}`);
  const mine = response.body.questions.find((q) => q.username === user.username);
  if (!mine) throw new Error('the new question is not on the first page');
  return mine._id;
}

/** Posts an answer as `user` to a question and returns its id. */
export async function postAnswer(
  api: ApiClient,
  user: SignedUpUser,
  questionId: string,
  answerText = 'Add more steam.',
): Promise<string> {
  const response = await api.post<{ answer: { _id: string } }>(
    `/api/answers/add/${questionId}`,
    { answerData: { answerText } },
    user.token,
  );
  if (response.status !== 201)
    throw new Error(`add answer failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.answer._id;
}
