import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionPage } from '../../../../shared/api-types';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { questionKeys } from './query-keys';

export function deleteQuestion(questionId: string): Promise<QuestionPage> {
  return apiRequest<QuestionPage>(`/questions/delete/${encodeURIComponent(questionId)}`, { method: 'DELETE' });
}

export function useDeleteQuestion() {
  const client = useQueryClient();
  const showError = useSnackbar();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: (_page, questionId) => {
      client.removeQueries({ queryKey: questionKeys.detail(questionId) });
      void client.invalidateQueries({ queryKey: questionKeys.lists });
      void client.invalidateQueries({ queryKey: ['users'] });
    },
    onError: (error) => showError(errorMessage(error)),
  });
}
