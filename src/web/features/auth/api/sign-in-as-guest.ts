import { apiRequest } from '../../../lib/api-client';
import type { SignInResult } from './sign-in';

/** The shared guest account: the server holds its credentials, the browser never sees a password. */
export function signInAsGuest(): Promise<SignInResult> {
  return apiRequest<SignInResult>('/auth/guest', { method: 'POST' });
}
