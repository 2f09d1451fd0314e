import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionPage } from '../../../shared/api-types.js';
import { WEB_LIST_PAGE_SIZE } from '../../../shared/constants.js';
import { apiClient, createTestApp, postQuestion, signUp, type TestApp } from '../../testing/test-app.js';

describe('web app serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['/', '/explore', '/feed', '/signIn', '/question/42', '/question/42/'])(
    'answers the page %s with the app, not cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('gives each page a fresh style nonce that the CSP allows, and no inline scripts', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/explore' });
    const second = await t.app.inject({ method: 'GET', url: '/explore' });
    const nonceOf = (body: string) => /nonce="([0-9a-f]{32})"/.exec(body)?.[1];
    const nonce = nonceOf(first.body);
    expect(nonce).toBeDefined();
    expect(nonceOf(second.body)).not.toBe(nonce);
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`style-src 'self' 'nonce-${nonce}'`));
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });

  it("tells the browser to fetch a page's own chunks and styles at once, not those the entry already loads", async () => {
    const explore = (await t.app.inject({ method: 'GET', url: '/explore' })).body;
    const hints = [...explore.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[2]);
    expect(hints.sort()).toEqual([
      '/assets/ExplorePage-Ex1.js',
      '/assets/ShellLayout-Sh1.js',
      '/assets/cards-Cd2.css',
      '/assets/cards-Cd2.js',
    ]);
    expect(explore.indexOf('modulepreload')).toBeLessThan(explore.indexOf('</head>'));
    // In the CORS mode the app's loader fetches them in, or the browser fetches each file twice.
    for (const tag of explore.match(/<link rel="(modulepreload|preload)"[^>]*>/g) ?? []) {
      expect(tag).toMatch(/ crossorigin /);
    }
    const missing = (await t.app.inject({ method: 'GET', url: '/nope' })).body;
    expect(missing).toContain('/assets/NotFoundPage-Nf1.js');
    expect(missing).not.toContain('ShellLayout');
    const landing = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(landing).not.toContain('modulepreload');
  });

  it("puts Explore's first page, as a visitor sees it, in the Explore page itself, safely escaped", async () => {
    const api = apiClient(t.app);
    const author = await signUp(api);
    const hostile = '</script><script>alert(1)</script> <!-- & "quotes"';
    await postQuestion(api, author, { questionTitle: hostile });
    for (let i = 0; i < WEB_LIST_PAGE_SIZE; i++) await postQuestion(api, author, { questionTitle: `Loaf ${i}` });

    const body = (await t.app.inject({ method: 'GET', url: '/explore' })).body;
    const block = /<script type="application\/json" id="crumb-initial-data">(.*?)<\/script>/s.exec(body)?.[1];
    expect(block).toBeDefined();
    expect(block).not.toContain('<');
    const data = JSON.parse(block!) as { explore: QuestionPage };
    const api2 = await t.app.inject({ method: 'GET', url: `/api/questions?limit=${WEB_LIST_PAGE_SIZE}` });
    expect(data.explore).toEqual(api2.json());
    expect(data.explore.questions).toHaveLength(WEB_LIST_PAGE_SIZE);
    expect(data.explore.questions.every((q) => q.bookmarked === false && q.votes.myVote === null)).toBe(true);
    expect(body.match(/<script/g)).toHaveLength(2);

    const hostilePage = await t.app.inject({ method: 'GET', url: `/api/questions?limit=20` });
    expect(hostilePage.json<QuestionPage>().questions.map((q) => q.questionTitle)).toContain(hostile);
  });

  it('sends titles with replacement patterns and the nonce placeholder as they are', async () => {
    const api = apiClient(t.app);
    const author = await signUp(api);
    const tricky = "Butter at 5$` a pound, $& and $' and $$ __CSP_NONCE__";
    await postQuestion(api, author, { questionTitle: tricky });

    const body = (await t.app.inject({ method: 'GET', url: '/explore' })).body;
    expect(body.match(/<div id="root">/g)).toHaveLength(1);
    const block = /<script type="application\/json" id="crumb-initial-data">(.*?)<\/script>/s.exec(body)?.[1];
    const data = JSON.parse(block ?? '') as { explore: QuestionPage };
    expect(data.explore.questions[0]?.questionTitle).toBe(tricky);
  });

  it('sends no data with other pages, or with Explore filtered by the address', async () => {
    for (const url of ['/explore?chip=trending', '/explore?q=rye', '/feed', '/question/1', '/nope']) {
      expect((await t.app.inject({ method: 'GET', url })).body).not.toContain('crumb-initial-data');
    }
  });

  it('answers an unknown page with the app and status 404, so the app shows its own not-found page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a year-long immutable cache, compressed when the client accepts it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-Fx1.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toContain('fixture');
    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/assets/app-Fx1.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
    // A chunk asked for before a new release's files are in place must be asked for again.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves top-level files such as robots.txt, revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('User-agent');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    for (const url of ['/api', '/api/nope', '/api/questions/1/extra']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('does not let a path escape the web folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/..%2f..%2fweb.routes.test.ts' });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('web app serving');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
