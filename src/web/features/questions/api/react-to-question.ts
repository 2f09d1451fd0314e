import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VotesJson } from '../../../../shared/api-types';
import type { Reaction } from '../../../../shared/constants';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { isLatestChange, markChange } from '../../../lib/latest-change';
import { useSnackbar } from '../../../lib/snackbar';
import { applyReaction } from '../../../lib/votes';
import { updateQuestionEverywhere } from './query-keys';

export interface QuestionVote {
  questionId: string;
  reaction: Reaction;
  /** Who clicked: the vote is sent only as them (api-client.ts, `sender`). */
  voter: string;
}

export function reactToQuestion({ questionId, reaction, voter }: QuestionVote): Promise<VotesJson> {
  return apiRequest<{ votes: VotesJson }>(`/votes/react/${encodeURIComponent(questionId)}`, {
    method: 'POST',
    body: { reaction },
    sender: voter,
  }).then((body) => body.votes);
}

/**
 * Where each click is marked (latest-change.ts), so that an earlier click's answer can tell a
 * later click is on its way.
 */
const clicksOn = (questionId: string) => `vote clicks on question ${questionId}`;

/**
 * Votes on a post: shown at once, replaced by the server's count, rolled back with a message on
 * failure. Votes on one post are sent one after another, so the server's answers come back in
 * the order of the clicks and the last click's answer is the one left on screen; an earlier
 * click's answer, arriving while a later one is on its way, leaves the later click shown.
 */
export function useReactToQuestion(questionId: string) {
  const client = useQueryClient();
  const showError = useSnackbar();
  return useMutation({
    scope: { id: `votes on question ${questionId}` },
    mutationFn: reactToQuestion,
    onMutate: async ({ questionId, reaction, voter }) => {
      // Marked before the write, which waits while a load is stopped: an earlier click answered
      // meanwhile must already see this one coming.
      const click = markChange(client, clicksOn(questionId));
      const rollback = await updateQuestionEverywhere(client, questionId, (q) => ({
        ...q,
        votes: applyReaction(q.votes, reaction, voter),
      }));
      return { rollback, click };
    },
    onError: (error, _variables, context) => {
      context?.rollback();
      showError(errorMessage(error));
    },
    onSuccess: async (votes, { questionId }, context) => {
      if (!isLatestChange(client, clicksOn(questionId), context.click)) return;
      await updateQuestionEverywhere(client, questionId, (q) => ({ ...q, votes }));
    },
  });
}
