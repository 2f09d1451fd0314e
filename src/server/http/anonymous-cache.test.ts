import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerAnonymousCache, type AnonymousCache } from './anonymous-cache.js';

/**
 * The cache's rules on a bare Fastify app whose GET routes count how often they really run.
 * (Its effect on the forum's own routes is tested in features/questions/anonymous-lists.test.ts.)
 */
describe('anonymous cache', () => {
  let app: FastifyInstance;
  let cache: AnonymousCache;
  let clock: number;
  let runs: number;
  /** Lets a test hold a GET handler until it says so. */
  let gate: Promise<void> | null;

  beforeEach(async () => {
    clock = 1_000_000;
    runs = 0;
    gate = null;
    app = Fastify({ logger: false });
    cache = registerAnonymousCache(app, {
      ttlMs: 1000,
      maxEntries: 3,
      maxChars: 100,
      maxEntryChars: 60,
      now: () => clock,
    });
    const cached = { config: { anonymousCache: true } };
    app.get('/list', cached, async () => {
      runs += 1;
      const run = runs;
      if (gate) await gate;
      return { run };
    });
    app.get('/missing', cached, async (_request, reply) => {
      runs += 1;
      return reply.code(404).send({ errors: ['Not found'] });
    });
    app.get('/uncached', async () => ({ run: (runs += 1) }));
    // {"run":N,"pad":"…"}: 18 characters and the pad, for runs 1 to 9.
    app.get<{ Querystring: { pad: string } }>('/padded', cached, async (request) => ({
      run: (runs += 1),
      pad: 'x'.repeat(Number(request.query.pad)),
    }));
    app.post('/write', async () => ({ ok: true }));
    app.post('/refused', async (_request, reply) => reply.code(401).send({ errors: ['Unauthorized'] }));
    app.post('/committed-then-failed', async (_request, reply) => reply.code(500).send({ errors: ['Oops'] }));
    app.post('/busy', async (_request, reply) => reply.code(503).send({ errors: ['Busy'] }));
    app.post('/vote', { config: { keepsAnonymousCache: true } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterEach(() => app.close());

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url, headers });
    return {
      status: response.statusCode,
      body: response.json<{ run?: number }>(),
      type: response.headers['content-type'],
    };
  };

  it("serves a visitor's repeated request from the cache, as the same JSON", async () => {
    const first = await get('/list');
    const second = await get('/list');
    expect(first.body).toEqual({ run: 1 });
    expect(second.body).toEqual({ run: 1 });
    expect(second.type).toBe('application/json; charset=utf-8');
    expect(runs).toBe(1);
  });

  it('keeps each URL (with its query) apart', async () => {
    await get('/list?sort=latest');
    await get('/list?sort=trending');
    expect((await get('/list?sort=latest')).body).toEqual({ run: 1 });
    expect((await get('/list?sort=trending')).body).toEqual({ run: 2 });
    expect(runs).toBe(2);
  });

  it('computes the answer again once it is older than the time to live', async () => {
    await get('/list');
    clock += 999;
    expect((await get('/list')).body).toEqual({ run: 1 });
    clock += 1;
    expect((await get('/list')).body).toEqual({ run: 2 });
  });

  it('sends nothing computed before a write once the write is answered', async () => {
    await get('/list');
    const write = await app.inject({ method: 'POST', url: '/write' });
    expect(write.statusCode).toBe(200);
    expect((await get('/list')).body).toEqual({ run: 2 });
    expect((await get('/list')).body).toEqual({ run: 2 });
  });

  it('keeps the cached answers across a write that was refused or found the database busy, which changed nothing', async () => {
    await get('/list');
    expect((await app.inject({ method: 'POST', url: '/refused' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/no/such/route' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/busy' })).statusCode).toBe(503);
    expect((await get('/list')).body).toEqual({ run: 1 });
  });

  it('ends the cached answers after a write that failed once it may have committed (a 500)', async () => {
    await get('/list');
    expect((await app.inject({ method: 'POST', url: '/committed-then-failed' })).statusCode).toBe(500);
    expect((await get('/list')).body).toEqual({ run: 2 });
  });

  it('keeps the cached answers across a write marked as keeping them', async () => {
    await get('/list');
    expect((await app.inject({ method: 'POST', url: '/vote' })).statusCode).toBe(200);
    expect((await get('/list')).body).toEqual({ run: 1 });
    clock += 1000;
    expect((await get('/list')).body).toEqual({ run: 2 });
  });

  it('does not store an answer that a write overtook while it was being computed', async () => {
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const slow = get('/list');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await app.inject({ method: 'POST', url: '/write' });
    open();
    expect((await slow).body).toEqual({ run: 1 });
    gate = null;
    expect((await get('/list')).body).toEqual({ run: 2 });
  });

  it('never answers a request with credentials from the cache, valid or not', async () => {
    await get('/list');
    expect((await get('/list', { authorization: 'Bearer anything' })).body).toEqual({ run: 2 });
    expect((await get('/list', { authorization: '' })).body).toEqual({ run: 3 });
    expect((await get('/list')).body).toEqual({ run: 1 });
  });

  it('stores only successful answers, and only of routes that ask for it', async () => {
    expect((await get('/missing')).status).toBe(404);
    expect((await get('/missing')).status).toBe(404);
    await get('/uncached');
    await get('/uncached');
    expect(runs).toBe(4);
  });

  it('keeps at most maxEntries answers, dropping the oldest stored', async () => {
    for (const n of [1, 2, 3, 4]) await get(`/list?page=${n}`);
    expect(runs).toBe(4);
    await get('/list?page=4');
    await get('/list?page=2');
    expect(runs).toBe(4);
    expect((await get('/list?page=1')).body).toEqual({ run: 5 });
  });

  // An entry's size is its URL's length and its body's: '/padded?pad=N' is 13 or 14 characters.
  it('keeps at most maxChars characters of URLs and answers, dropping the oldest stored', async () => {
    await get('/padded?pad=1'); // 13 + 19 = 32 characters
    await get('/padded?pad=11'); // 14 + 29 = 43
    await get('/padded?pad=1'); // cached; 75 in all
    expect(runs).toBe(2);
    await get('/padded?pad=2'); // 13 + 20 = 33 more would make 108: the oldest (32) goes
    await get('/padded?pad=11');
    await get('/padded?pad=2');
    expect(runs).toBe(3);
    expect((await get('/padded?pad=1')).body).toMatchObject({ run: 4 });
  });

  it('does not keep an answer longer than maxEntryChars, nor drop others for it', async () => {
    await get('/padded?pad=1');
    await get('/padded?pad=29'); // 14 + 47 = 61 characters
    await get('/padded?pad=29');
    expect(runs).toBe(3);
    await get('/padded?pad=1');
    expect(runs).toBe(3);
  });

  it('is off with a time to live of 0', async () => {
    const off = Fastify({ logger: false });
    const offCache = registerAnonymousCache(off, {
      ttlMs: 0,
      maxEntries: 3,
      maxChars: 100,
      maxEntryChars: 60,
      now: () => clock,
    });
    let count = 0;
    off.get('/list', { config: { anonymousCache: true } }, async () => ({ run: (count += 1) }));
    await off.inject({ method: 'GET', url: '/list' });
    await off.inject({ method: 'GET', url: '/list' });
    await offCache.remember('page', async () => (count += 1));
    expect(await offCache.remember('page', async () => (count += 1))).toBe(4);
    expect(count).toBe(4);
    await off.close();
  });

  describe('remembered values', () => {
    const compute = async () => ({ run: (runs += 1) });

    it('keeps a value for the time to live, apart from any URL', async () => {
      expect(await cache.remember('/list', compute)).toEqual({ run: 1 });
      expect(await cache.remember('/list', compute)).toEqual({ run: 1 });
      expect((await get('/list')).body).toEqual({ run: 2 });
      clock += 999;
      expect(await cache.remember('/list', compute)).toEqual({ run: 1 });
      clock += 1;
      expect(await cache.remember('/list', compute)).toEqual({ run: 3 });
    });

    it('computes the value again once a write is answered, but not after a vote', async () => {
      await cache.remember('page', compute);
      await app.inject({ method: 'POST', url: '/vote' });
      expect(await cache.remember('page', compute)).toEqual({ run: 1 });
      await app.inject({ method: 'POST', url: '/write' });
      expect(await cache.remember('page', compute)).toEqual({ run: 2 });
    });

    it('does not keep a value that a write overtook while it was being computed', async () => {
      const overtaken = await cache.remember('page', async () => {
        await app.inject({ method: 'POST', url: '/write' });
        return compute();
      });
      expect(overtaken).toEqual({ run: 1 });
      expect(await cache.remember('page', compute)).toEqual({ run: 2 });
    });
  });
});
