import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, errorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { questionKeys, removeQuestionEverywhere } from './query-keys';

/** Deletes a post. One already gone (deleted in another tab, say) counts as deleted. */
export async function deleteQuestion(questionId: string): Promise<void> {
  try {
    await apiRequest(`/questions/delete/${encodeURIComponent(questionId)}`, { method: 'DELETE' });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function useDeleteQuestion() {
  const client = useQueryClient();
  const showError = useSnackbar();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: (_nothing, questionId) => {
      // Gone from every list at once; the lists then fetch again to fill the gap and the counts.
      removeQuestionEverywhere(client, questionId);
      void client.invalidateQueries({ queryKey: questionKeys.lists });
      void client.invalidateQueries({ queryKey: ['users'] });
    },
    onError: (error) => showError(errorMessage(error)),
  });
}
