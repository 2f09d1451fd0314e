import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authStore } from '../lib/auth-store';

/** Logout: forget the token and user (spec section 4) and everything cached for them. */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return () => {
    authStore.signOut();
    client.clear();
    void navigate('/explore');
  };
}
