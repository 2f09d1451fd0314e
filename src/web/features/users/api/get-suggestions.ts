import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPage } from '../../../../shared/api-types';
import { GUEST_USERNAME } from '../../../../shared/constants';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './user-keys';

const SUGGESTION_COUNT = 5;

/**
 * 'You may also know': bakers the caller does not follow; for visitors, the first bakers but the
 * shared guest account, which is no one to follow (decision 7).
 */
export async function getSuggestions(signedIn: boolean, signal?: AbortSignal): Promise<UserPage> {
  const options = signal ? { signal } : {};
  if (signedIn) return apiRequest<UserPage>('/users/suggestions', { query: { limit: SUGGESTION_COUNT }, ...options });
  const page = await apiRequest<UserPage>('/users', { query: { limit: SUGGESTION_COUNT + 1 }, ...options });
  const bakers = page.users.filter((user) => user.username !== GUEST_USERNAME).slice(0, SUGGESTION_COUNT);
  return { ...page, users: bakers };
}

export function suggestionsOptions(username: string | null) {
  return queryOptions({
    queryKey: userKeys.suggestions(username),
    queryFn: ({ signal }) => getSuggestions(username !== null, signal),
    staleTime: 5 * 60_000,
  });
}

export function useSuggestions(username: string | null) {
  return useQuery(suggestionsOptions(username));
}
