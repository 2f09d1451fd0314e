import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A place on a page that a 'Sign in to …' link can name (`#id` in the origin it carries), so
 * that signing in leads back to it rather than to the top of a long page (decision 19). When
 * the page is shown with that hash and the place is `ready` (its box shown), the place is
 * scrolled into view and `field` focused. The page's data loads after the router has scrolled,
 * so the router cannot find the place itself. The hash is then taken out of the address (in
 * place, without scrolling), so that coming back to the page later, or opening the place again,
 * leaves the reader where they are.
 */
export function useReturnToPlace(id: string, ready: boolean, field: () => HTMLElement | null | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  const named = location.hash === `#${id}`;
  useEffect(() => {
    if (!ready || !named) return;
    const target = field();
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
    void navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, preventScrollReset: true, state: location.state },
    );
  }, [named, ready, field, navigate, location.pathname, location.search, location.state]);
}
