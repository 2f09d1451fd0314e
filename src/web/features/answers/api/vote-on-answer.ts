import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VotesJson } from '../../../../shared/api-types';
import type { Reaction } from '../../../../shared/constants';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { sameJson } from '../../../lib/same-json';
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
      const after = before && applyReaction(before, reaction, username);
      if (after) updateAnswerEverywhere(client, questionId, answerId, (a) => ({ ...a, votes: after }));
      return { before, after };
    },
    onError: (error, { answerId }, context) => {
      const { before, after } = context ?? {};
      // Only this answer's votes go back, so answers or comments added meanwhile stay, and only
      // if they still are what this vote showed: a later vote's answer from the server stays.
      if (before) {
        updateAnswerEverywhere(client, questionId, answerId, (a) =>
          sameJson(a.votes, after) ? { ...a, votes: before } : a,
        );
      }
      showError(errorMessage(error));
    },
    onSuccess: (votes, { answerId }) => {
      updateAnswerEverywhere(client, questionId, answerId, (a) => ({ ...a, votes }));
    },
  });
}
