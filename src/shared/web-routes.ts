/**
 * The web app's pages. The server answers these paths with the app's page and status 200, and
 * any other non-API path with the same page and status 404, so the app can show its own
 * "page not found" while crawlers and tools see the right status.
 */
export const WEB_PAGE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/signIn$/,
  /^\/signUp$/,
  /^\/explore$/,
  /^\/feed$/,
  /^\/bookmarks$/,
  /^\/profile$/,
  /^\/question\/[^/]+$/,
];

export function isWebPage(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return WEB_PAGE_PATTERNS.some((pattern) => pattern.test(trimmed));
}
