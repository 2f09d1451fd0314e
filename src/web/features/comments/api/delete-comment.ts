import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentPage } from '../../../../shared/api-types';
import { apiRequest, errorMessage, unlessGone } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { writeDespiteLoads } from '../../../lib/write-despite-loads';
import { commentWrites, countComment } from './add-comment';
import { mapThread, threadHas, threadPath } from './query-keys';

export interface CommentDeletion {
  commentId: string;
  /** Who confirmed: the delete is sent only as them (api-client.ts, `sender`). */
  sender: string;
}

export function deleteComment(
  questionId: string,
  answerId: string | undefined,
  { commentId, sender }: CommentDeletion,
): Promise<CommentPage | undefined> {
  // One already gone counts as deleted.
  return unlessGone(
    apiRequest<CommentPage>(`/comments/delete/${threadPath(questionId, answerId)}/${encodeURIComponent(commentId)}`, {
      method: 'DELETE',
      sender,
    }),
  );
}

/** Deletes a comment (its author, the question's author, or the answer's author for an answer's comment). */
export function useDeleteComment(questionId: string, answerId?: string) {
  const client = useQueryClient();
  const showError = useSnackbar();
  return useMutation({
    mutationFn: (deletion: CommentDeletion) => deleteComment(questionId, answerId, deletion),
    onSuccess: (_page, { commentId }) =>
      writeDespiteLoads(client, commentWrites(questionId, answerId), () => {
        if (!threadHas(client, questionId, answerId, commentId)) return;
        mapThread(client, questionId, answerId, (c) => (c._id === commentId ? null : c));
        countComment(client, questionId, answerId, -1);
      }),
    onError: (error) => showError(errorMessage(error)),
  });
}
