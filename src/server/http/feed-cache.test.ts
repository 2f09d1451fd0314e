import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFeedCache, type FeedCache } from './feed-cache.js';

/**
 * The cache's rules on a bare Fastify app whose feed route counts how often it really runs.
 * (Its effect on the forum's own feed, write by write, is tested in
 * features/questions/feed-cache.sqlite.test.ts.)
 */
describe('feed cache', () => {
  let app: FastifyInstance;
  let cache: FeedCache;
  let runs: number;
  let version: number;
  /** Who each viewer's feed rests on: themselves and whom they follow; null for too many. */
  let following: Map<number, number[] | null>;
  /** Lets a test hold the computation until it says so. */
  let gate: Promise<void> | null;
  /** Lets a test hold the read of whom a feed rests on. */
  let dependenciesGate: Promise<void> | null;
  let status: number;
  /** Each viewer's token version as their row holds it (0 unless a test changes it). */
  let rowTokenVersion: Map<number, number>;
  /** Lets a test hold the read of the viewer's row. */
  let rowGate: Promise<void> | null;

  beforeEach(async () => {
    runs = 0;
    rowTokenVersion = new Map();
    rowGate = null;
    version = 1;
    gate = null;
    dependenciesGate = null;
    status = 200;
    following = new Map([
      [1, [1, 10, 11]],
      [2, [2, 10]],
      [3, null],
    ]);
    app = Fastify({ logger: false });
    app.decorateRequest('feedCacheFill', null);
    cache = createFeedCache({
      maxEntries: 3,
      maxChars: 150,
      maxEntryChars: 80,
      maxDependencies: 6,
      writesElsewhere: async () => version,
    });
    // The `x-ver` header stands for the token's version (the key is the URL, as in the app); the
    // route checks it against the viewer's "row".
    app.get<{ Params: { viewer: string }; Querystring: { pad?: string } }>(
      '/feed/:viewer',
      { onSend: cache.keepOnSend },
      async (request, reply) => {
        const viewer = Number(request.params.viewer);
        const tokenVersion = Number(request.headers['x-ver'] ?? 0);
        return cache.answer(request, reply, { id: viewer, username: `baker${viewer}`, tokenVersion }, async () => {
          if (rowGate) await rowGate;
          if ((rowTokenVersion.get(viewer) ?? 0) !== tokenVersion)
            throw Object.assign(new Error('no'), { statusCode: 401 });
          return {
            dependsOn: async () => {
              if (dependenciesGate) await dependenciesGate;
              return following.get(viewer) ?? null;
            },
            compute: async () => {
              runs += 1;
              const run = runs;
              if (gate) await gate;
              if (status !== 200) return reply.code(status).send({ errors: ['no'] });
              return { run, pad: request.query.pad ?? '' };
            },
          };
        });
      },
    );
  });
  afterEach(() => app.close());

  const read = async (viewer: number, query = '', tokenVersion = 0) => {
    const response = await app.inject({
      method: 'GET',
      url: `/feed/${viewer}${query}`,
      headers: { 'x-ver': String(tokenVersion) },
    });
    return {
      status: response.statusCode,
      run: (response.json() as { run?: number }).run,
      type: response.headers['content-type'],
    };
  };

  it('answers a repeated read from memory, as the same JSON, until something it rests on changes', async () => {
    expect(await read(1)).toEqual({ status: 200, run: 1, type: 'application/json; charset=utf-8' });
    expect(await read(1)).toEqual({ status: 200, run: 1, type: 'application/json; charset=utf-8' });
    cache.changed([99]);
    expect((await read(1)).run).toBe(1);
    cache.changed([11]);
    expect((await read(1)).run).toBe(2);
    expect((await read(1)).run).toBe(2);
    cache.changed([1]);
    expect((await read(1)).run).toBe(3);
  });

  it('keeps each viewer and URL apart, and drops only the feeds that rest on a changed user', async () => {
    expect((await read(1)).run).toBe(1);
    expect((await read(2)).run).toBe(2);
    expect((await read(1, '?pad=x')).run).toBe(3);
    cache.changed([11]);
    expect((await read(2)).run).toBe(2);
    expect((await read(1)).run).toBe(4);
    expect((await read(1, '?pad=x')).run).toBe(5);
    cache.changed([10]);
    expect((await read(2)).run).toBe(6);
    expect((await read(1)).run).toBe(7);
  });

  it('does not keep a feed when one it rests on changed while it was computed', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const first = read(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    cache.changed([10]);
    open();
    expect((await first).run).toBe(1);
    gate = null;
    expect((await read(1)).run).toBe(2);
    expect((await read(1)).run).toBe(2);
  });

  it('does not keep a feed when one it rests on changed before it knew whom it rests on', async () => {
    let open!: () => void;
    dependenciesGate = new Promise((resolve) => (open = resolve));
    const first = read(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    cache.changed([2, 11]);
    open();
    expect((await first).run).toBe(1);
    dependenciesGate = null;
    expect((await read(1)).run).toBe(2);
    expect((await read(1)).run).toBe(2);
  });

  it('keeps a feed when only others changed while it was computed', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const first = read(2);
    await new Promise((resolve) => setTimeout(resolve, 10));
    cache.changed([11, 1]);
    open();
    expect((await first).run).toBe(1);
    gate = null;
    expect((await read(2)).run).toBe(1);
  });

  it('drops everything once another connection has written, and keeps nothing computed across such a write', async () => {
    await read(1);
    await read(2);
    version += 1;
    expect((await read(1)).run).toBe(3);
    expect((await read(2)).run).toBe(4);
    expect((await read(1)).run).toBe(3);

    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    cache.changed([1]);
    const during = read(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    version += 1;
    open();
    expect((await during).run).toBe(5);
    gate = null;
    expect((await read(1)).run).toBe(6);
  });

  it('never keeps the feed of a viewer following too many, nor an answer other than 200', async () => {
    expect((await read(3)).run).toBe(1);
    expect((await read(3)).run).toBe(2);
    status = 404;
    expect((await read(2)).status).toBe(404);
    status = 200;
    expect((await read(2)).run).toBe(4);
    expect((await read(2)).run).toBe(4);
  });

  it('keeps at most maxEntries answers of maxChars, the oldest going first, and none over maxEntryChars', async () => {
    following.set(4, [4]);
    following.set(5, [5]);
    await read(1);
    await read(2);
    await read(4);
    await read(5);
    expect((await read(5)).run).toBe(4);
    expect((await read(2)).run).toBe(2);
    expect((await read(1)).run).toBe(5);
    const long = `?pad=${'x'.repeat(40)}`;
    expect((await read(4, long)).run).toBe(6);
    expect((await read(4, long)).run).toBe(7);
    // An answer of pad 14 takes 60-61 characters with its key: a third passes maxChars (150).
    cache.changed([1, 2, 4, 5]);
    const medium = `?pad=${'y'.repeat(14)}`;
    await read(1, medium);
    await read(2, medium);
    await read(4, medium);
    const before = runs;
    expect((await read(2, medium)).run).toBe(before - 1);
    expect((await read(4, medium)).run).toBe(before);
    expect((await read(1, medium)).run).toBe(before + 1);
  });

  it('keeps answers resting on maxDependencies users in all, the oldest going first, and none resting on more', async () => {
    following.set(4, [4, 1, 2, 3, 5, 6, 7]);
    await read(1);
    await read(2);
    expect((await read(1)).run).toBe(1);
    expect((await read(2)).run).toBe(2);
    // Viewer 1 rests on 3 users and viewer 2 on 2: a third feed resting on 2 more pushes out the oldest.
    following.set(5, [5, 10]);
    await read(5);
    expect((await read(5)).run).toBe(3);
    expect((await read(2)).run).toBe(2);
    expect((await read(1)).run).toBe(4);
    expect((await read(4)).run).toBe(5);
    expect((await read(4)).run).toBe(6);
  });

  it('answers from memory only a token with the username and token version the row had', async () => {
    expect((await read(1)).run).toBe(1);
    expect((await read(1)).run).toBe(1);
    // A new password: the row's version moves, and the service announces the baker.
    rowTokenVersion.set(1, 1);
    cache.changed([1]);
    expect((await read(1)).status).toBe(401);
    expect((await read(1, '', 1)).run).toBe(2);
    expect((await read(1, '', 1)).run).toBe(2);
    // The old token, on the URL a kept answer is under: the row is read again, and refuses it.
    expect((await read(1, '', 0)).status).toBe(401);
    expect((await read(1, '', 1)).run).toBe(2);
  });

  it('keeps no feed when the viewer changed while their row was read, even one they do not list', async () => {
    following.set(4, [10]);
    let open!: () => void;
    rowGate = new Promise((resolve) => (open = resolve));
    const first = read(4);
    await new Promise((resolve) => setTimeout(resolve, 10));
    cache.changed([4]);
    open();
    expect((await first).run).toBe(1);
    rowGate = null;
    expect((await read(4)).run).toBe(2);
    expect((await read(4)).run).toBe(2);
    cache.changed([4]);
    expect((await read(4)).run).toBe(3);
  });

  it('lets the feed of a changed user be computed again and kept, without growing its index', async () => {
    for (let i = 0; i < 5; i += 1) {
      cache.changed([1]);
      await read(1);
    }
    expect((await read(1)).run).toBe(5);
  });
});

/**
 * While keepOnSend waits for writesElsewhere() (in the app, a query on the one connection), a
 * change announced, or a write elsewhere seen first by another request, must still keep the
 * page from being kept: it was read before the change.
 */
describe('feed cache: while the keep-time check waits', () => {
  let app: FastifyInstance;
  let cache: FeedCache;
  let runs: number;
  let version: number;
  let calls: number;
  /** The writesElsewhere() call (1-based) to hold, and how to release it. */
  let holdCall: number;
  let held: { reached: Promise<void>; reach: () => void; release: () => void; gate: Promise<void> };

  const newHold = () => {
    let reach!: () => void;
    let release!: () => void;
    const reached = new Promise<void>((resolve) => (reach = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    return { reached, reach, release, gate };
  };

  beforeEach(() => {
    runs = 0;
    version = 1;
    calls = 0;
    holdCall = 0;
    held = newHold();
    app = Fastify({ logger: false });
    app.decorateRequest('feedCacheFill', null);
    cache = createFeedCache({
      maxEntries: 10,
      maxChars: 10_000,
      maxEntryChars: 1000,
      maxDependencies: 100,
      writesElsewhere: async () => {
        calls += 1;
        if (calls === holdCall) {
          held.reach();
          await held.gate;
        }
        return version;
      },
    });
    app.get<{ Params: { viewer: string } }>('/feed/:viewer', { onSend: cache.keepOnSend }, async (request, reply) => {
      const viewer = Number(request.params.viewer);
      return cache.answer(request, reply, { id: viewer, username: `baker${viewer}`, tokenVersion: 0 }, async () => ({
        dependsOn: async () => [viewer, 10],
        compute: async () => {
          runs += 1;
          return { run: runs };
        },
      }));
    });
  });
  afterEach(() => app.close());

  const read = async (viewer: number) =>
    (await app.inject({ method: 'GET', url: `/feed/${viewer}` })).json<{ run: number }>().run;

  it('a change announced while keepOnSend awaits data_version still stops the page being kept', async () => {
    expect(await read(1)).toBe(1);
    cache.changed([10]);
    holdCall = calls + 2; // answer()'s check passes; keepOnSend's is held
    const during = read(1);
    await held.reached;
    cache.changed([10]); // a followed baker's post changed and the write was acknowledged
    held.release();
    expect(await during).toBe(2);
    expect(await read(1)).toBe(3);
  });

  it('a write elsewhere detected by another request meanwhile still stops the page being kept', async () => {
    expect(await read(1)).toBe(1);
    cache.changed([1]);
    holdCall = calls + 2;
    const during = read(1);
    await held.reached;
    version += 1; // another process commits ...
    expect(await read(2)).toBe(3); // ... and another baker's request sees it first (dropAll)
    held.release();
    expect(await during).toBe(2);
    expect(await read(1)).toBe(4);
  });
});
