import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigationType } from 'react-router';
import { Header } from './Header';
import { LeaveGuard } from './LeaveGuard';
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
      <LeaveGuard />
    </>
  );
}

/**
 * Where focus was on a page: the element by its id, or a link by its address and its place among
 * the links with that address within the nearest element with an id.
 */
interface FocusMark {
  id: string;
  href: string | null;
  index: number;
}

/** Pages whose focus is remembered for Back and Forward: the most recent ones. */
const REMEMBERED_PAGES = 50;
/** Frames to wait at most for the element focus returns to (about half a second). */
const RETURN_FRAMES = 30;

const linksTo = (around: Element, href: string) => [
  ...around.querySelectorAll<HTMLElement>(`a[href="${CSS.escape(href)}"]`),
];

function markOf(element: Element): FocusMark | undefined {
  // The main landmark is where every new page puts focus, not a place the reader chose.
  if (element.id) return element.id === 'main' ? undefined : { id: element.id, href: null, index: 0 };
  const href = element.getAttribute('href');
  const around = element.closest('[id]');
  if (href === null || !around) return undefined;
  return { id: around.id, href, index: linksTo(around, href).indexOf(element as HTMLElement) };
}

function elementOf(mark: FocusMark): HTMLElement | null {
  const around = document.getElementById(mark.id);
  if (!around || mark.href === null) return around;
  return linksTo(around, mark.href)[mark.index] ?? null;
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
  const shownKey = useRef(key);
  const focusByPage = useRef(new Map<string, FocusMark>());
  // Where focus was last, on whichever page: a page's place is taken from it when the page is
  // left. Focus on something that cannot be found again (a button without an id) forgets the
  // earlier place, which may be far from where the reader left the page.
  const lastFocus = useRef<FocusMark | undefined>(undefined);

  useEffect(() => {
    const remember = (event: FocusEvent) => {
      lastFocus.current = event.target instanceof Element ? markOf(event.target) : undefined;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);

  useEffect(() => {
    if (shownKey.current === key) return;
    const pages = focusByPage.current;
    pages.delete(shownKey.current);
    if (lastFocus.current) pages.set(shownKey.current, lastFocus.current);
    if (pages.size > REMEMBERED_PAGES) pages.delete(pages.keys().next().value as string);
    shownKey.current = key;
    if (shown.current === pathname) return;
    shown.current = pathname;
    const focused = document.activeElement;
    // Someone typing (Enter in the search box opens Explore, a dialog open across pages) keeps
    // their place in the field.
    if (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) return;
    // A dialog open across pages (New Post) keeps focus inside it: its trap would take focus
    // back from the page, selecting what was typed in its first field.
    const remembered = document.querySelector('[role="dialog"]') ? undefined : pages.get(key);
    const main = document.getElementById('main');
    if (main && !main.contains(focused)) main.focus({ preventScroll: true });
    if (navigation !== 'POP' || !remembered) return;
    // The page may still be drawing what focus was on (a list shown from the cache a frame
    // later): look for it for a few frames, as long as focus is still where the page put it.
    let frames = 0;
    const returnToRemembered = () => {
      if (main && document.activeElement !== main) return;
      const element = elementOf(remembered);
      if (element) element.focus({ preventScroll: true });
      else if ((frames += 1) < RETURN_FRAMES) requestAnimationFrame(returnToRemembered);
    };
    returnToRemembered();
  }, [pathname, key, navigation]);
}
