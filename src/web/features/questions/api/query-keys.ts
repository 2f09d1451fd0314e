import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { QuestionJson, QuestionPage, QuestionSummaryJson } from '../../../../shared/api-types';
import type { Sort } from '../../../../shared/constants';
import { sameJson } from '../../../lib/same-json';

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
type Field = keyof QuestionSummaryJson;

/** Applies `change` to the post `id` in one cached list (pages of posts) or post page; the same data when it is not there. */
function changePost(data: unknown, id: string, change: Update): unknown {
  if (!data || typeof data !== 'object') return data;
  if ('pages' in data) {
    const list = data as InfiniteData<QuestionPage>;
    if (!list.pages.some((page) => page.questions.some((q) => q._id === id))) return data;
    return {
      ...list,
      pages: list.pages.map((page) => ({
        ...page,
        questions: page.questions.map((q) => (q._id === id ? change(q) : q)),
      })),
    };
  }
  const question = data as QuestionJson;
  return question._id === id ? { ...question, ...change(question) } : data;
}

/**
 * Applies a change to one post wherever it is cached (every list page and its own page), so
 * a vote or bookmark shows at once everywhere. Returns the undo if the call fails: on this post,
 * it puts back each field this change set, and only where the field still holds what this change
 * put there, so whatever changed meanwhile (another post's bookmark, a new comment on this one,
 * the server's count from a later vote) stays.
 */
export function updateQuestionEverywhere(client: QueryClient, id: string, update: Update): () => void {
  const undos: Array<{ key: QueryKey; before: Partial<QuestionSummaryJson>; after: Partial<QuestionSummaryJson> }> = [];
  for (const [key, data] of client.getQueriesData({ queryKey: questionKeys.all })) {
    let change: { before: Partial<QuestionSummaryJson>; after: Partial<QuestionSummaryJson> } | undefined;
    const next = changePost(data, id, (question) => {
      const changed = update(question);
      const fields = (Object.keys(changed) as Field[]).filter((field) => changed[field] !== question[field]);
      change = {
        before: Object.fromEntries(fields.map((field) => [field, question[field]])),
        after: Object.fromEntries(fields.map((field) => [field, changed[field]])),
      };
      return changed;
    });
    if (next === data) continue;
    client.setQueryData(key, next);
    if (change) undos.push({ key, ...change });
  }
  return () => {
    for (const { key, before, after } of undos) {
      client.setQueryData(key, (data: unknown) =>
        changePost(data, id, (question) => {
          const untouched = (Object.keys(before) as Field[]).filter((field) => sameJson(question[field], after[field]));
          return { ...question, ...Object.fromEntries(untouched.map((field) => [field, before[field]])) };
        }),
      );
    }
  };
}

/** Takes a deleted post out of every cached list at once and forgets its own page. */
export function removeQuestionEverywhere(client: QueryClient, id: string) {
  client.setQueriesData<InfiniteData<QuestionPage>>({ queryKey: questionKeys.lists }, (data) =>
    data?.pages.some((page) => page.questions.some((q) => q._id === id))
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, questions: page.questions.filter((q) => q._id !== id) })),
        }
      : data,
  );
  client.removeQueries({ queryKey: questionKeys.detail(id) });
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
