import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authStore } from '../lib/auth-store';
import { forgetKeptDrafts } from '../lib/kept-drafts';

/**
 * Logout: go to Explore, then forget the token and user (spec section 4), everything cached
 * for them, and what their forms kept (decision 29). The session ends only once Explore is on screen: ended while a guarded page is still
 * shown (the router renders a navigation in a transition), its guard would send the visitor to
 * /signIn instead.
 */
export function useLogout() {
  const navigate = useNavigate();
  const location = useLocation();
  const pending = useRef(false);

  useEffect(() => {
    if (!pending.current || location.pathname !== '/explore') return;
    pending.current = false;
    // Ending the session also drops or refetches everything cached for the user
    // (lib/caller-cache.ts): the lists on screen fetch again, signed out.
    forgetKeptDrafts();
    authStore.signOut();
  }, [location]);

  return () => {
    pending.current = true;
    void navigate('/explore');
  };
}
