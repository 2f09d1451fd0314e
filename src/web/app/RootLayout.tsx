import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigationType } from 'react-router';
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

/** Where focus was on a page: the element by its id, or a link by its address within the nearest element with an id. */
interface FocusMark {
  id: string;
  href: string | null;
}

/** Pages whose focus is remembered for Back and Forward: the most recent ones. */
const REMEMBERED_PAGES = 50;

function markOf(element: Element): FocusMark | undefined {
  // The main landmark is where every new page puts focus, not a place the reader chose.
  if (element.id) return element.id === 'main' ? undefined : { id: element.id, href: null };
  const href = element.getAttribute('href');
  const around = element.closest('[id]');
  return href !== null && around ? { id: around.id, href } : undefined;
}

function elementOf(mark: FocusMark): HTMLElement | null {
  const around = document.getElementById(mark.id);
  if (!around || mark.href === null) return around;
  return around.querySelector<HTMLElement>(`a[href="${CSS.escape(mark.href)}"]`);
}

/**
 * A page opened inside the app gets no page load for a screen reader to announce, and focus
 * stays on the link that was followed, or falls to the body when that link went with the old
 * page. So on every new page (not a new query on the same one) focus moves to its main
 * landmark, as a page load would start there, unless the page has put focus in it already or
 * the reader is typing in a field that stays. Back and Forward return instead to where focus was
 * on that page (the post followed from a list), as the scroll position returns: from the main
 * landmark, the first Tab would go to the top of the page.
 */
function useFocusOnNewPage() {
  const { pathname, key } = useLocation();
  const navigation = useNavigationType();
  // The page shown last, not a first-run flag: React's StrictMode runs the effect twice on mount.
  const shown = useRef(pathname);
  const focusByPage = useRef(new Map<string, FocusMark>());

  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const mark = event.target instanceof Element ? markOf(event.target) : undefined;
      if (!mark) return;
      // The page in the address bar, which the router sets before the new page mounts: focus
      // taken as it mounts is the new page's, not where it was on the page left.
      const page = (window.history.state as { key?: string } | null)?.key ?? 'default';
      const pages = focusByPage.current;
      pages.delete(page);
      pages.set(page, mark);
      if (pages.size > REMEMBERED_PAGES) pages.delete(pages.keys().next().value as string);
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const remembered = focusByPage.current.get(key);
    const returnTo = navigation === 'POP' && remembered ? elementOf(remembered) : null;
    returnTo?.focus({ preventScroll: true });
    if (returnTo && document.activeElement === returnTo) return;
    const main = document.getElementById('main');
    const focused = document.activeElement;
    // Someone typing (Enter in the search box opens Explore) keeps their place in the field.
    if (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) return;
    if (main && !main.contains(focused)) main.focus({ preventScroll: true });
  }, [pathname, key, navigation]);
}
