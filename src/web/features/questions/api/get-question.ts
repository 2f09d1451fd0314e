import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionJson } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import { questionKeys } from './query-keys';

export function getQuestion(id: string, signal?: AbortSignal): Promise<QuestionJson> {
  return apiRequest<{ question: QuestionJson }>(`/questions/${encodeURIComponent(id)}`, {
    ...(signal ? { signal } : {}),
  }).then((body) => body.question);
}

export function questionOptions(id: string) {
  return queryOptions({
    queryKey: questionKeys.detail(id),
    queryFn: ({ signal }) => getQuestion(id, signal),
  });
}

export function useQuestion(id: string) {
  return useQuery(questionOptions(id));
}
