import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A place on a page that a 'Sign in to …' link can name (`#id` in the origin it carries), so
 * that signing in leads back to it rather than to the top of a long page (decision 19). When
 * the page is shown with that hash and the place is `ready` (its box shown), the place is
 * scrolled into view and `field` focused, once. The page's data loads after the router has
 * scrolled, so the router cannot find the place itself.
 */
export function useReturnToPlace(id: string, ready: boolean, field: () => HTMLElement | null | undefined) {
  const { hash } = useLocation();
  const returned = useRef(false);
  const named = hash === `#${id}`;
  useEffect(() => {
    if (returned.current || !ready || !named) return;
    returned.current = true;
    const target = field();
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [named, ready, field]);
  return named;
}
