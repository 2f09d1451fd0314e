import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { AnswerJson, AnswerPage } from '../../../../shared/api-types';
import { findPosted, mapPosted } from '../../../lib/posted-here';

export const answerKeys = {
  all: ['answers'] as const,
  list: (questionId: string) => ['answers', questionId] as const,
};

/**
 * A page of answers with the time it was read from the server, so the comments each answer
 * brought are known to be as fresh as that page, not as the whole list.
 */
export interface LoadedAnswerPage extends AnswerPage {
  loadedAt: number;
}

export type AnswerPages = InfiniteData<LoadedAnswerPage, string | undefined>;

/** Rewrites the loaded answers of one question. */
export function updateAnswerPages(
  client: QueryClient,
  questionId: string,
  update: (pages: LoadedAnswerPage[]) => LoadedAnswerPage[],
) {
  client.setQueryData<AnswerPages>(answerKeys.list(questionId), (data) =>
    data ? { ...data, pages: update(data.pages) } : data,
  );
}

/**
 * Changes the loaded answers of one question, and those posted here beyond them; an answer
 * mapped to `null` is taken out.
 */
export function mapAnswers(client: QueryClient, questionId: string, map: (answer: AnswerJson) => AnswerJson | null) {
  updateAnswerPages(client, questionId, (pages) =>
    pages.map((page) => ({ ...page, answers: page.answers.flatMap((answer) => map(answer) ?? []) })),
  );
  mapPosted(client, answerKeys.list(questionId), map);
}

/** Applies a change to one loaded answer. */
export function updateAnswerEverywhere(
  client: QueryClient,
  questionId: string,
  answerId: string,
  update: (answer: AnswerJson) => AnswerJson,
) {
  mapAnswers(client, questionId, (a) => (a._id === answerId ? update(a) : a));
}

export function findAnswer(client: QueryClient, questionId: string, answerId: string): AnswerJson | undefined {
  const data = client.getQueryData<AnswerPages>(answerKeys.list(questionId));
  return (
    data?.pages.flatMap((page) => page.answers).find((a) => a._id === answerId) ??
    findPosted<AnswerJson>(client, answerKeys.list(questionId), answerId)
  );
}
