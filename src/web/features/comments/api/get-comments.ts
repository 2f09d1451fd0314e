import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentJson, CommentPage, QuestionJson } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import { questionKeys } from '../../questions/api/query-keys';
import { commentKeys, threadPath } from './query-keys';

export function getComments(
  questionId: string,
  answerId: string | undefined,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CommentPage> {
  return apiRequest<CommentPage>(`/comments/${threadPath(questionId, answerId)}`, {
    query: { cursor },
    ...(signal ? { signal } : {}),
  });
}

/** An answer's comments as they came with its page of answers, and when that page was read. */
export interface EmbeddedComments {
  comments: CommentJson[];
  loadedAt: number;
}

/**
 * One thread's comments, a page at a time. The question page already holds the first comments
 * (the question's, or an answer's when `embedded` has them all), so they show without a request.
 */
export function useComments(questionId: string, answerId: string | undefined, embedded?: EmbeddedComments) {
  const client = useQueryClient();
  const detailKey = questionKeys.detail(questionId);
  const initialPage = (): CommentPage | undefined => {
    if (answerId) return embedded ? { comments: embedded.comments, nextCursor: null } : undefined;
    const question = client.getQueryData<QuestionJson>(detailKey);
    return question?.comments ? { comments: question.comments, nextCursor: question.commentsNextCursor } : undefined;
  };
  return useInfiniteQuery({
    queryKey: commentKeys.thread(questionId, answerId),
    queryFn: ({ pageParam, signal }) => getComments(questionId, answerId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    initialData: () => {
      const page = initialPage();
      return page ? { pages: [page], pageParams: [undefined] } : undefined;
    },
    // As fresh as what brought them: the question, or for an answer's comments its page of answers.
    initialDataUpdatedAt: () => (answerId ? embedded?.loadedAt : client.getQueryState(detailKey)?.dataUpdatedAt),
  });
}
