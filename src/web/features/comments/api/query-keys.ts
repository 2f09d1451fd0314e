import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CommentJson, CommentPage } from '../../../../shared/api-types';

/** A thread is the question's own comments, or one answer's. */
export const commentKeys = {
  all: ['comments'] as const,
  thread: (questionId: string, answerId?: string) => ['comments', questionId, answerId ?? 'question'] as const,
};

/** The path segment that names a thread in the comments calls. */
export function threadPath(questionId: string, answerId?: string) {
  const question = encodeURIComponent(questionId);
  return answerId ? `${question}/${encodeURIComponent(answerId)}` : question;
}

type Pages = InfiniteData<CommentPage, string | undefined>;

/** Rewrites the loaded comments of one thread. */
export function updateThread(
  client: QueryClient,
  questionId: string,
  answerId: string | undefined,
  update: (pages: CommentPage[]) => CommentPage[],
) {
  client.setQueryData<Pages>(commentKeys.thread(questionId, answerId), (data) =>
    data ? { ...data, pages: update(data.pages) } : data,
  );
}

export function threadHas(client: QueryClient, questionId: string, answerId: string | undefined, commentId: string) {
  const data = client.getQueryData<Pages>(commentKeys.thread(questionId, answerId));
  return Boolean(data?.pages.some((page) => page.comments.some((c) => c._id === commentId)));
}

export function mapComments(pages: CommentPage[], map: (comment: CommentJson) => CommentJson | null): CommentPage[] {
  return pages.map((page) => ({
    ...page,
    comments: page.comments.flatMap((comment) => map(comment) ?? []),
  }));
}
