import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { QuestionJson, QuestionPage, QuestionSummaryJson } from '../../../../shared/api-types';
import type { Sort } from '../../../../shared/constants';
import { isLatestChange, markChange } from '../../../lib/latest-change';
import { writeDespiteLoads } from '../../../lib/write-despite-loads';

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

/** Whether one cached list (pages of posts) or post page holds the post `id`. */
function holdsPost(data: unknown, id: string): boolean {
  if (!data || typeof data !== 'object') return false;
  if ('pages' in data) {
    return (data as InfiniteData<QuestionPage>).pages.some((page) => page.questions.some((q) => q._id === id));
  }
  return (data as QuestionJson)._id === id;
}

/**
 * Applies a change to one post wherever it is cached (every list page and its own page), so
 * a vote or bookmark shows at once everywhere. It is written despite loads (write-despite-loads.ts):
 * a page of a list on its way would otherwise bring the post back as it was when the load began.
 * Resolves with the undo if the call fails: on this post, it puts back each field this change
 * set, unless something changed that field after it, so whatever changed meanwhile (another
 * post's bookmark, a new comment on this one, the server's answer to a later click) stays.
 */
export function updateQuestionEverywhere(client: QueryClient, id: string, update: Update): Promise<() => void> {
  const holding = client
    .getQueriesData({ queryKey: questionKeys.all })
    .filter(([, data]) => holdsPost(data, id))
    .map(([key]) => key);
  return writeDespiteLoads(client, holding, () => changeEverywhere(client, id, update));
}

/** The write itself: the change in every cached copy, returning its undo. */
function changeEverywhere(client: QueryClient, id: string, update: Update): () => void {
  const undos: Array<{ key: QueryKey; before: Partial<QuestionSummaryJson> }> = [];
  const changed = new Set<Field>();
  for (const [key, data] of client.getQueriesData({ queryKey: questionKeys.all })) {
    let before: Partial<QuestionSummaryJson> | undefined;
    const next = changePost(data, id, (question) => {
      const after = update(question);
      const fields = (Object.keys(after) as Field[]).filter((field) => after[field] !== question[field]);
      fields.forEach((field) => changed.add(field));
      before = Object.fromEntries(fields.map((field) => [field, question[field]]));
      return after;
    });
    if (next === data) continue;
    client.setQueryData(key, next);
    if (before) undos.push({ key, before });
  }
  const tokens = new Map([...changed].map((field) => [field, markChange(client, `question ${id} ${field}`)]));
  const stillMine = (field: Field) => isLatestChange(client, `question ${id} ${field}`, tokens.get(field) ?? {});
  const undo = () => {
    for (const { key, before } of undos) {
      client.setQueryData(key, (data: unknown) =>
        changePost(data, id, (question) => {
          const undone = (Object.keys(before) as Field[]).filter(stillMine);
          return { ...question, ...Object.fromEntries(undone.map((field) => [field, before[field]])) };
        }),
      );
    }
  };
  const written = undos.map(({ key }) => key);
  return () => void writeDespiteLoads(client, written, undo);
}

/**
 * Forgets a query at once, or, while a page still shows it, as soon as no page does: a query
 * taken away under its page is asked for again by that page's next render, and a deleted post's
 * page would then fetch it only to get a 404 on its way out.
 */
function forgetOnceUnseen(client: QueryClient, queryKey: QueryKey) {
  const cache = client.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query) return;
  if (query.getObserversCount() === 0) {
    cache.remove(query);
    return;
  }
  void client.cancelQueries({ queryKey, exact: true });
  const stop = cache.subscribe((event) => {
    if (event.query !== query || event.type !== 'observerRemoved' || query.getObserversCount() > 0) return;
    stop();
    cache.remove(query);
  });
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
  forgetOnceUnseen(client, questionKeys.detail(id));
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
