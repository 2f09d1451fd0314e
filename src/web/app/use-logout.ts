import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authStore } from '../lib/auth-store';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { forgetKeptDrafts } from '../lib/kept-drafts';

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
    const state: unknown = location.state;
    const logout = state && typeof state === 'object' && 'logout' in state ? state.logout : undefined;
    if (pending.current === null || logout !== pending.current) return;
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
