import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VotesJson } from '../../../../shared/api-types';
import type { Reaction } from '../../../../shared/constants';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { isLatestChange, markChange } from '../../../lib/latest-change';
import { applyReaction } from '../../../lib/votes';
import { writeDespiteLoads } from '../../../lib/write-despite-loads';
import { answerKeys, findAnswer, updateAnswerEverywhere } from './query-keys';

export interface AnswerVote {
  answerId: string;
  reaction: Reaction;
  /** Who clicked: the vote is sent only as them (api-client.ts, `sender`). */
  voter: string;
}

export function voteOnAnswer(questionId: string, { answerId, reaction, voter }: AnswerVote): Promise<VotesJson> {
  return apiRequest<{ votes: VotesJson }>(
    `/votes/vote/${encodeURIComponent(questionId)}/${encodeURIComponent(answerId)}`,
    { method: 'POST', body: { reaction }, sender: voter },
  ).then((body) => body.votes);
}

/**
 * Votes on an answer: shown at once, replaced by the server's count, rolled back with a message
 * on failure. Votes on one answer are sent one after another, so the last click's answer from
 * the server is the one left on screen; an earlier click's answer, arriving while a later one is
 * on its way, leaves the later click shown. Each is written despite loads (write-despite-loads.ts):
 * a page of answers on its way (Load more answers) would otherwise bring back the votes as they
 * were when it began.
 */
export function useVoteOnAnswer(questionId: string, answerId: string) {
  const client = useQueryClient();
  const showError = useSnackbar();
  const write = <T>(change: () => T) => writeDespiteLoads(client, [answerKeys.list(questionId)], change);
  return useMutation({
    scope: { id: `votes on answer ${answerId}` },
    mutationFn: (vote: AnswerVote) => voteOnAnswer(questionId, vote),
    onMutate: ({ answerId, reaction, voter }) =>
      write(() => {
        const before = findAnswer(client, questionId, answerId)?.votes;
        if (!before) return { before };
        updateAnswerEverywhere(client, questionId, answerId, (a) => ({
          ...a,
          votes: applyReaction(before, reaction, voter),
        }));
        return { before, token: markChange(client, `answer ${answerId} votes`) };
      }),
    onError: (error, { answerId }, context) => {
      // Only this answer's votes go back, so answers or comments added meanwhile stay, and only if
      // nothing changed them since: the server's answer to a later click stays.
      const { before, token } = context ?? {};
      if (before && token && isLatestChange(client, `answer ${answerId} votes`, token)) {
        void write(() => updateAnswerEverywhere(client, questionId, answerId, (a) => ({ ...a, votes: before })));
      }
      showError(errorMessage(error));
    },
    onSuccess: (votes, { answerId }, context) => {
      const { token } = context;
      if (token && !isLatestChange(client, `answer ${answerId} votes`, token)) return;
      markChange(client, `answer ${answerId} votes`);
      return write(() => updateAnswerEverywhere(client, questionId, answerId, (a) => ({ ...a, votes })));
    },
  });
}
