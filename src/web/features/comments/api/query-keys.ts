import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CommentJson, CommentPage } from '../../../../shared/api-types';
import { findPosted, mapPosted } from '../../../lib/posted-here';

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

export type CommentPages = InfiniteData<CommentPage, string | undefined>;

/** Rewrites the loaded comments of one thread. */
export function updateThread(
  client: QueryClient,
  questionId: string,
  answerId: string | undefined,
  update: (pages: CommentPage[]) => CommentPage[],
) {
  client.setQueryData<CommentPages>(commentKeys.thread(questionId, answerId), (data) =>
    data ? { ...data, pages: update(data.pages) } : data,
  );
}

export function threadHas(client: QueryClient, questionId: string, answerId: string | undefined, commentId: string) {
  const key = commentKeys.thread(questionId, answerId);
  const data = client.getQueryData<CommentPages>(key);
  return Boolean(
    data?.pages.some((page) => page.comments.some((c) => c._id === commentId)) ||
    findPosted<CommentJson>(client, key, commentId),
  );
}

/**
 * Changes the loaded comments of one thread, and those posted here beyond them; a comment mapped
 * to `null` is taken out.
 */
export function mapThread(
  client: QueryClient,
  questionId: string,
  answerId: string | undefined,
  map: (comment: CommentJson) => CommentJson | null,
) {
  updateThread(client, questionId, answerId, (pages) =>
    pages.map((page) => ({ ...page, comments: page.comments.flatMap((comment) => map(comment) ?? []) })),
  );
  mapPosted(client, commentKeys.thread(questionId, answerId), map);
}
