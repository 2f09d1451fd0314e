import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionPage } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from '../../users/api/user-keys';
import { questionKeys } from './query-keys';

export interface QuestionData {
  questionTitle: string;
  questionText: string;
  tags: string[];
}

export function addQuestion(questionData: QuestionData): Promise<QuestionPage> {
  return apiRequest<QuestionPage>('/questions/add', { method: 'POST', body: { questionData } });
}

/** Posts a question; every list and the author's profile (post count) load again with it on top. */
export function useAddQuestion(author: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addQuestion,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: questionKeys.lists });
      void client.invalidateQueries({ queryKey: userKeys.detail(author) });
    },
  });
}
