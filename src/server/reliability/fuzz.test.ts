import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerJson, CommentJson, QuestionJson, UserJson } from '../../shared/api-types.js';
import {
  BIO_MAX,
  COMMENT_TEXT_MAX,
  MAX_TAG_LENGTH,
  NAME_MAX,
  QUESTION_TEXT_MAX,
  TITLE_MAX,
} from '../../shared/constants.js';
import { messages } from '../../shared/messages.js';
import { BODY_LIMIT_BYTES } from '../app.js';
import { databaseSnapshot } from '../testing/snapshot.js';
import {
  apiClient,
  createTestApp,
  postAnswer,
  postQuestion,
  signUp,
  testDialect,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../testing/test-app.js';
import { testEnv } from '../testing/test-env.js';

/**
 * Property tests over every endpoint: whatever arrives in the path, the query, the headers or the
 * body, the server answers a 2xx, or a 4xx with a message people can read and nothing changed;
 * never a 5xx. Text that is accepted is stored and read back exactly. RELIABILITY_FULL=1 runs
 * many more cases.
 */
const FULL = testEnv.reliabilityFull;
const RUNS = { anyRequest: FULL ? 6000 : 500, storedText: FULL ? 2000 : 150, cursors: FULL ? 1000 : 100 };
/** The properties take seconds on SQLite and longer on PostgreSQL, and far longer in full mode. */
const PROPERTY_TIMEOUT_MS = FULL ? 3_600_000 : 180_000;

/** Strings chosen to break parsers, SQL, full-text queries, HTML and Unicode handling. */
const NASTY = [
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  "' OR ''='",
  '%',
  '_',
  '\\',
  '\\0',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '\u202Eevil\u202C',
  '\u200B',
  '\uFEFF',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}',
  '{{7*7}}',
  '../../etc/passwd',
  'NULL',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'toString',
  '😀🍞',
  'e\u0301',
  '\r\n',
  '\t',
  ' ',
  '',
  'AND',
  'OR NOT',
  'NEAR(a b)',
  '*',
  '"',
  '^a',
  'a:b',
  '-a +b',
  '(a)',
  'latest',
  'trending',
  '0',
  '-1',
  '1e309',
  '9007199254740993',
  'NaN',
  'W10',
];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...NASTY), { maxLength: 4 }).map((parts) => parts.join(' ')) },
  { weight: 1, arbitrary: fc.integer({ min: 25, max: 300_000 }).map((n) => 'x'.repeat(n)) },
);

/**
 * JSON nested thousands of levels deep. It stands in the generated value as a placeholder (so
 * fast-check can print and shrink it) and is spliced into the request text by `toJsonText`.
 */
class DeepJson {
  constructor(
    readonly depth: number,
    readonly arrays: boolean,
  ) {}
  toJSON() {
    return `@@deep:${this.depth}:${this.arrays ? 'a' : 'o'}@@`;
  }
  [fc.toStringMethod]() {
    return `DeepJson(${this.depth}, ${this.arrays ? 'arrays' : 'objects'})`;
  }
}

const deepJson = fc
  .tuple(fc.integer({ min: 1, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) => new DeepJson(depth, arrays));

/** The request text of a generated body, with every deep placeholder expanded. */
function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"@@deep:(\d+):([ao])@@"/g, (_match, depth: string, kind: string) => {
    const n = Number(depth);
    return kind === 'a' ? `${'['.repeat(n)}"bottom"${']'.repeat(n)}` : `${'{"a":'.repeat(n)}"bottom"${'}'.repeat(n)}`;
  });
}

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepJson },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 5 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 5000 }).map((n) => Array.from({ length: n }, (_, i) => `tag${i}`)),
  },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, {}, []) },
);

/** The fields each body knows about; the fuzzer fills them (and unknown ones) with anything. */
const BODY_FIELDS: [RegExp, string | null, string[]][] = [
  [/\/auth\/signup$/, null, ['username', 'password', 'firstName', 'lastName', 'bio']],
  [/\/auth\/login$/, null, ['username', 'password']],
  [/\/users\/edit$/, 'userData', ['firstName', 'lastName', 'bio', 'password', 'currentPassword']],
  [/\/questions\/(add|edit)/, 'questionData', ['questionTitle', 'questionText', 'tags']],
  [/\/answers\/(add|edit)/, 'answerData', ['answerText']],
  [/\/comments\/(add|edit)/, 'commentData', ['commentText', '_id']],
  [/\/votes\//, null, ['reaction']],
];

function bodyFor(url: string): fc.Arbitrary<unknown> {
  const [, wrapper, fields] = BODY_FIELDS.find(([pattern]) => pattern.test(url)) ?? [null, null, []];
  const known = fc.record(Object.fromEntries(fields.map((f) => [f, anyValue])), { requiredKeys: [] });
  const shaped = fc
    .tuple(known, fc.dictionary(fc.constantFrom(...NASTY, 'extra', 'isAdmin'), anyValue, { maxKeys: 3 }))
    .map(([k, extra]) => ({ ...extra, ...k }));
  const wrapped = wrapper ? fc.tuple(shaped, anyValue).map(([inner, other]) => ({ [wrapper]: inner, other })) : shaped;
  return fc.oneof(
    { weight: 6, arbitrary: wrapped },
    { weight: 2, arbitrary: anyValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Percent-encodes the UTF-8 bytes of a string (lone surrogates become U+FFFD, as on the wire). */
const encode = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const QUERY_KEYS = ['q', 'sort', 'tag', 'cursor', 'limit', 'author'];

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.constantFrom(...NASTY)),
      fc.oneof(nastyString, fc.constantFrom('1', '100', 'latest', 'trending')),
    ),
    { maxLength: 6 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v.slice(0, 3000))}`).join('&'));

/** Every message a 4xx may carry: the catalogue, plus the schema's own rule messages. */
const KNOWN_MESSAGES = new Set<string>(Object.values(messages).flatMap((m) => (typeof m === 'string' ? [m] : [])));
const KNOWN_PATTERNS = [
  /^Must be at most \d+ characters\.$/,
  /^You (already follow|do not follow) @/,
  /^limit must be a whole number from 1 to \d+\.$/,
  /^sort must be latest, oldest or trending\.$/,
  /^tag must not be empty\.$/,
  /^At most \d+ tags can be filtered at once\.$/,
  /^Tags must be a list of text\.$/,
  /^The (comment|answer) _id must (be text|not be empty)\.$/,
  /^Must be text\.$/,
];
const isKnownMessage = (m: unknown) =>
  typeof m === 'string' && (KNOWN_MESSAGES.has(m) || KNOWN_PATTERNS.some((p) => p.test(m)));

const isRouteNotFound = (body: unknown) => (body as { errors?: unknown[] }).errors?.[0] === messages.routeNotFound;

interface Outcome {
  status: number;
  body: unknown;
  contentType: string;
}

describe(`every endpoint under hostile input (${testDialect})`, () => {
  let t: TestApp;
  let api: ApiClient;
  let fuzzer: SignedUpUser;
  let author: SignedUpUser;
  let ids: { question: string; answer: string; questionComment: string; answerComment: string };
  let requests = 0;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    author = await signUp(api);
    fuzzer = await signUp(api);
    const question = await postQuestion(api, author);
    const answer = await postAnswer(api, author, question);
    const comment = async (path: string) =>
      (await api.post<{ comment: CommentJson }>(path, { commentData: { commentText: 'Fixture' } }, author.token)).body
        .comment._id;
    ids = {
      question,
      answer,
      questionComment: await comment(`/api/comments/add/${question}`),
      answerComment: await comment(`/api/comments/add/${question}/${answer}`),
    };
  });
  afterAll(async () => {
    console.info(`fuzz (${testDialect}): ${requests} requests sent`);
    await t.close();
  });

  async function send(options: InjectOptions): Promise<Outcome> {
    requests += 1;
    const response = await t.app.inject(options);
    const contentType = String(response.headers['content-type'] ?? '');
    const body: unknown =
      contentType.includes('application/json') && response.body ? JSON.parse(response.body) : response.body;
    return { status: response.statusCode, body, contentType };
  }

  /** A 4xx that says what is wrong in words from the catalogue, with its stable code. */
  function expectClearRefusal(outcome: Outcome, label: string) {
    expect(outcome.contentType, label).toContain('application/json');
    const body = outcome.body as { errors?: unknown; code?: unknown };
    expect(Array.isArray(body.errors) && body.errors.length > 0, label).toBe(true);
    for (const message of body.errors as unknown[])
      expect(isKnownMessage(message), `${label}: ${String(message)}`).toBe(true);
    expect(typeof body.code, label).toBe('string');
  }

  const pathValue = () =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(ids.question, ids.answer, ids.questionComment, ids.answerComment, author.username),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom('0', '-1', '1.5', '1e3', '2147483648', '999999999999999', '9999999999999999', '0x1'),
      },
      { weight: 3, arbitrary: nastyString.map((s) => s.slice(0, 2000)) },
    );

  it(
    'never answers 5xx, and a refused write changes nothing, on every route',
    async () => {
      const routes = t.app.routeInventory.filter((r) => r.method !== 'HEAD');
      expect(routes.length).toBeGreaterThan(30);
      const request = fc.constantFrom(...routes).chain((route) =>
        fc.record({
          route: fc.constant(route),
          params: fc.array(pathValue(), { minLength: 4, maxLength: 4 }),
          query: queryString,
          body: bodyFor(route.url),
          token: fc.constantFrom('fuzzer', 'none', 'garbage'),
        }),
      );
      await fc.assert(
        fc.asyncProperty(request, async ({ route, params, query, body, token }) => {
          let i = 0;
          const path = route.url.replace(/:[A-Za-z]+|\*/g, () => encode(params[i++] ?? ''));
          const url = query ? `${path}?${query}` : path;
          const payload = body === undefined ? undefined : toJsonText(body);
          const writes = route.method !== 'GET';
          const before = writes ? await databaseSnapshot(t.database.db) : '';
          const outcome = await send({
            method: route.method as InjectOptions['method'],
            url,
            headers: {
              ...(token === 'fuzzer' ? { authorization: `Bearer ${fuzzer.token}` } : {}),
              ...(token === 'garbage' ? { authorization: 'Bearer e30.e30.x' } : {}),
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(payload === undefined ? {} : { payload }),
          });
          const label = `${route.method} ${url.slice(0, 200)}`;
          expect(outcome.status, label).toBeLessThan(500);
          if (writes && payload !== undefined && Buffer.byteLength(payload) > BODY_LIMIT_BYTES) {
            // Routing comes first: a path that names no route is a 404 whatever the body.
            const unroutable = outcome.status === 404 && isRouteNotFound(outcome.body);
            expect(unroutable ? 404 : outcome.status, label).toBe(unroutable ? 404 : 413);
          }
          if (outcome.status >= 400 && url.startsWith('/api')) {
            expectClearRefusal(outcome, label);
            if (writes) expect(await databaseSnapshot(t.database.db), `${label} changed data`).toBe(before);
          }
        }),
        { numRuns: RUNS.anyRequest },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  /**
   * Whether the server must accept this text, by the documented rules: trimmed, 1 to max characters
   * (Unicode code points, so an emoji counts once), showing something when required (not only
   * spaces, default-ignorable characters or the blank Braille pattern), no NUL, no lone surrogate.
   */
  /**
   * Text as it should be stored: every line break a LF (a space in a single line, as a tab is),
   * other controls but NUL gone, then trimmed.
   */
  const asStored = (value: string, shape: 'line' | 'lines') => {
    let kept = '';
    for (let i = 0; i < value.length; i += 1) {
      const code = value.charCodeAt(i);
      const breaksLine = [0x0a, 0x0b, 0x0c, 0x0d, 0x85, 0x2028, 0x2029].includes(code);
      if (code === 0x0d && value.charCodeAt(i + 1) === 0x0a) continue;
      if (breaksLine || code === 0x09) kept += shape === 'line' ? ' ' : breaksLine ? '\n' : '\t';
      else if (code === 0 || code > 0x9f || (code >= 0x20 && code < 0x7f)) kept += value[i];
    }
    return kept.trim();
  };

  const acceptable = (value: string, max: number, shape: 'line' | 'lines', optional = false) => {
    const trimmed = asStored(value, shape);
    return (
      (optional || /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]/u.test(trimmed)) &&
      [...trimmed].length <= max &&
      trimmed.isWellFormed() &&
      !trimmed.includes('\u0000')
    );
  };

  const text = fc.oneof(
    { weight: 3, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 21_000 }).map((n) => 'é'.repeat(n)) },
  );

  it(
    'stores accepted text as typed but for line breaks and controls, and reads it back identically; refuses the rest with 400 or 413 and no change',
    async () => {
      const other = await signUp(api);
      const writes = fc.record({
        title: text,
        body: text,
        tag: text,
        answer: text,
        comment: text,
        first: text,
        last: text,
        bio: text,
      });
      await fc.assert(
        fc.asyncProperty(writes, async (w) => {
          const tooLarge = (value: unknown) => Buffer.byteLength(JSON.stringify(value)) > BODY_LIMIT_BYTES;
          const expectOutcome = async (
            call: () => Promise<Outcome>,
            body: unknown,
            valid: boolean,
            label: string,
          ): Promise<Outcome> => {
            const before = await databaseSnapshot(t.database.db);
            const outcome = await call();
            const expected = tooLarge(body) ? 413 : valid ? 201 : 400;
            expect(outcome.status, `${label}: ${JSON.stringify(body).slice(0, 300)}`).toBe(expected);
            if (expected !== 201) {
              expectClearRefusal(outcome, label);
              expect(await databaseSnapshot(t.database.db), label).toBe(before);
            }
            return outcome;
          };
          const json = (method: 'POST', url: string, body: unknown, token: string) => () =>
            send({
              method,
              url,
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });

          const questionBody = { questionData: { questionTitle: w.title, questionText: w.body, tags: [w.tag] } };
          const added = await expectOutcome(
            json('POST', '/api/questions/add', questionBody, other.token),
            questionBody,
            acceptable(w.title, TITLE_MAX, 'line') &&
              acceptable(w.body, QUESTION_TEXT_MAX, 'lines') &&
              acceptable(w.tag, MAX_TAG_LENGTH, 'line'),
            'add question',
          );
          if (added.status === 201) {
            const id = (added.body as { questions: QuestionJson[] }).questions[0]?._id;
            const stored = (await send({ method: 'GET', url: `/api/questions/${id}` })).body as {
              question: QuestionJson;
            };
            expect(stored.question).toMatchObject({
              questionTitle: asStored(w.title, 'line'),
              questionText: asStored(w.body, 'lines'),
              tags: [asStored(w.tag, 'line')],
            });
            const search = await send({ method: 'GET', url: `/api/questions?q=${encode(w.title.slice(0, 200))}` });
            expect(search.status).toBeLessThan(500);
          }

          // A fresh question per run, so the new answer is always on the first page of its list.
          const host = await postQuestion(api, author);
          const answerBody = { answerData: { answerText: w.answer } };
          const answered = await expectOutcome(
            json('POST', `/api/answers/add/${host}`, answerBody, other.token),
            answerBody,
            acceptable(w.answer, QUESTION_TEXT_MAX, 'lines'),
            'add answer',
          );
          if (answered.status === 201) {
            const answer = (answered.body as { answer: AnswerJson }).answer;
            const list = (await send({ method: 'GET', url: `/api/answers/${host}` })).body as {
              answers: AnswerJson[];
            };
            expect(list.answers.map((a) => [a._id, a.answerText])).toEqual([[answer._id, asStored(w.answer, 'lines')]]);
          }

          const commentBody = { commentData: { commentText: w.comment } };
          const commented = await expectOutcome(
            json('POST', `/api/comments/add/${host}`, commentBody, other.token),
            commentBody,
            acceptable(w.comment, COMMENT_TEXT_MAX, 'lines'),
            'add comment',
          );
          if (commented.status === 201) {
            const comment = (commented.body as { comment: CommentJson }).comment;
            const edited = await send({
              method: 'POST',
              url: `/api/comments/edit/${host}/${comment._id}`,
              headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/json' },
              payload: JSON.stringify(commentBody),
            });
            expect(edited.status).toBe(201);
            const page = (await send({ method: 'GET', url: `/api/comments/${host}` })).body as {
              comments: CommentJson[];
            };
            expect(page.comments.map((c) => [c._id, c.commentText])).toEqual([
              [comment._id, asStored(w.comment, 'lines')],
            ]);
          }

          const profile = { userData: { firstName: w.first, lastName: w.last, bio: w.bio } };
          const updated = await expectOutcome(
            json('POST', '/api/users/edit', profile, other.token),
            profile,
            acceptable(w.first, NAME_MAX, 'line') &&
              acceptable(w.last, NAME_MAX, 'line') &&
              acceptable(w.bio, BIO_MAX, 'lines', true),
            'edit profile',
          );
          if (updated.status === 201) {
            const user = ((await send({ method: 'GET', url: `/api/users/${other.id}` })).body as { user: UserJson })
              .user;
            expect(user).toMatchObject({
              firstName: asStored(w.first, 'line'),
              lastName: asStored(w.last, 'line'),
              bio: asStored(w.bio, 'lines'),
            });
          }
        }),
        { numRuns: RUNS.storedText },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('answers 404 to ids larger than any stored id could be, on both databases', async () => {
    const big = String(2 ** 31);
    const token = { authorization: `Bearer ${fuzzer.token}` };
    const requests: [InjectOptions, string][] = [
      [{ method: 'GET', url: `/api/questions/${big}` }, messages.questionNotFound],
      [{ method: 'GET', url: `/api/users/${big}` }, messages.userNotFound],
      [{ method: 'GET', url: `/api/votes/${ids.question}/${big}` }, messages.answerNotFound],
      [{ method: 'GET', url: `/api/comments/${big}` }, messages.questionNotFound],
      [{ method: 'POST', url: `/api/users/follow/${big}`, headers: token }, messages.userNotFound],
      [{ method: 'POST', url: `/api/question/addBookmark/${big}`, headers: token }, messages.questionNotFound],
      [
        { method: 'POST', url: `/api/votes/react/${big}`, headers: token, payload: { reaction: 'upvote' } },
        messages.questionNotFound,
      ],
      [
        { method: 'DELETE', url: `/api/comments/delete/${ids.question}/${big}`, headers: token },
        messages.commentNotFound,
      ],
    ];
    for (const [request, message] of requests) {
      const outcome = await send(request);
      expect(outcome, request.url as string).toMatchObject({ status: 404, body: { errors: [message] } });
    }
  });

  it('refuses a well-formed cursor holding numbers no stored row could have', async () => {
    const cursor = (order: string, key: number, id: number) =>
      Buffer.from(JSON.stringify([order, key, id])).toString('base64url');
    const big = 2 ** 40;
    const lists: [string, string][] = [
      ['/api/questions?sort=trending', 'trending'],
      ['/api/questions', 'latest'],
      ['/api/questions?q=brioche', 'search-latest'],
      ['/api/feed', 'latest'],
      ['/api/users', 'users'],
      ['/api/users/suggestions', 'suggestions'],
      [`/api/users/${author.username}/following`, 'following'],
      [`/api/users/${author.username}/followers`, 'followers'],
      ['/api/bookmarks', 'bookmarks'],
      [`/api/answers/${ids.question}`, 'answers'],
      [`/api/comments/${ids.question}`, 'comments'],
      [`/api/comments/${ids.question}/${ids.answer}`, 'answer-comments'],
    ];
    for (const [list, order] of lists) {
      const separator = list.includes('?') ? '&' : '?';
      const keyFits = ['latest', 'bookmarks', 'following', 'followers'].includes(order);
      for (const [key, id] of [[1, big], ...(keyFits ? [] : [[big, 1]])] as [number, number][]) {
        const outcome = await send({
          method: 'GET',
          url: `${list}${separator}cursor=${cursor(order, key, id)}`,
          headers: { authorization: `Bearer ${fuzzer.token}` },
        });
        expect(outcome, `${list} ${key} ${id}`).toMatchObject({
          status: 400,
          body: { errors: [messages.invalidCursor] },
        });
      }
      const fine = await send({
        method: 'GET',
        url: `${list}${separator}cursor=${cursor(order, keyFits ? big : 1, 1)}`,
        headers: { authorization: `Bearer ${fuzzer.token}` },
      });
      expect(fine.status, `${list} with an in-range cursor`).toBe(200);
    }
  });

  it('answers requests the router cannot match in the usual error shape', async () => {
    const longSegment = await send({ method: 'POST', url: `/api/comments/edit/${'9'.repeat(101)}/1`, payload: {} });
    expect(longSegment).toMatchObject({ status: 404, body: { errors: [messages.routeNotFound], code: 'not_found' } });
    const badEncoding = await send({ method: 'DELETE', url: '/api/questions/delete/%E0%A4%A' });
    expect(badEncoding).toMatchObject({ status: 400, body: { errors: [messages.invalidValue], code: 'bad_request' } });
  });

  it('words the rules the schemas leave to the validator in plain language', async () => {
    const token = { authorization: `Bearer ${fuzzer.token}` };
    const cases: [InjectOptions, string][] = [
      [{ method: 'POST', url: '/api/auth/login', payload: [] as unknown as string }, messages.expectedObject],
      [
        { method: 'POST', url: '/api/questions/add', headers: token, payload: { questionData: 'x' } },
        messages.expectedObject,
      ],
      [{ method: 'GET', url: `/api/questions?author=${'a'.repeat(31)}` }, messages.tooLong(30)],
      [{ method: 'GET', url: '/api/questions?author=%20' }, messages.notEmpty],
      [
        {
          method: 'POST',
          url: '/api/users/edit',
          headers: token,
          payload: { userData: { firstName: 'A', lastName: 'B', password: 7 } },
        },
        'Must be text.',
      ],
    ];
    for (const [request, message] of cases) {
      const outcome = await send(request);
      expect(outcome.status, request.url as string).toBe(400);
      expect((outcome.body as { errors: string[] }).errors, request.url as string).toContain(message);
    }
  });

  it(
    'answers 400 invalid cursor to any cursor it did not issue, on every list',
    async () => {
      const lists = [
        '/api/questions',
        '/api/feed',
        `/api/user/questions/${author.username}`,
        '/api/users',
        '/api/users/suggestions',
        `/api/users/${author.username}/following`,
        `/api/users/${author.username}/followers`,
        '/api/bookmarks',
        `/api/answers/${ids.question}`,
        `/api/comments/${ids.question}`,
        `/api/comments/${ids.question}/${ids.answer}`,
      ];
      const cursor = fc.oneof(
        nastyString.filter((s) => s.length > 0 && s.length <= 500),
        fc.base64String({ minLength: 4, maxLength: 200 }),
        fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v)).toString('base64url')),
        fc
          .tuple(fc.constantFrom('latest', 'oldest', 'users', 'answers'), fc.double(), fc.string())
          .map((v) => Buffer.from(JSON.stringify(v)).toString('base64url')),
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...lists), cursor, async (list, raw) => {
          const outcome = await send({
            method: 'GET',
            url: `${list}?cursor=${encode(raw)}`,
            headers: { authorization: `Bearer ${fuzzer.token}` },
          });
          expect(outcome.status, `${list} ${raw}`).toBe(400);
          expect(outcome.body).toMatchObject({ errors: [messages.invalidCursor] });
        }),
        { numRuns: RUNS.cursors },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
