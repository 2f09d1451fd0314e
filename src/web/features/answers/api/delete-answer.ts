import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerPage } from '../../../../shared/api-types';
import { apiRequest, errorMessage, unlessGone } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { writeDespiteLoads } from '../../../lib/write-despite-loads';
import { commentKeys } from '../../comments/api/query-keys';
import { updateQuestionEverywhere } from '../../questions/api/query-keys';
import { answerKeys, findAnswer, mapAnswers } from './query-keys';

export interface AnswerDeletion {
  answerId: string;
  /** Who confirmed: the delete is sent only as them (api-client.ts, `sender`). */
  sender: string;
}

/** Deletes an answer; one already gone counts as deleted. */
export function deleteAnswer(
  questionId: string,
  { answerId, sender }: AnswerDeletion,
): Promise<AnswerPage | undefined> {
  return unlessGone(
    apiRequest<AnswerPage>(`/answers/delete/${encodeURIComponent(questionId)}/${encodeURIComponent(answerId)}`, {
      method: 'DELETE',
      sender,
    }),
  );
}

/** Deletes an answer (its author or the question's author) with its comments. */
export function useDeleteAnswer(questionId: string) {
  const client = useQueryClient();
  const showError = useSnackbar();
  return useMutation({
    mutationFn: (deletion: AnswerDeletion) => deleteAnswer(questionId, deletion),
    onSuccess: (_page, { answerId }) => {
      client.removeQueries({ queryKey: commentKeys.thread(questionId, answerId) });
      return writeDespiteLoads(client, [answerKeys.list(questionId)], () => {
        if (!findAnswer(client, questionId, answerId)) return;
        mapAnswers(client, questionId, (a) => (a._id === answerId ? null : a));
        updateQuestionEverywhere(client, questionId, (q) => ({ ...q, answerCount: Math.max(0, q.answerCount - 1) }));
      });
    },
    onError: (error) => showError(errorMessage(error)),
  });
}
