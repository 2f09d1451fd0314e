import { describe, expect, it } from 'vitest';
import { isWebPage } from './web-routes.js';

describe('web pages', () => {
  it.each(['/', '/signIn', '/signUp', '/explore', '/feed', '/bookmarks', '/profile', '/question/12', '/feed/'])(
    '%s is a page',
    (path) => expect(isWebPage(path)).toBe(true),
  );
  it.each(['/signin', '/question', '/question/1/2', '/nope', '/explore/x'])('%s is not a page', (path) =>
    expect(isWebPage(path)).toBe(false),
  );
});
