import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionPage } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import { keepDraft, sessionHadEnded } from '../../../lib/kept-drafts';
import { userKeys } from '../../users/api/user-keys';
import { questionKeys } from './query-keys';

export interface QuestionData {
  questionTitle: string;
  questionText: string;
  tags: string[];
}

export interface NewPost {
  questionData: QuestionData;
  /** Who posts it: if their session has ended, the post is kept for their return. */
  author: string;
}

/** Where New Post's kept title, description and tags belong (lib/kept-drafts.ts). */
export const NEW_POST_DRAFT = 'new-post';

export function addQuestion({ questionData, author }: NewPost): Promise<QuestionPage> {
  return apiRequest<QuestionPage>('/questions/add', { method: 'POST', body: { questionData }, sender: author });
}

/** Posts a question; every list and the author's profile (post count) load again with it on top. */
export function useAddQuestion(author: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addQuestion,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: questionKeys.lists });
      void client.invalidateQueries({ queryKey: userKeys.detail(author) });
    },
    // Here rather than in the dialog: when the session ends, the dialog may be gone before the answer.
    onError: (error, post) => {
      if (sessionHadEnded(error)) keepDraft(post.author, NEW_POST_DRAFT, post.questionData);
    },
  });
}
