import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerPage } from '../../../../shared/api-types';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { writeDespiteLoads } from '../../../lib/write-despite-loads';
import { answerKeys, updateAnswerEverywhere } from './query-keys';

/** Where an edit of an answer is kept when its author's session ends (lib/kept-drafts.ts). */
export const answerEditDraftPlace = (answerId: string) => `answer-edit:${answerId}`;

export interface AnswerEditSent {
  answerId: string;
  answerText: string;
  /** Who edits it: the answer's author, signed in when the edit was saved. */
  editor: string;
}

export function editAnswer(questionId: string, { answerId, answerText, editor }: AnswerEditSent): Promise<AnswerPage> {
  return apiRequest<AnswerPage>(`/answers/edit/${encodeURIComponent(questionId)}/${encodeURIComponent(answerId)}`, {
    method: 'POST',
    body: { answerData: { answerText } },
    sender: editor,
  });
}

/** Changes one's own answer in place, keeping its votes and comments as loaded. */
export function useEditAnswer(questionId: string) {
  const client = useQueryClient();
  const showError = useSnackbar();
  return useMutation({
    mutationFn: (sent: AnswerEditSent) => editAnswer(questionId, sent),
    onSuccess: (page, { answerId, answerText }) => {
      const stored = page.answers.find((a) => a._id === answerId);
      return writeDespiteLoads(client, [answerKeys.list(questionId)], () =>
        updateAnswerEverywhere(client, questionId, answerId, (a) => ({
          ...a,
          answerText: stored?.answerText ?? answerText.trim(),
          updatedAt: stored?.updatedAt ?? new Date().toISOString(),
        })),
      );
    },
    onError: (error) => showError(errorMessage(error)),
  });
}
