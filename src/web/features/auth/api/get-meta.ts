import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface Meta {
  /** True while the server runs with demo data; sign-up then offers 'FILL UP TEST DATA'. */
  demoData: boolean;
}

export function getMeta(signal?: AbortSignal): Promise<Meta> {
  return apiRequest<Meta>('/meta', { ...(signal ? { signal } : {}) });
}

/** The server's settings the UI depends on; they do not change while the server runs. */
export function useMeta() {
  return useQuery({
    queryKey: ['meta'],
    queryFn: ({ signal }) => getMeta(signal),
    staleTime: Infinity,
  });
}
