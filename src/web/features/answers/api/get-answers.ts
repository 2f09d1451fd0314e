import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerPage, QuestionJson } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import { questionKeys } from '../../questions/api/query-keys';
import { answerKeys, type LoadedAnswerPage } from './query-keys';

export function getAnswers(questionId: string, cursor: string | undefined, signal?: AbortSignal): Promise<AnswerPage> {
  return apiRequest<AnswerPage>(`/answers/${encodeURIComponent(questionId)}`, {
    query: { cursor },
    ...(signal ? { signal } : {}),
  });
}

/** A question's answers, oldest first, a page at a time; the first page comes with the question itself. */
export function useAnswers(question: QuestionJson) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: answerKeys.list(question._id),
    queryFn: async ({ pageParam, signal }): Promise<LoadedAnswerPage> => ({
      ...(await getAnswers(question._id, pageParam, signal)),
      loadedAt: Date.now(),
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    initialData: () => {
      const loadedAt = client.getQueryState(questionKeys.detail(question._id))?.dataUpdatedAt ?? Date.now();
      return {
        pages: [{ answers: question.answers, nextCursor: question.answersNextCursor, loadedAt }],
        pageParams: [undefined],
      };
    },
    initialDataUpdatedAt: () => client.getQueryState(questionKeys.detail(question._id))?.dataUpdatedAt,
  });
}
