import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { isWebPage, WEB_PAGES, webPageModules } from './web-routes.js';

describe('web pages', () => {
  it.each(['/', '/signIn', '/signUp', '/explore', '/feed', '/bookmarks', '/profile', '/question/12', '/feed/'])(
    '%s is a page',
    (path) => expect(isWebPage(path)).toBe(true),
  );
  it.each(['/feed//', '/question/12///'])('%s, trailing slashes dropped, is a page', (path) =>
    expect(isWebPage(path)).toBe(true),
  );
  it.each(['/signin', '/question', '/question/1/2', '/nope', '/explore/x'])('%s is not a page', (path) =>
    expect(isWebPage(path)).toBe(false),
  );
});

describe("web pages' modules", () => {
  it('name files that exist in src/web, so the server can preload them', () => {
    const modules = new Set([...WEB_PAGES.flatMap((page) => page.modules), ...webPageModules('/nope')]);
    for (const module of modules) expect(existsSync(new URL(`../web/${module}`, import.meta.url)), module).toBe(true);
  });
});

describe('a path of many slashes', () => {
  // 100,000 slashes then a letter: a trim that retries from every slash takes seconds; one pass
  // takes well under a millisecond, so the bound leaves room for any machine's noise.
  const hostile = `/${'/'.repeat(100_000)}a`;

  it('is classified in one pass', () => {
    const start = performance.now();
    expect(isWebPage(hostile)).toBe(false);
    expect(webPageModules(hostile)).toEqual(webPageModules('/nope'));
    expect(performance.now() - start).toBeLessThan(200);
  });
});
