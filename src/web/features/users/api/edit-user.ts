import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserJson } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { userKeys } from './user-keys';

export interface UserData {
  firstName: string;
  lastName: string;
  bio: string;
  /** A new password; omitted to keep the current one. */
  password?: string;
  /** Needed with a new password. */
  currentPassword?: string;
}

export interface EditUserResult {
  user: UserJson;
  encodedToken: string;
}

export interface ProfileEdit {
  userData: UserData;
  /** Whose profile: sent only as them (api-client.ts, `sender`), never as a baker signed in since. */
  sender: string;
}

export function editUser({ userData, sender }: ProfileEdit): Promise<EditUserResult> {
  return apiRequest<EditUserResult>('/users/edit', { method: 'POST', body: { userData }, sender });
}

/**
 * Edit Profile. A password change ends every earlier token, so the fresh token in the answer
 * replaces the stored one together with the user; the profile cache gets the new user.
 */
export function useEditUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editUser,
    onSuccess: ({ user, encodedToken }) => {
      authStore.signIn(encodedToken, user);
      client.setQueryData(userKeys.detail(user.username), user);
    },
  });
}
