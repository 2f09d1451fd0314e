import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Header } from './Header';
import { SEARCH_BOX_ID, showsSearchBox } from './search-pages';

/** Every page: the header, then the page. */
export function RootLayout() {
  useFocusOnNewPage();
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* On a wide screen 'Search posts' sits beside the posts and comes after them all by Tab. */}
      {showsSearchBox(pathname) && (
        <a
          className="skip-link"
          href={`#${SEARCH_BOX_ID}`}
          onClick={(event) => {
            event.preventDefault();
            document.getElementById(SEARCH_BOX_ID)?.focus();
          }}
        >
          Skip to search
        </a>
      )}
      <Header />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * A page opened inside the app gets no page load for a screen reader to announce, and focus
 * stays on the link that was followed, or falls to the body when that link went with the old
 * page. So on every new page (not a new query on the same one) focus moves to its main
 * landmark, as a page load would start there, unless the page has put focus in it already or
 * the reader is typing in a field that stays.
 */
function useFocusOnNewPage() {
  const { pathname } = useLocation();
  // The page shown last, not a first-run flag: React's StrictMode runs the effect twice on mount.
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById('main');
    const focused = document.activeElement;
    // Someone typing (Enter in the search box opens Explore) keeps their place in the field.
    if (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) return;
    if (main && !main.contains(focused)) main.focus({ preventScroll: true });
  }, [pathname]);
}
