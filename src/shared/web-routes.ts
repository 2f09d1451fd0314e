import type { QuestionPage } from './api-types.js';

/**
 * The web app's pages and, for each, the modules (relative to src/web) its router loads lazily.
 * The server answers these paths with the app's page and status 200, and any other non-API
 * path with the same page and status 404, so the app can show its own "page not found" while
 * crawlers and tools see the right status. It also tells the browser to fetch the page's
 * modules at once, in parallel with the app's entry, instead of after it.
 */
interface WebPage {
  pattern: RegExp;
  modules: readonly string[];
}

const SHELL = 'app/ShellLayout.tsx';

export const WEB_PAGES: readonly WebPage[] = [
  { pattern: /^\/$/, modules: [] },
  { pattern: /^\/signIn$/, modules: ['features/auth/components/SignInPage.tsx'] },
  { pattern: /^\/signUp$/, modules: ['features/auth/components/SignUpPage.tsx'] },
  { pattern: /^\/explore$/, modules: [SHELL, 'features/questions/components/ExplorePage.tsx'] },
  { pattern: /^\/feed$/, modules: [SHELL, 'features/questions/components/FeedPage.tsx'] },
  { pattern: /^\/bookmarks$/, modules: [SHELL, 'features/questions/components/BookmarksPage.tsx'] },
  { pattern: /^\/profile$/, modules: [SHELL, 'features/users/components/ProfilePage.tsx'] },
  { pattern: /^\/question\/[^/]+$/, modules: [SHELL, 'features/questions/components/QuestionPage.tsx'] },
];

const NOT_FOUND_MODULES = ['pages/NotFoundPage.tsx'];

/**
 * The path without its trailing slashes. A loop, not `/\/+$/`: that regex retries from every
 * slash of a run that does not end the path, so a 16 KB path of slashes cost the one thread
 * 140 ms.
 */
function trimmed(pathname: string) {
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === 0x2f) end -= 1;
  return pathname.slice(0, end);
}

export function isWebPage(pathname: string): boolean {
  const path = trimmed(pathname);
  return WEB_PAGES.some((page) => page.pattern.test(path));
}

/** The lazily loaded modules the app needs to show this path. */
export function webPageModules(pathname: string): readonly string[] {
  const path = trimmed(pathname);
  return WEB_PAGES.find((page) => page.pattern.test(path))?.modules ?? NOT_FOUND_MODULES;
}

/** The element in which the server hands a page the data it will ask for first. */
export const INITIAL_DATA_ELEMENT_ID = 'crumb-initial-data';

/** Data the server puts in the page: Explore's first page as a signed-out visitor sees it. */
export interface InitialData {
  explore?: QuestionPage;
}
