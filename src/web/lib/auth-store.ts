import { useSyncExternalStore } from 'react';
import type { UserJson } from '../../shared/api-types';

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export interface Session {
  token: string;
  user: UserJson;
}

function readSession(): Session | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const user = localStorage.getItem(USER_KEY);
    if (!token || !user) return null;
    return { token, user: JSON.parse(user) as UserJson };
  } catch {
    return null;
  }
}

/**
 * The signed-in session, kept in localStorage under `token` and `user` (never a password) and
 * shared across tabs through the storage event.
 */
function createAuthStore() {
  let session = readSession();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) {
      session = readSession();
      notify();
    }
  });

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSession: () => session,
    getToken: () => session?.token ?? null,
    signIn(token: string, user: UserJson) {
      localStorage.setItem(TOKEN_KEY, token);
      localStorage.setItem(USER_KEY, JSON.stringify(user));
      session = { token, user };
      notify();
    },
    /** Replaces the stored user after a profile edit or a follow. */
    updateUser(user: UserJson) {
      if (!session || session.user._id !== user._id) return;
      localStorage.setItem(USER_KEY, JSON.stringify(user));
      session = { ...session, user };
      notify();
    },
    signOut() {
      if (!session) return;
      localStorage.removeItem(TOKEN_KEY);
      localStorage.removeItem(USER_KEY);
      session = null;
      notify();
    },
  };
}

export const authStore = createAuthStore();

/** The current session, or null when signed out; re-renders on sign-in, sign-out and profile changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(authStore.subscribe, authStore.getSession, () => null);
}
