import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import autocannon from 'autocannon';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { SQLITE_FILE_NAME } from '../db/database.js';
import { DEMO_PASSWORD } from '../db/seed/seed.js';
import { createTokenService } from '../features/auth/tokens.js';
import { WRITE_LIMITS } from '../http/write-limits.js';
import { killAllServers, runCli, startServer } from '../testing/server-process.js';
import { testEnv } from '../testing/test-env.js';

/**
 * 100 connections on a read/write mix against a generated community (the benchmark's generator),
 * with rate limits on: no connection errors, no 5xx, memory flat. The writes come from thousands
 * of bakers, each well within the per-baker write limits, so none is refused. Meanwhile abusive
 * clients flood sign-in (127.0.0.2) and the guest's comments (127.0.0.4) and get 429 with
 * Retry-After, while polite ones (127.0.0.3 signing in, 127.0.0.5 commenting as the guest) are
 * answered as usual, and the load sees nothing of either.
 * Short by default (20 s on 10,000 posts); RELIABILITY_FULL=1 runs 60 s on 100,000 posts. Both
 * measure after 10 s of the same mix, unmeasured.
 */
const FULL = testEnv.reliabilityFull;
const DURATION_S = FULL ? 60 : 20;
const POSTS = FULL ? 100_000 : 10_000;
const BAKERS = FULL ? 10_000 : 5_000;
const CONNECTIONS = 100;
/** Seconds of the same mix before the measured run, unmeasured. */
const WARM_UP_S = 10;
const WRITE_SHARE = 0.2;

const dataDir = mkdtempSync(path.join(tmpdir(), 'crumb-load-'));
afterAll(async () => {
  await killAllServers();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request from a chosen local address (Linux routes all of 127.0.0.0/8 to loopback). */
function requestFrom(localAddress: string, url: string, body: unknown, token?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const request = http.request(url, { method: 'POST', localAddress, agent: false, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

describe('load', () => {
  it(`holds ${CONNECTIONS} connections for ${DURATION_S} s on a read/write mix of thousands of bakers; abusers are rate limited alone`, async () => {
    await runCli('src/server/cli/generate.ts', ['--posts', String(POSTS), '--users', String(BAKERS)], {
      DATA_DIR: dataDir,
    });
    const file = new DatabaseSync(path.join(dataDir, SQLITE_FILE_NAME), { readOnly: true });
    const bakers = file.prepare('select id, username, token_version from users order by id').all() as {
      id: number;
      username: string;
      token_version: number;
    }[];
    const usernames = bakers.slice(0, 12).map((u) => u.username);
    const maxQuestion = (file.prepare('select max(id) as n from questions').get() as { n: number }).n;
    const maxUser = (file.prepare('select max(id) as n from users').get() as { n: number }).n;
    file.close();

    // Tokens for every baker, signed with the server's secret as sign-in would: signing in
    // thousands of bakers would take half an hour of password hashing.
    const secret = randomBytes(32).toString('hex');
    const server = await startServer({ DATA_DIR: dataDir, RATE_LIMITS: 'on', JWT_SECRET: secret });
    const signer = createTokenService(secret);
    const tokens = bakers.map((baker) => signer.issue(baker));
    const signedIn = await fetch(`${server.url}/api/users/suggestions`, {
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    expect(signedIn.status).toBe(200);
    // Writers take turns, so each baker writes a few times a minute, as people do.
    let nextWriter = 0;
    const writerToken = () => tokens[nextWriter++ % tokens.length] as string;

    const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
    const question = () => 1 + Math.floor(Math.random() * maxQuestion);
    const reads = [
      () => '/api/questions',
      () => '/api/questions?sort=trending',
      () => `/api/questions?sort=oldest&limit=50`,
      () => `/api/questions?tag=${encodeURIComponent(pick(['Cake', 'Breads', 'Pastry', 'Cookies']))}`,
      () => `/api/questions?q=${encodeURIComponent(pick(['sourdough', 'butter cream', 'oven', 'proof']))}`,
      () => `/api/questions/${question()}`,
      () => `/api/answers/${question()}`,
      () => `/api/users/${1 + Math.floor(Math.random() * maxUser)}`,
      () => `/api/user/questions/${pick(usernames)}`,
    ];
    const writes = [
      () => ({ path: `/api/votes/react/${question()}`, body: { reaction: pick(['upvote', 'downvote', 'unvote']) } }),
      () => ({
        path: `/api/comments/add/${question()}`,
        body: { commentData: { commentText: 'Loaded and still crumbly.' } },
      }),
      () => ({
        path: `/api/answers/add/${question()}`,
        body: { answerData: { answerText: 'Rest the dough longer.' } },
      }),
      () => ({
        path: '/api/questions/add',
        body: { questionData: { questionTitle: 'Under load', questionText: 'Does it hold?', tags: ['Baking'] } },
      }),
    ];

    // The read/write mix for a number of seconds: 100 connections, a fifth of the requests writes.
    const runMix = (duration: number) =>
      autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration,
        timeout: 30,
        requests: [
          {
            setupRequest: (request) => {
              if (Math.random() < WRITE_SHARE) {
                const write = pick(writes)();
                return {
                  ...request,
                  method: 'POST',
                  path: write.path,
                  headers: { 'content-type': 'application/json', authorization: `Bearer ${writerToken()}` },
                  body: JSON.stringify(write.body),
                };
              }
              return { ...request, method: 'GET', path: pick(reads)(), headers: {}, body: undefined };
            },
          },
        ],
      });

    // Warm up first, so the memory figures start from a server whose caches, page cache and heap
    // have grown to their working size: on a fast machine the short run alone ends before they do.
    const warmUp = await runMix(WARM_UP_S);
    expect(warmUp.errors).toBe(0);
    expect(warmUp['5xx']).toBe(0);

    const rss: { at: number; bytes: number }[] = [];
    const began = Date.now();
    const sampler = setInterval(() => {
      const bytes = server.rss();
      if (bytes !== undefined) rss.push({ at: Date.now() - began, bytes });
    }, 500);

    // The abuser floods sign-in from its own address; a polite client signs in now and then.
    let loadRunning = true;
    const abuser = { sent: 0, limited: 0, retryAfter: new Set<string>(), wrongBody: 0 };
    const abuse = (async () => {
      while (loadRunning) {
        // An unknown name: answered without hashing a password, so the flood is as fast as it gets.
        const answer = await requestFrom('127.0.0.2', `${server.url}/api/auth/login`, {
          username: 'no.such.baker',
          password: 'not-the-password',
        });
        abuser.sent += 1;
        if (answer.status === 429) {
          abuser.limited += 1;
          abuser.retryAfter.add(String(answer.headers['retry-after']));
          if (JSON.parse(answer.body).errors?.[0] !== messages.tooManyRequests) abuser.wrongBody += 1;
        }
      }
    })();
    const polite: number[] = [];
    const politeLoop = (async () => {
      while (loadRunning) {
        // An unknown name too (404): no password hashing, whose 128 MiB buffers would blur the memory figures.
        const answer = await requestFrom('127.0.0.3', `${server.url}/api/auth/login`, {
          username: 'another.stranger',
          password: DEMO_PASSWORD,
        });
        polite.push(answer.status);
        // 15 a minute: under the sign-in limit of 20, as a person signing in would be.
        await new Promise((resolve) => setTimeout(resolve, 4000));
      }
    })();

    // Guests share one account and are counted per address: one floods comments, one comments
    // at the pace of a person.
    const guestTokenFrom = async (localAddress: string) => {
      const answer = await requestFrom(localAddress, `${server.url}/api/auth/guest`, {});
      expect(answer.status).toBe(200);
      return (JSON.parse(answer.body) as { encodedToken: string }).encodedToken;
    };
    const [floodingGuest, politeGuest] = await Promise.all([guestTokenFrom('127.0.0.4'), guestTokenFrom('127.0.0.5')]);
    const guestComment = (localAddress: string, token: string) =>
      requestFrom(
        localAddress,
        `${server.url}/api/comments/add/${question()}`,
        { commentData: { commentText: 'Guest passing by.' } },
        token,
      );
    const flooder = { sent: 0, stored: 0, limited: 0, retryAfter: new Set<string>(), other: [] as number[] };
    const flood = (async () => {
      while (loadRunning) {
        const answer = await guestComment('127.0.0.4', floodingGuest);
        flooder.sent += 1;
        if (answer.status === 429) {
          flooder.limited += 1;
          flooder.retryAfter.add(String(answer.headers['retry-after']));
        } else if (answer.status === 201 || answer.status === 404) flooder.stored += 1;
        else flooder.other.push(answer.status);
      }
    })();
    const politeGuestStatuses: number[] = [];
    const politeGuestLoop = (async () => {
      while (loadRunning) {
        politeGuestStatuses.push((await guestComment('127.0.0.5', politeGuest)).status);
        // 12 a minute: under the guest's 20 contributions a minute per address.
        await new Promise((resolve) => setTimeout(resolve, 5000));
      }
    })();

    const result = await runMix(DURATION_S);
    loadRunning = false;
    clearInterval(sampler);
    await Promise.all([abuse, politeLoop, flood, politeGuestLoop]);

    const statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats as Record<string, { count: number }>).map(([code, s]) => [
        code,
        Number(s.count),
      ]),
    );
    // Memory: after the first quarter (caches, JIT), the resident set stops growing.
    const quarter = (n: number) =>
      rss.filter((s) => s.at >= (n * DURATION_S * 1000) / 4 && s.at < ((n + 1) * DURATION_S * 1000) / 4);
    const median = (samples: { bytes: number }[]) => {
      const sorted = samples.map((s) => s.bytes).sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? 0;
    };
    const settled = median(quarter(1));
    const last = median(quarter(3));
    const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;
    console.info(
      `load: ${CONNECTIONS} connections for ${result.duration} s on ${POSTS} posts: ${result.requests.total} requests ` +
        `(${Math.round(result.requests.average)}/s), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
        `statuses ${JSON.stringify(statuses)}, errors ${result.errors}, timeouts ${result.timeouts}; ` +
        `RSS ${mib(settled)} after the first quarter, ${mib(last)} in the last, peak ${mib(Math.max(...rss.map((s) => s.bytes)))}; ` +
        `abuser: ${abuser.sent} sign-ins, ${abuser.limited} answered 429 (Retry-After ${Math.min(...[...abuser.retryAfter].map(Number))}–${Math.max(...[...abuser.retryAfter].map(Number))} s); ` +
        `polite client: ${polite.length} sign-ins, statuses ${[...new Set(polite)].join('/')}; ` +
        `flooding guest: ${flooder.sent} comments, ${flooder.limited} answered 429; ` +
        `polite guest: ${politeGuestStatuses.length} comments, statuses ${[...new Set(politeGuestStatuses)].join('/')}`,
    );
    expect(settled).toBeGreaterThan(0);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result['5xx']).toBe(0);
    // Random ids may name deleted or missing posts (404); nothing else may be refused.
    expect(Object.keys(statuses).filter((code) => !['200', '201', '404'].includes(code))).toEqual([]);
    expect(server.child.exitCode).toBeNull();

    expect(last).toBeLessThan(settled * 1.25 + 32 * 1024 * 1024);

    expect(abuser.limited).toBeGreaterThan(0);
    // At most 20 sign-ins a minute got through: the window is a fixed minute, so a run may span two.
    const windows = Math.ceil(DURATION_S / 60) + 1;
    expect(abuser.sent - abuser.limited).toBeLessThanOrEqual(20 * windows);
    expect(abuser.wrongBody).toBe(0);
    expect([...abuser.retryAfter].every((s) => Number(s) > 0)).toBe(true);
    expect(polite.length).toBeGreaterThan(0);
    expect(polite.every((status) => status === 404)).toBe(true);

    expect(flooder.limited).toBeGreaterThan(0);
    // 404s (a random id naming a deleted post) count too: the limit counts attempts.
    expect(flooder.stored).toBeLessThanOrEqual(WRITE_LIMITS.contribution * windows);
    expect(flooder.other).toEqual([]);
    expect([...flooder.retryAfter].every((s) => Number(s) > 0 && Number(s) <= 60)).toBe(true);
    expect(politeGuestStatuses.length).toBeGreaterThan(0);
    expect(politeGuestStatuses.every((status) => status === 201 || status === 404)).toBe(true);

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});
