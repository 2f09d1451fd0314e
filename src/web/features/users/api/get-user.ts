import { useQuery } from '@tanstack/react-query';
import type { UserJson } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { userKeys } from './user-keys';

/** A user by id or username; when it is the signed-in user, the stored copy is refreshed too. */
export async function getUser(idOrUsername: string, signal?: AbortSignal): Promise<UserJson> {
  const { user } = await apiRequest<{ user: UserJson }>(`/users/${encodeURIComponent(idOrUsername)}`, {
    ...(signal ? { signal } : {}),
  });
  authStore.updateUser(user);
  return user;
}

export function useUser(idOrUsername: string, placeholder?: UserJson) {
  return useQuery({
    queryKey: userKeys.detail(idOrUsername),
    queryFn: ({ signal }) => getUser(idOrUsername, signal),
    ...(placeholder ? { placeholderData: placeholder } : {}),
  });
}
