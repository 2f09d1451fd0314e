import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionJson } from '../../../../shared/api-types';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { isLatestChange, markChange } from '../../../lib/latest-change';
import { useSnackbar } from '../../../lib/snackbar';
import { questionKeys, updateQuestionEverywhere } from './query-keys';

export interface BookmarkChange {
  questionId: string;
  bookmarked: boolean;
  /** Who clicked: the change is sent only as them (api-client.ts, `sender`). */
  sender: string;
}

export function setBookmark({ questionId, bookmarked, sender }: BookmarkChange): Promise<QuestionJson> {
  const action = bookmarked ? 'addBookmark' : 'removeBookmark';
  return apiRequest<{ question: QuestionJson }>(`/question/${action}/${encodeURIComponent(questionId)}`, {
    method: 'POST',
    sender,
  }).then((body) => body.question);
}

/**
 * Where each click is marked (latest-change.ts), so that an earlier click's answer can tell a
 * later click is on its way.
 */
const clicksOn = (questionId: string) => `bookmark clicks on question ${questionId}`;

/**
 * Adds or removes a post's bookmark: shown at once, rolled back with a message on failure. A
 * post's bookmark changes are sent one after another, so a quick second click is never answered
 * before the first ('Question is already not bookmarked', with the bookmark left in place), and
 * while a later click is on its way the screen keeps showing it: the earlier answer does not flip
 * the button back (a third click there would have asked for what the second already had).
 */
export function useToggleBookmark(questionId: string) {
  const client = useQueryClient();
  const showError = useSnackbar();
  return useMutation({
    scope: { id: `bookmark of question ${questionId}` },
    mutationFn: setBookmark,
    onMutate: async ({ questionId, bookmarked }) => {
      // Marked before the write, which waits while a load is stopped: an earlier click answered
      // meanwhile must already see this one coming.
      const click = markChange(client, clicksOn(questionId));
      const rollback = await updateQuestionEverywhere(client, questionId, (q) => ({ ...q, bookmarked }));
      return { rollback, click };
    },
    onError: (error, _variables, context) => {
      context?.rollback();
      showError(errorMessage(error));
    },
    onSuccess: async (question, { questionId }, context) => {
      if (isLatestChange(client, clicksOn(questionId), context.click)) {
        // Only the bookmark: the rest of the server's copy could undo a vote clicked meanwhile.
        await updateQuestionEverywhere(client, question._id, (cached) => ({
          ...cached,
          bookmarked: question.bookmarked,
        }));
      }
      // After the write, which would otherwise stop this load and start it again.
      void client.invalidateQueries({ queryKey: questionKeys.list('bookmarks', {}) });
    },
  });
}
