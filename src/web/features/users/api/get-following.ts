import { useInfiniteQuery } from '@tanstack/react-query';
import type { UserPage } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export function getFollowing(username: string, cursor: string | undefined, signal?: AbortSignal): Promise<UserPage> {
  return apiRequest<UserPage>(`/users/${encodeURIComponent(username)}/following`, {
    query: { cursor },
    ...(signal ? { signal } : {}),
  });
}

/**
 * Everyone a baker follows, newest follow first, a page at a time: the stored user names only the
 * first 100 follows. Fetched only while `enabled` (the list is open).
 */
export function useFollowing(username: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: userKeys.following(username),
    queryFn: ({ pageParam, signal }) => getFollowing(username, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled,
  });
}
