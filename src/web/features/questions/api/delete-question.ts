import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage, unlessGone } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { questionKeys, removeQuestionEverywhere } from './query-keys';

/** Deletes a post; one already gone counts as deleted. */
export function deleteQuestion(questionId: string): Promise<unknown> {
  return unlessGone(apiRequest(`/questions/delete/${encodeURIComponent(questionId)}`, { method: 'DELETE' }));
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
