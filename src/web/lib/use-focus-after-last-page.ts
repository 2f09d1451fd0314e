import { useEffect, useRef } from 'react';

interface PagedQuery {
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  isFetchNextPageError: boolean;
}

/**
 * Load more, pressed for the last page, goes away and takes keyboard focus with it: focus goes
 * on to the first item that page brought, where the reader was about to continue. `focusItem`
 * focuses the item at an index of the list as shown (the last one if there are fewer); a change of
 * `shownCount`, how many the loaded pages hold, is a page arriving. Returns what Load more calls,
 * with how many items are shown, before it fetches the page.
 */
export function useFocusAfterLastPage(
  query: PagedQuery,
  shownCount: number,
  focusItem: (index: number) => void,
): (shownNow: number) => void {
  const shownAtLoadMore = useRef<number | null>(null);
  const { isFetchingNextPage, hasNextPage, isFetchNextPageError } = query;
  useEffect(() => {
    const shownBefore = shownAtLoadMore.current;
    if (shownBefore === null || isFetchingNextPage) return;
    shownAtLoadMore.current = null;
    // While pages remain the button stays, and so does focus, wherever the browser keeps it.
    if (hasNextPage || isFetchNextPageError) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    focusItem(shownBefore);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isFetchingNextPage, hasNextPage, isFetchNextPageError, shownCount]);
  return (shownNow) => {
    shownAtLoadMore.current = shownNow;
  };
}
