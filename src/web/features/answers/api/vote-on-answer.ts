import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VotesJson } from '../../../../shared/api-types';
import type { Reaction } from '../../../../shared/constants';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { applyReaction } from '../../../lib/votes';
import { findAnswer, updateAnswerEverywhere } from './query-keys';

export function voteOnAnswer(questionId: string, answerId: string, reaction: Reaction): Promise<VotesJson> {
  return apiRequest<{ votes: VotesJson }>(
    `/votes/vote/${encodeURIComponent(questionId)}/${encodeURIComponent(answerId)}`,
    { method: 'POST', body: { reaction } },
  ).then((body) => body.votes);
}

/** Votes on an answer: shown at once, replaced by the server's count, rolled back with a message on failure. */
export function useVoteOnAnswer(questionId: string, username: string) {
  const client = useQueryClient();
  const showError = useSnackbar();
  return useMutation({
    mutationFn: ({ answerId, reaction }: { answerId: string; reaction: Reaction }) =>
      voteOnAnswer(questionId, answerId, reaction),
    onMutate: ({ answerId, reaction }) => {
      const before = findAnswer(client, questionId, answerId)?.votes;
      updateAnswerEverywhere(client, questionId, answerId, (a) => ({
        ...a,
        votes: applyReaction(a.votes, reaction, username),
      }));
      return { before };
    },
    onError: (error, { answerId }, context) => {
      const before = context?.before;
      // Only this answer's votes go back, so answers or comments added meanwhile stay.
      if (before) updateAnswerEverywhere(client, questionId, answerId, (a) => ({ ...a, votes: before }));
      showError(errorMessage(error));
    },
    onSuccess: (votes, { answerId }) => {
      updateAnswerEverywhere(client, questionId, answerId, (a) => ({ ...a, votes }));
    },
  });
}
