import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentPage } from '../../../../shared/api-types';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { writeDespiteLoads } from '../../../lib/write-despite-loads';
import { commentKeys, mapThread, threadPath } from './query-keys';

/** Where an edit of a comment is kept when its author's session ends (lib/kept-drafts.ts). */
export const commentEditDraftPlace = (commentId: string) => `comment-edit:${commentId}`;

export interface CommentEditSent {
  commentId: string;
  commentText: string;
  /** Who edits it: the comment's author, signed in when the edit was saved. */
  editor: string;
}

export function editComment(
  questionId: string,
  answerId: string | undefined,
  { commentId, commentText, editor }: CommentEditSent,
): Promise<CommentPage> {
  return apiRequest<CommentPage>(
    `/comments/edit/${threadPath(questionId, answerId)}/${encodeURIComponent(commentId)}`,
    {
      method: 'POST',
      body: { commentData: { commentText } },
      sender: editor,
    },
  );
}

/** Changes one's own comment in place; the server's copy wins when it came back on the first page. */
export function useEditComment(questionId: string, answerId?: string) {
  const client = useQueryClient();
  const showError = useSnackbar();
  return useMutation({
    mutationFn: (sent: CommentEditSent) => editComment(questionId, answerId, sent),
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
