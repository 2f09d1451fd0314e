import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { QuestionJson, QuestionPage, QuestionSummaryJson } from '../../../../shared/api-types';
import type { Sort } from '../../../../shared/constants';

export type QuestionListKind = 'explore' | 'feed' | 'bookmarks' | 'author';

export interface QuestionListParams {
  sort?: Sort;
  tags?: readonly string[];
  q?: string;
  author?: string;
}

/** Every question query sits under ['questions'], so one call can find a post in all of them. */
export const questionKeys = {
  all: ['questions'] as const,
  lists: ['questions', 'list'] as const,
  /** Every cached list of one kind, whatever its filters. */
  listsOf: (kind: QuestionListKind) => ['questions', 'list', kind] as const,
  list: (kind: QuestionListKind, params: QuestionListParams) => ['questions', 'list', kind, params] as const,
  detail: (id: string) => ['questions', 'detail', id] as const,
};

type Update = (question: QuestionSummaryJson) => QuestionSummaryJson;

/**
 * Applies a change to one post wherever it is cached (every list page and its own page), so
 * a vote or bookmark shows at once everywhere. Returns what to restore if the call fails.
 */
export function updateQuestionEverywhere(client: QueryClient, id: string, update: Update): () => void {
  const snapshots = client.getQueriesData({ queryKey: questionKeys.all });
  client.setQueriesData<InfiniteData<QuestionPage>>({ queryKey: questionKeys.lists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            questions: page.questions.map((q) => (q._id === id ? update(q) : q)),
          })),
        }
      : data,
  );
  client.setQueryData<QuestionJson>(questionKeys.detail(id), (question) =>
    question ? { ...question, ...update(question) } : question,
  );
  return () => snapshots.forEach(([key, data]) => client.setQueryData(key, data));
}

/** Puts a post the server returned into every cached copy, keeping each copy's own shape. */
export function storeQuestion(client: QueryClient, question: QuestionSummaryJson) {
  updateQuestionEverywhere(client, question._id, (cached) => ({ ...cached, ...pickSummary(question) }));
}

function pickSummary(question: QuestionSummaryJson): QuestionSummaryJson {
  const { _id, id, username, questionTitle, questionText, tags, bookmarked, votes, answerCount, commentCount } =
    question;
  return {
    _id,
    id,
    username,
    questionTitle,
    questionText,
    tags,
    bookmarked,
    votes,
    answerCount,
    commentCount,
    createdAt: question.createdAt,
    updatedAt: question.updatedAt,
  };
}
