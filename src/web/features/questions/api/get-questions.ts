import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { QuestionPage } from '../../../../shared/api-types';
import { WEB_LIST_PAGE_SIZE } from '../../../../shared/constants';
import { apiRequest } from '../../../lib/api-client';
import { questionKeys, type QuestionListKind, type QuestionListParams } from './query-keys';

const PATHS: Record<Exclude<QuestionListKind, 'author'>, string> = {
  explore: '/questions',
  feed: '/feed',
  bookmarks: '/bookmarks',
};

export function getQuestions(
  kind: QuestionListKind,
  params: QuestionListParams,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<QuestionPage> {
  const path = kind === 'author' ? `/user/questions/${encodeURIComponent(params.author ?? '')}` : PATHS[kind];
  const query =
    kind === 'bookmarks' || kind === 'author'
      ? { cursor, limit: WEB_LIST_PAGE_SIZE }
      : { cursor, limit: WEB_LIST_PAGE_SIZE, sort: params.sort, tag: params.tags ?? [], q: params.q?.trim() };
  return apiRequest<QuestionPage>(path, { query, ...(signal ? { signal } : {}) });
}

/** The query for one of the post lists; route loaders use it to start loading before the page's code arrives. */
export function questionListOptions(kind: QuestionListKind, params: QuestionListParams) {
  return infiniteQueryOptions({
    queryKey: questionKeys.list(kind, params),
    queryFn: ({ pageParam, signal }) => getQuestions(kind, params, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/** One of the post lists, a page at a time by cursor. */
export function useQuestions(kind: QuestionListKind, params: QuestionListParams, enabled = true) {
  return useInfiniteQuery({ ...questionListOptions(kind, params), enabled });
}
