import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage, unlessGone } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { userKeys } from '../../users/api/user-keys';
import { questionKeys, removeQuestionEverywhere } from './query-keys';

export interface QuestionDeletion {
  questionId: string;
  /** Who confirmed, the post's author: the delete is sent only as them (api-client.ts, `sender`). */
  sender: string;
}

/** Deletes a post; one already gone counts as deleted. */
export function deleteQuestion({ questionId, sender }: QuestionDeletion): Promise<unknown> {
  return unlessGone(apiRequest(`/questions/delete/${encodeURIComponent(questionId)}`, { method: 'DELETE', sender }));
}

export function useDeleteQuestion() {
  const client = useQueryClient();
  const showError = useSnackbar();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: (_nothing, { questionId, sender }) => {
      // Gone from every list at once; the lists then fetch again to fill the gap and the counts.
      removeQuestionEverywhere(client, questionId);
      void client.invalidateQueries({ queryKey: questionKeys.lists });
      // Of the bakers, only the caller's profile changes (its post count: only authors delete
      // their posts). 'You may also know' loaded again would drop a baker just followed there,
      // who stays with Unfollow until the next visit (decision 17).
      void client.invalidateQueries({ queryKey: userKeys.detail(sender) });
    },
    onError: (error) => showError(errorMessage(error)),
  });
}
