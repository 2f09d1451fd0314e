import { useMutation } from '@tanstack/react-query';
import type { UserJson } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

export interface SignUpData {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  bio: string;
}

export interface SignUpResult {
  createdUser: UserJson;
  encodedToken: string;
}

export function signUp(data: SignUpData): Promise<SignUpResult> {
  return apiRequest<SignUpResult>('/auth/signup', { method: 'POST', body: data });
}

/** Creates the account and signs it in. */
export function useSignUp() {
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ encodedToken, createdUser }) => authStore.signIn(encodedToken, createdUser),
  });
}
