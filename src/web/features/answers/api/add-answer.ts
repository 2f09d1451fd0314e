import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerJson, AnswerPage } from '../../../../shared/api-types';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { keepDraft, sessionHadEnded } from '../../../lib/kept-drafts';
import { useSnackbar } from '../../../lib/snackbar';
import { keepPosted } from '../../../lib/posted-here';
import { writeDespiteLoads } from '../../../lib/write-despite-loads';
import { updateQuestionEverywhere } from '../../questions/api/query-keys';
import { answerKeys, findAnswer, updateAnswerPages, type AnswerPages } from './query-keys';

export interface NewAnswer {
  answerText: string;
  /** The client's key for this answer: a retried send with the same key is stored once. */
  key: string;
  /** Who sends it: if their session has ended, the text is kept for their return. */
  author: string;
}

/** Where the answer box's kept text belongs (lib/kept-drafts.ts). */
export const answerDraftPlace = (questionId: string) => `answer:${questionId}`;

export function addAnswer(
  questionId: string,
  { answerText, key, author }: NewAnswer,
): Promise<AnswerPage & { answer: AnswerJson }> {
  return apiRequest(`/answers/add/${encodeURIComponent(questionId)}`, {
    method: 'POST',
    body: { answerData: { answerText, _id: key } },
    sender: author,
  });
}

/**
 * Posts an answer; new answers go to the end of the list (spec section 4): after the loaded ones,
 * or after Load more answers while older ones are still to load.
 */
export function useAddAnswer(questionId: string) {
  const client = useQueryClient();
  const showError = useSnackbar();
  return useMutation({
    mutationFn: (answer: NewAnswer) => addAnswer(questionId, answer),
    onSuccess: ({ answer }) =>
      writeDespiteLoads(client, [answerKeys.list(questionId)], () => {
        if (findAnswer(client, questionId, answer._id)) return;
        const loaded = client.getQueryData<AnswerPages>(answerKeys.list(questionId))?.pages;
        if (loaded?.at(-1)?.nextCursor) keepPosted(client, answerKeys.list(questionId), answer);
        else {
          updateAnswerPages(client, questionId, (pages) =>
            pages.map((page, i) => (i === pages.length - 1 ? { ...page, answers: [...page.answers, answer] } : page)),
          );
        }
        updateQuestionEverywhere(client, questionId, (q) => ({ ...q, answerCount: q.answerCount + 1 }));
      }),
    // Here rather than in the form: when the session ends, the form may be gone before the answer.
    onError: (error, answer) => {
      if (sessionHadEnded(error)) keepDraft(answer.author, answerDraftPlace(questionId), answer.answerText);
      showError(errorMessage(error));
    },
  });
}
