import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPage } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export const SUGGESTION_COUNT = 5;

/** 'You may also know': bakers the caller does not follow; for visitors, the first bakers. */
export function getSuggestions(signedIn: boolean, signal?: AbortSignal): Promise<UserPage> {
  return apiRequest<UserPage>(signedIn ? '/users/suggestions' : '/users', {
    query: { limit: SUGGESTION_COUNT },
    ...(signal ? { signal } : {}),
  });
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
