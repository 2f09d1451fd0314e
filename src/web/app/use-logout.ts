import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authStore } from '../lib/auth-store';

/**
 * Logout: go to Explore, then forget the token and user (spec section 4) and everything cached
 * for them. The session ends only once Explore is on screen: ended while a guarded page is still
 * shown (the router renders a navigation in a transition), its guard would send the visitor to
 * /signIn instead.
 */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const pending = useRef(false);

  useEffect(() => {
    if (!pending.current || location.pathname !== '/explore') return;
    pending.current = false;
    authStore.signOut();
    // The lists on screen fetch again, signed out; nothing cached for the user is kept.
    void client.resetQueries();
  }, [location, client]);

  return () => {
    pending.current = true;
    void navigate('/explore');
  };
}
