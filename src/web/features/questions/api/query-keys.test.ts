import { QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { QuestionJson, QuestionPage } from '../../../../shared/api-types';
import { makeQuestion } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { questionOptions } from './get-question';
import { questionKeys, removeQuestionEverywhere, storeQuestion, updateQuestionEverywhere } from './query-keys';

const upvoted = { upvotedBy: ['anna.bakes'], downvotedBy: [], upvotes: 1, downvotes: 0, myVote: 'upvote' as const };

function cacheWithTwoPosts() {
  const client = new QueryClient();
  const list: InfiniteData<QuestionPage> = {
    pages: [
      { questions: [makeQuestion({ _id: '1', id: '1' }), makeQuestion({ _id: '2', id: '2' })], nextCursor: null },
    ],
    pageParams: [null],
  };
  client.setQueryData(questionKeys.list('explore', {}), list);
  const detail: QuestionJson = {
    ...makeQuestion({ _id: '1', id: '1' }),
    comments: [],
    commentsNextCursor: null,
    answers: [],
    answersNextCursor: null,
  };
  client.setQueryData(questionKeys.detail('1'), detail);
  const post = (id: string) =>
    client
      .getQueryData<InfiniteData<QuestionPage>>(questionKeys.list('explore', {}))
      ?.pages[0]?.questions.find((q) => q._id === id);
  const page = () => client.getQueryData<QuestionJson>(questionKeys.detail('1'));
  return { client, post, page };
}

describe('a post changed everywhere it is cached', () => {
  it('shows the change in every list and on the post page', () => {
    const { client, post, page } = cacheWithTwoPosts();
    updateQuestionEverywhere(client, '1', (q) => ({ ...q, votes: upvoted }));
    expect(post('1')?.votes).toEqual(upvoted);
    expect(page()?.votes).toEqual(upvoted);
    expect(post('2')?.votes.upvotes).toBe(0);
  });

  it('undoes only its own fields on its own post, keeping what changed meanwhile', async () => {
    const { client, post, page } = cacheWithTwoPosts();
    const undoVote = await updateQuestionEverywhere(client, '1', (q) => ({ ...q, votes: upvoted }));
    // While the vote is on its way: another post is bookmarked, and this one gains a comment.
    updateQuestionEverywhere(client, '2', (q) => ({ ...q, bookmarked: true }));
    updateQuestionEverywhere(client, '1', (q) => ({ ...q, commentCount: 1 }));

    undoVote();

    expect(post('1')?.votes.upvotes).toBe(0);
    expect(post('1')?.commentCount).toBe(1);
    expect(page()?.votes.myVote).toBeNull();
    expect(page()?.commentCount).toBe(1);
    expect(page()?.comments).toEqual([]);
    expect(post('2')?.bookmarked).toBe(true);
  });

  it('leaves a field alone that something else set after it, such as a later vote answered first', async () => {
    const { client, post } = cacheWithTwoPosts();
    const undoUpvote = await updateQuestionEverywhere(client, '1', (q) => ({ ...q, votes: upvoted }));
    const downvoted = {
      upvotedBy: [],
      downvotedBy: ['anna.bakes'],
      upvotes: 0,
      downvotes: 1,
      myVote: 'downvote' as const,
    };
    // The downvote sent next is answered first, with the server's count.
    updateQuestionEverywhere(client, '1', (q) => ({ ...q, votes: { ...downvoted } }));

    undoUpvote();

    expect(post('1')?.votes).toEqual(downvoted);
  });

  it('leaves a field alone that a later change set to the very same value', async () => {
    const { client, post } = cacheWithTwoPosts();
    // Bookmark, unbookmark, bookmark again; the third is answered first, then the first fails.
    const undoFirst = await updateQuestionEverywhere(client, '1', (q) => ({ ...q, bookmarked: true }));
    updateQuestionEverywhere(client, '1', (q) => ({ ...q, bookmarked: false }));
    updateQuestionEverywhere(client, '1', (q) => ({ ...q, bookmarked: true }));
    storeQuestion(client, makeQuestion({ _id: '1', id: '1', bookmarked: true }));

    undoFirst();

    expect(post('1')?.bookmarked).toBe(true);
  });
});

describe('a deleted post', () => {
  const detail: QuestionJson = {
    ...makeQuestion({ _id: '1', id: '1' }),
    comments: [],
    commentsNextCursor: null,
    answers: [],
    answersNextCursor: null,
  };

  it('is forgotten at once when no page shows it', () => {
    const { client, post, page } = cacheWithTwoPosts();
    removeQuestionEverywhere(client, '1');
    expect(post('1')).toBeUndefined();
    expect(post('2')).toBeDefined();
    expect(page()).toBeUndefined();
  });

  it('is not fetched again by the page that deleted it, and is forgotten when that page goes', async () => {
    const { requests } = mockFetch({ 'GET /api/questions/1': { body: { question: detail } } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const onPage = new QueryObserver(client, questionOptions('1'));
    const leave = onPage.subscribe(() => {});
    await vi.waitFor(() => expect(onPage.getCurrentResult().data).toBeDefined());

    removeQuestionEverywhere(client, '1');
    // What the page's next render does before it is replaced by the next page.
    onPage.setOptions(questionOptions('1'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests.filter((r) => r.path === '/api/questions/1')).toHaveLength(1);

    leave();
    expect(client.getQueryData(questionKeys.detail('1'))).toBeUndefined();
  });
});
