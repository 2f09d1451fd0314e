import { useMutation } from '@tanstack/react-query';
import type { UserJson } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { signInAsGuest } from './sign-in-as-guest';

export interface SignInResult {
  foundUser: UserJson;
  encodedToken: string;
}

export interface Credentials {
  username: string;
  password: string;
}

export function signIn(credentials: Credentials): Promise<SignInResult> {
  return apiRequest<SignInResult>('/auth/login', { method: 'POST', body: credentials });
}

/** Signs in with credentials, or as the guest when called with null; the session is stored on success. */
export function useSignIn() {
  return useMutation({
    mutationFn: (credentials: Credentials | null) => (credentials ? signIn(credentials) : signInAsGuest()),
    onSuccess: ({ encodedToken, foundUser }) => authStore.signIn(encodedToken, foundUser),
  });
}
