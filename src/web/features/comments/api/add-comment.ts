import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CommentJson, CommentPage } from '../../../../shared/api-types';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { keepDraft, sessionHadEnded } from '../../../lib/kept-drafts';
import { useSnackbar } from '../../../lib/snackbar';
import { keepPosted } from '../../../lib/posted-here';
import { writeDespiteLoads } from '../../../lib/write-despite-loads';
import { answerKeys, updateAnswerEverywhere } from '../../answers/api/query-keys';
import { updateQuestionEverywhere } from '../../questions/api/query-keys';
import { commentKeys, threadHas, threadPath, updateThread, type CommentPages } from './query-keys';
import { commentDraftPlace } from './comment-draft-place';

export interface NewComment {
  commentText: string;
  /** Made by the client once per comment, so a retried send never stores it twice. */
  key: string;
  /** Who sends it: if their session has ended, the text is kept for their return. */
  author: string;
}

export function addComment(
  questionId: string,
  answerId: string | undefined,
  { commentText, key, author }: NewComment,
): Promise<CommentPage & { comment: CommentJson }> {
  return apiRequest(`/comments/add/${threadPath(questionId, answerId)}`, {
    method: 'POST',
    body: { commentData: { commentText, _id: key } },
    sender: author,
  });
}

/**
 * What a comment written into a thread changes, to be written despite their loads: the thread
 * and, for an answer's thread, the answers (its comment count). A post's count is written by
 * updateQuestionEverywhere, which holds the lists it changes itself.
 */
export function commentWrites(questionId: string, answerId: string | undefined) {
  const thread = commentKeys.thread(questionId, answerId);
  return answerId ? [thread, answerKeys.list(questionId)] : [thread];
}

/** Keeps the comment count shown on the post or the answer in step with its thread. */
export function countComment(client: QueryClient, questionId: string, answerId: string | undefined, delta: number) {
  if (answerId) {
    updateAnswerEverywhere(client, questionId, answerId, (a) => ({
      ...a,
      commentCount: Math.max(0, a.commentCount + delta),
    }));
  } else {
    updateQuestionEverywhere(client, questionId, (q) => ({ ...q, commentCount: Math.max(0, q.commentCount + delta) }));
  }
}

/**
 * Adds a comment: a question's newest comment goes to the front of its thread, an answer's to
 * the end (spec section 4): after the loaded ones, or after Load more comments while older ones
 * are still to load.
 */
export function useAddComment(questionId: string, answerId?: string) {
  const client = useQueryClient();
  const showError = useSnackbar();
  return useMutation({
    mutationFn: (comment: NewComment) => addComment(questionId, answerId, comment),
    onSuccess: ({ comment }) =>
      writeDespiteLoads(client, commentWrites(questionId, answerId), () => {
        if (threadHas(client, questionId, answerId, comment._id)) return;
        const thread = commentKeys.thread(questionId, answerId);
        if (answerId && client.getQueryData<CommentPages>(thread)?.pages.at(-1)?.nextCursor) {
          keepPosted(client, thread, comment);
        } else {
          updateThread(client, questionId, answerId, (pages) =>
            answerId
              ? pages.map((page, i) =>
                  i === pages.length - 1 ? { ...page, comments: [...page.comments, comment] } : page,
                )
              : pages.map((page, i) => (i === 0 ? { ...page, comments: [comment, ...page.comments] } : page)),
          );
        }
        countComment(client, questionId, answerId, 1);
      }),
    // Here rather than in the form: when the session ends, the form may be gone before the answer.
    onError: (error, comment) => {
      if (sessionHadEnded(error))
        keepDraft(comment.author, commentDraftPlace(questionId, answerId), comment.commentText);
      showError(errorMessage(error));
    },
  });
}
