import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionPage } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import type { QuestionData } from './add-question';
import { questionKeys, storeQuestion } from './query-keys';

export function editQuestion(questionId: string, questionData: QuestionData): Promise<QuestionPage> {
  return apiRequest<QuestionPage>(`/questions/edit/${encodeURIComponent(questionId)}`, {
    method: 'POST',
    body: { questionData },
  });
}

/**
 * Edits a post. The answer is the first page of the latest list, where the edited post sits on
 * top: it replaces every cached copy at once, then the lists and the post's page load again.
 */
export function useEditQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, questionData }: { questionId: string; questionData: QuestionData }) =>
      editQuestion(questionId, questionData),
    onSuccess: (page, { questionId }) => {
      const edited = page.questions.find((question) => question._id === questionId);
      if (edited) storeQuestion(client, edited);
      void client.invalidateQueries({ queryKey: questionKeys.lists });
      void client.invalidateQueries({ queryKey: questionKeys.detail(questionId) });
    },
  });
}
