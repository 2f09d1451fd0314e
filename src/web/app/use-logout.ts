import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authStore } from '../lib/auth-store';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { forgetKeptDrafts } from '../lib/kept-drafts';

/** The mark Logout's move to Explore carries in its history state, if `state` has one. */
export function logoutMarkOf(state: unknown): string | undefined {
  const mark = state && typeof state === 'object' && 'logout' in state ? state.logout : undefined;
  return typeof mark === 'string' ? mark : undefined;
}

/**
 * Logout: go to Explore, then forget the token and user (spec section 4), everything cached
 * for them, and what their forms kept (decision 29). The session ends only once Explore is on screen: ended while a guarded page is still
 * shown (the router renders a navigation in a transition), its guard would send the visitor to
 * /signIn instead. The move to Explore carries a mark of its own, so that when the baker chooses to
 * stay on a page holding unsent text (decision 38), a later visit to Explore does not log them out.
 */
export function useLogout() {
  const navigate = useNavigate();
  const location = useLocation();
  const pending = useRef<string | null>(null);

  useEffect(() => {
    if (pending.current === null || logoutMarkOf(location.state) !== pending.current) return;
    pending.current = null;
    // Ending the session also drops or refetches everything cached for the user
    // (lib/caller-cache.ts): the lists on screen fetch again, signed out.
    forgetKeptDrafts();
    authStore.signOut();
  }, [location]);

  return () => {
    pending.current = newIdempotencyKey();
    void navigate('/explore', { state: { logout: pending.current } });
  };
}
