import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentPage } from '../../../../shared/api-types';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { writeDespiteLoads } from '../../../lib/write-despite-loads';
import { commentKeys, mapThread, threadPath } from './query-keys';

/** Where an edit of a comment is kept when its author's session ends (lib/kept-drafts.ts). */
export const commentEditDraftPlace = (commentId: string) => `comment-edit:${commentId}`;

export function editComment(
  questionId: string,
  answerId: string | undefined,
  commentId: string,
  commentText: string,
): Promise<CommentPage> {
  return apiRequest<CommentPage>(
    `/comments/edit/${threadPath(questionId, answerId)}/${encodeURIComponent(commentId)}`,
    {
      method: 'POST',
      body: { commentData: { commentText } },
    },
  );
}

/** Changes one's own comment in place; the server's copy wins when it came back on the first page. */
export function useEditComment(questionId: string, answerId?: string) {
  const client = useQueryClient();
  const showError = useSnackbar();
  return useMutation({
    mutationFn: ({ commentId, commentText }: { commentId: string; commentText: string }) =>
      editComment(questionId, answerId, commentId, commentText),
    onSuccess: (page, { commentId, commentText }) => {
      const stored = page.comments.find((c) => c._id === commentId);
      return writeDespiteLoads(client, [commentKeys.thread(questionId, answerId)], () =>
        mapThread(client, questionId, answerId, (c) =>
          c._id !== commentId
            ? c
            : (stored ?? { ...c, commentText: commentText.trim(), updatedAt: new Date().toISOString() }),
        ),
      );
    },
    onError: (error) => showError(errorMessage(error)),
  });
}
