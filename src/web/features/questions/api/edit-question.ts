import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionPage, QuestionSummaryJson } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import { keepDraft, sessionHadEnded } from '../../../lib/kept-drafts';
import type { QuestionData } from './add-question';
import { questionKeys, storeQuestion } from './query-keys';

/** Where Edit Post's changes are kept when the author's session ends (lib/kept-drafts.ts): one post at a time. */
export const POST_EDIT_DRAFT = 'post-edit';

/** A kept edit: the post as Edit Post opened it, and the title, description and tags typed. */
export interface KeptPostEdit {
  question: QuestionSummaryJson;
  questionData: QuestionData;
}

export interface PostEdit extends KeptPostEdit {
  /** Who edits it: if their session has ended, the changes are kept for their return. */
  author: string;
}

export function editQuestion({ question, questionData, author }: PostEdit): Promise<QuestionPage> {
  return apiRequest<QuestionPage>(`/questions/edit/${encodeURIComponent(question._id)}`, {
    method: 'POST',
    body: { questionData },
    sender: author,
  });
}

/**
 * Edits a post. The answer is the first page of the latest list, where the edited post sits on
 * top: it replaces every cached copy at once, then the lists and the post's page load again.
 */
export function useEditQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editQuestion,
    onSuccess: (page, { question: { _id: questionId } }) => {
      const edited = page.questions.find((question) => question._id === questionId);
      if (edited) storeQuestion(client, edited);
      void client.invalidateQueries({ queryKey: questionKeys.lists });
      void client.invalidateQueries({ queryKey: questionKeys.detail(questionId) });
    },
    // Here rather than in the dialog: when the session ends, the dialog may be gone before the answer.
    onError: (error, { author, question, questionData }) => {
      if (sessionHadEnded(error)) keepDraft(author, POST_EDIT_DRAFT, { question, questionData } satisfies KeptPostEdit);
    },
  });
}
