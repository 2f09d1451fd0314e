import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { makeQuestion, makeUser } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { otherTabSignsIn } from '../../../testing/other-tab';
import { renderWithProviders } from '../../../testing/render';
import { userKeys } from '../../users/api/user-keys';
import { SuggestedUsers } from '../../users/components/SuggestedUsers';
import { useQuestions } from '../api/get-questions';
import { PostList } from './PostList';

function Explore() {
  return <PostList query={useQuestions('explore', {})} empty="No posts found" label="Posts" />;
}

function Bookmarks() {
  return (
    <PostList
      query={useQuestions('bookmarks', {})}
      empty="No posts found"
      label="Bookmarked posts"
      leftMessage="Bookmark removed."
    />
  );
}

function SearchedBookmarks() {
  return (
    <PostList
      query={useQuestions('bookmarks', {})}
      empty="Couldn't find any matches!"
      label="Bookmarked posts"
      filter={(question) => question.questionTitle.includes('Rye')}
    />
  );
}

const mine = (id: string, title: string) => makeQuestion({ _id: id, id, questionTitle: title, username: 'anna.bakes' });

/** An IntersectionObserver the test drives: `scrollToEnd` tells the watched sentinel it is in view. */
function fakeIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; observed: Element[] }>();
  class FakeObserver {
    entry: { callback: IntersectionObserverCallback; observed: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, observed: [] };
      observers.add(this.entry);
    }
    observe(element: Element) {
      this.entry.observed.push(element);
    }
    disconnect() {
      observers.delete(this.entry);
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    watching: () => observers.size,
    scrollToEnd: () =>
      observers.forEach(({ callback, observed }) =>
        callback(
          observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        ),
      ),
  };
}

describe('PostList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads pages on scrolling for the first five, then only with Load more', async () => {
    const scrolling = fakeIntersectionObserver();
    const api = mockFetch({
      'GET /api/questions': ({ query }) => {
        const page = Number(query.get('cursor') ?? '1');
        return { body: { questions: [mine(String(page), `Post ${page}`)], nextCursor: String(page + 1) } };
      },
    });
    renderWithProviders(<Explore />);
    await screen.findByRole('article', { name: 'Post 1' });

    for (let page = 2; page <= 5; page += 1) {
      await waitFor(() => expect(scrolling.watching()).toBe(1));
      act(() => scrolling.scrollToEnd());
      await screen.findByRole('article', { name: `Post ${page}` });
    }
    await waitFor(() => expect(scrolling.watching()).toBe(0));
    expect(api.calls('GET /api/questions')).toHaveLength(5);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Post 6' });
  });

  it('shows a post once when a later page brings it back', async () => {
    mockFetch({
      'GET /api/questions': ({ query }) => ({
        body: query.get('cursor')
          ? { questions: [mine('2', 'Second'), mine('3', 'Third')], nextCursor: null }
          : { questions: [mine('1', 'First'), mine('2', 'Second')], nextCursor: 'c2' },
      }),
    });
    renderWithProviders(<Explore />);

    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Third' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      'title-1',
      'title-2',
      'title-3',
    ]);
  });

  it('sends focus to the first new post when the last page takes the Load more button away', async () => {
    mockFetch({
      'GET /api/questions': ({ query }) => ({
        body: query.get('cursor')
          ? { questions: [mine('2', 'Second'), mine('3', 'Third')], nextCursor: null }
          : { questions: [mine('1', 'First')], nextCursor: 'c2' },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<Explore />);

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Third' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Second' })).toHaveFocus());
  });

  it("sends a post's votes one after another, so the last click's answer stays on screen", async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    const answers: Array<(value: { body: unknown }) => void> = [];
    const api = mockFetch({
      'GET /api/questions': { body: { questions: [mine('1', 'First')], nextCursor: null } },
      'POST /api/votes/react/1': () => new Promise((resolve) => answers.push(resolve)),
    });
    const user = userEvent.setup();
    renderWithProviders(<Explore />);
    const post = await screen.findByRole('article', { name: 'First' });

    await user.click(within(post).getByRole('button', { name: 'Upvote post' }));
    await user.click(within(post).getByRole('button', { name: 'Upvote post' }));
    expect(within(post).getByLabelText('Score 0')).toBeInTheDocument();
    expect(api.calls('POST /api/votes/react/1').map((call) => call.body)).toEqual([{ reaction: 'upvote' }]);

    const up = { upvotedBy: ['anna.bakes'], downvotedBy: [], upvotes: 1, downvotes: 0, myVote: 'upvote' };
    answers[0]?.({ body: { votes: up } });
    await waitFor(() => expect(api.calls('POST /api/votes/react/1')).toHaveLength(2));
    expect(api.calls('POST /api/votes/react/1')[1]?.body).toEqual({ reaction: 'unvote' });
    // The first click's answer, come while the second is on its way, leaves the second shown.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(within(post).getByLabelText('Score 0')).toBeInTheDocument();
    expect(within(post).getByRole('button', { name: 'Upvote post' })).toHaveAttribute('aria-pressed', 'false');
    answers[1]?.({ body: { votes: { upvotedBy: [], downvotedBy: [], upvotes: 0, downvotes: 0, myVote: null } } });
    await waitFor(() =>
      expect(within(post).getByRole('button', { name: 'Upvote post' })).toHaveAttribute('aria-pressed', 'false'),
    );
    expect(within(post).getByLabelText('Score 0')).toBeInTheDocument();
  });

  it('says a search of the loaded bookmarks found nothing, and offers Load more to look further', async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    mockFetch({
      'GET /api/bookmarks': ({ query }) => ({
        body: query.get('cursor')
          ? { questions: [mine('2', 'Rye loaf')], nextCursor: null }
          : { questions: [mine('1', 'Brioche')], nextCursor: 'c2' },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SearchedBookmarks />);

    expect(await screen.findByText("Couldn't find any matches!")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Rye loaf' })).toBeInTheDocument();
    expect(screen.queryByText("Couldn't find any matches!")).not.toBeInTheDocument();
  });

  it("sends a post's bookmark changes one after another: a quick second click is never answered first", async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    const added: Array<(value: { body: unknown }) => void> = [];
    const api = mockFetch({
      'GET /api/questions': { body: { questions: [mine('1', 'First')], nextCursor: null } },
      'POST /api/question/addBookmark/1': () => new Promise((resolve) => added.push(resolve)),
      'POST /api/question/removeBookmark/1': { body: { question: { ...mine('1', 'First'), bookmarked: false } } },
    });
    const user = userEvent.setup();
    renderWithProviders(<Explore />);
    const post = await screen.findByRole('article', { name: 'First' });

    await user.click(within(post).getByRole('button', { name: 'Add Bookmark' }));
    await user.click(within(post).getByRole('button', { name: 'Remove Bookmark' }));
    expect(api.calls('POST /api/question/removeBookmark/1')).toHaveLength(0);

    added[0]?.({ body: { question: { ...mine('1', 'First'), bookmarked: true } } });
    await waitFor(() => expect(api.calls('POST /api/question/removeBookmark/1')).toHaveLength(1));
    await waitFor(() => expect(within(post).getByRole('button', { name: 'Add Bookmark' })).toBeInTheDocument());
  });

  it("keeps a later bookmark click shown while it is on its way, whatever the earlier one's answer", async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    const added: Array<(value: { body: unknown }) => void> = [];
    const removed: Array<(value: { body: unknown }) => void> = [];
    const api = mockFetch({
      'GET /api/questions': { body: { questions: [mine('1', 'First')], nextCursor: null } },
      'POST /api/question/addBookmark/1': () => new Promise((resolve) => added.push(resolve)),
      'POST /api/question/removeBookmark/1': () => new Promise((resolve) => removed.push(resolve)),
    });
    const user = userEvent.setup();
    renderWithProviders(<Explore />);
    const post = await screen.findByRole('article', { name: 'First' });

    await user.click(within(post).getByRole('button', { name: 'Add Bookmark' }));
    await user.click(within(post).getByRole('button', { name: 'Remove Bookmark' }));
    added[0]?.({ body: { question: { ...mine('1', 'First'), bookmarked: true } } });
    await waitFor(() => expect(api.calls('POST /api/question/removeBookmark/1')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // Not flipped back to 'Remove Bookmark', which a third click would have sent again.
    expect(within(post).getByRole('button', { name: 'Add Bookmark' })).toBeInTheDocument();

    removed[0]?.({ body: { question: { ...mine('1', 'First'), bookmarked: false } } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(within(post).getByRole('button', { name: 'Add Bookmark' })).toBeInTheDocument();
    expect(api.calls('POST /api/question/removeBookmark/1')).toHaveLength(1);
  });

  it("a bookmark's answer leaves alone a vote still on its way", async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    mockFetch({
      'GET /api/questions': { body: { questions: [mine('1', 'First')], nextCursor: null } },
      'POST /api/votes/react/1': () => new Promise(() => {}),
      // The server's copy, taken before the vote arrived.
      'POST /api/question/addBookmark/1': { body: { question: { ...mine('1', 'First'), bookmarked: true } } },
    });
    const user = userEvent.setup();
    renderWithProviders(<Explore />);
    const post = await screen.findByRole('article', { name: 'First' });

    await user.click(within(post).getByRole('button', { name: 'Upvote post' }));
    await user.click(within(post).getByRole('button', { name: 'Add Bookmark' }));
    await within(post).findByRole('button', { name: 'Remove Bookmark' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(within(post).getByLabelText('Score 1')).toBeInTheDocument();
  });

  it('keeps a vote and a bookmark made while the next page loads, and Load more is there to press again', async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    const up = { upvotedBy: ['anna.bakes'], downvotedBy: [], upvotes: 1, downvotes: 0, myVote: 'upvote' as const };
    // The server's copy of the first post, which the vote and the bookmark change.
    let first = mine('1', 'First');
    const nextPage = { body: { questions: [mine('2', 'Second')], nextCursor: null } };
    const held: { answerNext?: (value: { body: unknown }) => void; answerVote?: () => void } = {};
    const api = mockFetch({
      'GET /api/questions': ({ query }) => {
        if (!query.get('cursor')) return { body: { questions: [first], nextCursor: 'c2' } };
        // The first request for the next page is held back; any later one is answered at once.
        return held.answerNext ? nextPage : new Promise((resolve) => (held.answerNext = resolve));
      },
      'POST /api/votes/react/1': () =>
        new Promise((resolve) => {
          held.answerVote = () => {
            first = { ...first, votes: up };
            resolve({ body: { votes: up } });
          };
        }),
      'POST /api/question/addBookmark/1': () => {
        if (first.bookmarked) return { status: 400, body: { errors: ['Question is already bookmarked'] } };
        first = { ...first, bookmarked: true };
        return { body: { question: first } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<Explore />);
    const post = await screen.findByRole('article', { name: 'First' });
    const shownAsClicked = () => {
      expect(within(post).getByLabelText('Score 1')).toBeInTheDocument();
      expect(within(post).getByRole('button', { name: 'Upvote post' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(post).getByRole('button', { name: 'Remove Bookmark' })).toBeInTheDocument();
    };

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await user.click(within(post).getByRole('button', { name: 'Upvote post' }));
    await user.click(within(post).getByRole('button', { name: 'Add Bookmark' }));
    await waitFor(() => expect(api.calls('POST /api/question/addBookmark/1')).toHaveLength(1));

    // The next page lands late: it must not bring back the post as it was before the clicks, nor
    // may the pages fetched again instead while the vote is still on its way to the server.
    held.answerNext?.(nextPage);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    shownAsClicked();
    held.answerVote?.();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    shownAsClicked();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Second' });
    shownAsClicked();
  });

  it('keeps the posts on screen when a later page fails, and Load more tries again', async () => {
    let nextPageFails = true;
    mockFetch({
      'GET /api/questions': ({ query }) => {
        if (!query.get('cursor')) return { body: { questions: [mine('1', 'First')], nextCursor: 'c2' } };
        return nextPageFails
          ? { status: 500, body: { errors: ['Something went wrong.'] } }
          : { body: { questions: [mine('2', 'Second')], nextCursor: null } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<Explore />);

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some error occurred. Try reloading!');
    expect(screen.getByRole('article', { name: 'First' })).toBeInTheDocument();

    nextPageFails = false;
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Second' });
    expect(screen.getByRole('article', { name: 'First' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes a deleted post out at once and keeps keyboard focus in the list', async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    let refetches = 0;
    const api = mockFetch({
      'GET /api/questions': () => {
        refetches += 1;
        // The refetch after the delete is held back, so what is seen is the cache's own update.
        return refetches === 1
          ? { body: { questions: [mine('1', 'First'), mine('2', 'Second')], nextCursor: null } }
          : new Promise(() => {});
      },
      'DELETE /api/questions/delete/1': { body: { questions: [], nextCursor: null } },
    });
    const user = userEvent.setup();
    renderWithProviders(<Explore />);

    const first = await screen.findByRole('article', { name: 'First' });
    await user.click(within(first).getByRole('button', { name: 'Delete post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'First' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Second' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Posts' })).toHaveFocus());
    expect(await screen.findByText('Post deleted.')).toHaveAttribute('role', 'status');
    expect(api.calls('DELETE /api/questions/delete/1')).toHaveLength(1);
  });

  it("keeps a baker just followed in 'You may also know' when a post is deleted, and refreshes the profile", async () => {
    const me = makeUser({ _id: '601', username: 'anna.bakes', following: [], followingCount: 0, questionCount: 1 });
    const ben = makeUser({ _id: '9', id: '9', username: 'ben' });
    authStore.signIn('token', me);
    let followsBen = false;
    let listed = [mine('1', 'First')];
    const api = mockFetch({
      'GET /api/questions': () => ({ body: { questions: listed, nextCursor: null } }),
      // Suggestions leave out those already followed.
      'GET /api/users/suggestions': () => ({ body: { users: followsBen ? [] : [ben], nextCursor: null } }),
      'POST /api/users/follow/9': () => {
        followsBen = true;
        return { body: { user: { ...me, following: ['ben'], followingCount: 1 }, followUser: ben } };
      },
      'DELETE /api/questions/delete/1': () => {
        listed = [];
        return { body: { questions: [], nextCursor: null } };
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(
      <>
        <Explore />
        <SuggestedUsers />
      </>,
    );
    queryClient.setQueryData(userKeys.detail('anna.bakes'), me);

    await user.click(await screen.findByRole('button', { name: 'Follow + @ben' }));
    await screen.findByRole('button', { name: 'Unfollow @ben' });
    const first = screen.getByRole('article', { name: 'First' });
    await user.click(within(first).getByRole('button', { name: 'Delete post' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'First' })).not.toBeInTheDocument());

    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('button', { name: 'Unfollow @ben' })).toBeInTheDocument();
    expect(api.calls('GET /api/users/suggestions')).toHaveLength(1);
    // The post count on the profile is loaded again when next shown.
    expect(queryClient.getQueryState(userKeys.detail('anna.bakes'))?.isInvalidated).toBe(true);
  });

  it('moves focus to the next post and says so when the focused post leaves Your Bookmarks', async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    const saved = (id: string, title: string) => ({ ...mine(id, title), bookmarked: true });
    let listed = [saved('1', 'First'), saved('2', 'Second'), saved('3', 'Third')];
    mockFetch({
      'GET /api/bookmarks': () => ({ body: { questions: listed, nextCursor: null } }),
      'POST /api/question/removeBookmark/2': () => {
        listed = listed.filter((q) => q._id !== '2');
        return { body: { question: { ...mine('2', 'Second'), bookmarked: false } } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<Bookmarks />);

    const second = await screen.findByRole('article', { name: 'Second' });
    within(second).getByRole('button', { name: 'Remove Bookmark' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Second' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Third' })).getByRole('link', { name: 'Third' })).toHaveFocus(),
    );
    await waitFor(() => expect(screen.getByText('Bookmark removed.')).toBeInTheDocument());
  });

  it('keeps an open Edit dialog, and what was typed, when a refetch takes its post out of the list', async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    let listed = [mine('1', 'First'), mine('2', 'Second')];
    mockFetch({ 'GET /api/questions': () => ({ body: { questions: listed, nextCursor: null } }) });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<Explore />);

    const first = await screen.findByRole('article', { name: 'First' });
    await user.click(within(first).getByRole('button', { name: 'Edit post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' });
    const title = within(dialog).getByRole('textbox', { name: /title/i });
    await user.clear(title);
    await user.type(title, 'First, rewritten');

    // Newer posts arrive and push the post being edited off the page.
    listed = [mine('3', 'Third'), mine('2', 'Second')];
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(screen.queryByRole('article', { name: 'First' })).not.toBeInTheDocument());

    expect(screen.getByRole('dialog', { name: 'Edit Post' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: /title/i })).toHaveValue('First, rewritten');

    // Its Edit button is gone: closing it leaves focus in the list.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Posts' })).toHaveFocus();
  });

  it("a delete answered after its dialog was dismissed leaves another post's open dialog alone", async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    let answerDelete: (value: { status: number; body: unknown }) => void = () => {};
    mockFetch({
      'GET /api/questions': { body: { questions: [mine('1', 'First'), mine('2', 'Second')], nextCursor: null } },
      'DELETE /api/questions/delete/1': () =>
        new Promise((resolve) => {
          answerDelete = resolve;
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<Explore />);

    await user.click(
      within(await screen.findByRole('article', { name: 'First' })).getByRole('button', { name: 'Delete post' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(
      within(screen.getByRole('article', { name: 'Second' })).getByRole('button', { name: 'Edit post' }),
    );
    const title = within(await screen.findByRole('dialog', { name: 'Edit Post' })).getByRole('textbox', {
      name: /title/i,
    });
    await user.type(title, ', again');
    answerDelete({ status: 200, body: { questions: [], nextCursor: null } });

    await waitFor(() => expect(screen.queryByRole('article', { name: 'First' })).not.toBeInTheDocument());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('dialog', { name: 'Edit Post' })).toBeInTheDocument();
    expect(title).toHaveValue('Second, again');
  });

  it('treats a post already deleted elsewhere as deleted', async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    // Deleted in another tab: the server no longer has it.
    let listed = [mine('1', 'First')];
    mockFetch({
      'GET /api/questions': () => ({ body: { questions: listed, nextCursor: null } }),
      'DELETE /api/questions/delete/1': () => {
        listed = [];
        return { status: 404, body: { errors: ['Question not found.'] } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<Explore />);

    const first = await screen.findByRole('article', { name: 'First' });
    await user.click(within(first).getByRole('button', { name: 'Delete post' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'First' })).not.toBeInTheDocument());
    expect(screen.queryByText('Question not found.')).not.toBeInTheDocument();
  });

  it('keeps focus and says so when the last post goes, and leaves focus the reader moved elsewhere', async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    let listed = [mine('1', 'First'), mine('2', 'Second')];
    let answerDelete: (value: { status: number; body: unknown }) => void = () => {};
    mockFetch({
      'GET /api/questions': () => ({ body: { questions: listed, nextCursor: null } }),
      'DELETE /api/questions/delete/1': () => {
        listed = listed.filter((q) => q._id !== '1');
        return { body: { questions: [], nextCursor: null } };
      },
      'DELETE /api/questions/delete/2': () =>
        new Promise((resolve) => {
          listed = [];
          answerDelete = resolve;
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <input aria-label="Search posts" />
        <Explore />
      </>,
    );
    const remove = async (title: string) => {
      await user.click(
        within(await screen.findByRole('article', { name: title })).getByRole('button', { name: 'Delete post' }),
      );
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    };

    await remove('First');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Posts' })).toHaveFocus());
    const status = await screen.findByText('Post deleted.');
    // What the status region goes through from here: the second delete must be read out anew.
    const seen: string[] = [];
    new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, {
      childList: true,
      characterData: true,
      subtree: true,
    });

    // The last post: its delete is slow, and the reader closes the dialog and starts a search.
    await remove('Second');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('textbox', { name: 'Search posts' }));
    answerDelete({ status: 200, body: { questions: [], nextCursor: null } });
    await waitFor(() => expect(screen.getByText('No posts found')).toBeInTheDocument());
    await waitFor(() => expect(seen).toEqual(['', 'Post deleted.']));
    expect(status).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search posts' })).toHaveFocus();
  });

  it('closes an open Delete dialog when another baker signs in, and it stays closed when its opener is back', async () => {
    const anna = makeUser({ username: 'anna.bakes' });
    authStore.signIn('token', anna);
    const api = mockFetch({
      'GET /api/questions': { body: { questions: [mine('1', 'First')], nextCursor: null } },
      'DELETE /api/questions/delete/1': { body: { questions: [], nextCursor: null } },
    });
    const user = userEvent.setup();
    renderWithProviders(<Explore />);
    const post = () => screen.getByRole('article', { name: 'First' });
    await user.click(
      within(await screen.findByRole('article', { name: 'First' })).getByRole('button', { name: 'Delete post' }),
    );
    await screen.findByRole('dialog', { name: 'Delete this post?' });

    otherTabSignsIn(makeUser({ _id: '8', id: '8', username: 'ben.bakes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(post()).queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();

    otherTabSignsIn(anna);
    await waitFor(() => expect(within(post()).getByRole('button', { name: 'Delete post' })).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('DELETE /api/questions/delete/1')).toHaveLength(0);
  });

  describe('a click that waited offline, when another baker signed in meanwhile', () => {
    const ben = makeUser({ _id: '8', id: '8', username: 'ben.bakes' });

    /** Clicks while offline, lets another tab sign in as ben, then brings the connection back. */
    async function clickOfflineThenBenSignsIn(
      click: (post: HTMLElement, user: ReturnType<typeof userEvent.setup>) => Promise<void>,
    ) {
      const user = userEvent.setup();
      renderWithProviders(<Explore />);
      const post = await screen.findByRole('article', { name: 'First' });
      act(() => onlineManager.setOnline(false));
      await click(post, user);
      otherTabSignsIn(ben);
      act(() => onlineManager.setOnline(true));
      expect(await screen.findByText('Your session has ended. Sign in again.')).toBeInTheDocument();
      return post;
    }

    afterEach(() => onlineManager.setOnline(true));

    it('is never sent as them: a vote is undone', async () => {
      authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
      const api = mockFetch({
        'GET /api/questions': { body: { questions: [mine('1', 'First')], nextCursor: null } },
        'POST /api/votes/react/1': {
          body: { votes: { upvotedBy: ['ben.bakes'], downvotedBy: [], upvotes: 1, downvotes: 0, myVote: 'upvote' } },
        },
      });
      const post = await clickOfflineThenBenSignsIn(async (card, user) => {
        await user.click(within(card).getByRole('button', { name: 'Upvote post' }));
        expect(within(card).getByLabelText('Score 1')).toBeInTheDocument();
      });
      expect(api.calls('POST /api/votes/react/1')).toHaveLength(0);
      await waitFor(() => expect(within(post).getByLabelText('Score 0')).toBeInTheDocument());
      // Ben, signed in now, stays signed in: it was not his session that ended.
      expect(authStore.getSession()?.user.username).toBe('ben.bakes');
    });

    it('is never sent as them: a bookmark is undone', async () => {
      authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
      const api = mockFetch({
        'GET /api/questions': { body: { questions: [mine('1', 'First')], nextCursor: null } },
        'POST /api/question/addBookmark/1': { body: { question: { ...mine('1', 'First'), bookmarked: true } } },
      });
      const post = await clickOfflineThenBenSignsIn(async (card, user) => {
        await user.click(within(card).getByRole('button', { name: 'Add Bookmark' }));
        expect(within(card).getByRole('button', { name: 'Remove Bookmark' })).toBeInTheDocument();
      });
      expect(api.calls('POST /api/question/addBookmark/1')).toHaveLength(0);
      await waitFor(() => expect(within(post).getByRole('button', { name: 'Add Bookmark' })).toBeInTheDocument());
    });

    it('is never sent as them: a deleted post stays', async () => {
      authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
      const api = mockFetch({
        'GET /api/questions': { body: { questions: [mine('1', 'First')], nextCursor: null } },
        'DELETE /api/questions/delete/1': { body: { questions: [], nextCursor: null } },
      });
      const post = await clickOfflineThenBenSignsIn(async (card, user) => {
        await user.click(within(card).getByRole('button', { name: 'Delete post' }));
        const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
        await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      });
      expect(api.calls('DELETE /api/questions/delete/1')).toHaveLength(0);
      expect(post).toBeInTheDocument();
    });
  });
});
