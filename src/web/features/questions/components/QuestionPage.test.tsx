import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AnswerJson, CommentJson, QuestionJson } from '../../../../shared/api-types';
import { authStore } from '../../../lib/auth-store';
import { makeQuestion, makeUser } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { otherTabSignsIn } from '../../../testing/other-tab';
import { createTestQueryClient, renderWithProviders } from '../../../testing/render';
import QuestionPage from './QuestionPage';

function makeAnswer(overrides: Partial<AnswerJson> = {}): AnswerJson {
  return {
    _id: '11',
    questionId: '4',
    username: 'kenji.pan',
    answerText: 'The plastic bag is the main culprit.',
    votes: { upvotedBy: ['owen.levain'], downvotedBy: [], upvotes: 6, downvotes: 0, myVote: null },
    comments: [],
    commentCount: 0,
    createdAt: '2026-10-11T20:46:58.552Z',
    updatedAt: '2026-10-11T20:46:58.552Z',
    ...overrides,
  };
}

/** A comment by owen.levain on an answer of question 4. */
function answerComment(fields: Pick<CommentJson, '_id' | 'answerId' | 'commentText'>): CommentJson {
  return {
    questionId: '4',
    username: 'owen.levain',
    firstName: 'Owen',
    lastName: 'Levain',
    createdAt: '2026-10-12T08:00:00.000Z',
    updatedAt: '2026-10-12T08:00:00.000Z',
    ...fields,
  };
}

function makeFullQuestion(overrides: Partial<QuestionJson> = {}): QuestionJson {
  return {
    ...makeQuestion({ answerCount: 2, username: 'owen.levain' }),
    comments: [],
    commentsNextCursor: null,
    answers: [makeAnswer(), makeAnswer({ _id: '12', username: 'lupita.pandulce', answerText: 'Cool it on a rack.' })],
    answersNextCursor: null,
    ...overrides,
  };
}

function renderPage(id = '4') {
  const queryClient = createTestQueryClient();
  // As in the app: what the question brought along is fresh for a while, not fetched again at once.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, staleTime: 30_000 } });
  return renderWithProviders(<QuestionPage />, {
    route: `/question/${id}`,
    path: '/question/:questionId',
    queryClient,
  });
}

/**
 * Post 4 with a first page of answers and older ones after it, whose first request is held back
 * until `landOlder` (any later one is answered at once). `write` routes a write that changes the
 * server's first page through `changeFirstPage`.
 */
function withOlderAnswersHeld(
  write: (changeFirstPage: (change: (answer: AnswerJson) => AnswerJson) => void) => Parameters<typeof mockFetch>[0],
) {
  let firstPage = makeFullQuestion().answers;
  const olderPage = {
    body: {
      answers: [makeAnswer({ _id: '30', username: 'wanjiru.bakes', answerText: 'A third way.' })],
      nextCursor: null,
    },
  };
  let answerOlder: ((value: { body: unknown }) => void) | undefined;
  const api = mockFetch({
    'GET /api/questions/4': { body: { question: makeFullQuestion({ answerCount: 3, answersNextCursor: 'c2' }) } },
    'GET /api/answers/4': ({ query }) => {
      if (query.get('cursor') !== 'c2') return { body: { answers: firstPage, nextCursor: 'c2' } };
      return answerOlder ? olderPage : new Promise((resolve) => (answerOlder = resolve));
    },
    ...write((change) => (firstPage = firstPage.map(change))),
  });
  return { api, landOlder: () => answerOlder?.(olderPage) };
}

/** The post's author, whose delete the server answers only when `answerDelete` is called. */
function withSlowDelete() {
  authStore.signIn('token', makeUser({ username: 'owen.levain' }));
  let answer: (value: { status: number; body: unknown }) => void = () => {};
  mockFetch({
    'GET /api/questions/4': { body: { question: makeFullQuestion() } },
    'DELETE /api/questions/delete/4': () => new Promise((resolve) => (answer = resolve)),
  });
  return {
    user: userEvent.setup(),
    answerDelete: () => answer({ status: 200, body: { questions: [], nextCursor: null } }),
  };
}

/** Asks to delete the post, then closes the dialog before the server answers. */
async function deleteThenEscape(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Delete post' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
  await user.keyboard('{Escape}');
}

describe('QuestionPage', () => {
  it("shows 'Post not found' when the API answers 404", async () => {
    mockFetch({ 'GET /api/questions/99': { status: 404, body: { errors: ['Question not found.'] } } });
    renderPage('99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(document.title).toBe('Post not found · Crumb');
  });

  it("shows 'Some error occurred. Try reloading!' on other failures", async () => {
    mockFetch({ 'GET /api/questions/4': { status: 500, body: { errors: ['Some error occurred. Try Again!'] } } });
    document.title = 'Explore · Crumb';
    renderPage();
    // The tab never keeps the previous page's name: loading, then the error.
    expect(document.title).toBe('Loading post · Crumb');
    expect(await screen.findByText('Some error occurred. Try reloading!')).toBeInTheDocument();
    expect(document.title).toBe('Post not loaded · Crumb');
  });

  it('keeps the post on screen when a later refetch fails, and shows Post not found once it is gone', async () => {
    let answer: { status: number; body: unknown } = { status: 200, body: { question: makeFullQuestion() } };
    mockFetch({ 'GET /api/questions/4': () => answer });
    const { queryClient } = renderPage();
    const heading = await screen.findByRole('heading', { level: 1, name: makeFullQuestion().questionTitle });

    answer = { status: 500, body: { errors: ['Some error occurred. Try Again!'] } };
    await queryClient.refetchQueries({ queryKey: ['questions', 'detail', '4'] });
    // TanStack Query tells the page on a timer: let it fire and the page render before looking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(queryClient.getQueryState(['questions', 'detail', '4'])?.status).toBe('error');
    expect(heading).toBeInTheDocument();
    expect(screen.queryByText('Some error occurred. Try reloading!')).not.toBeInTheDocument();

    answer = { status: 404, body: { errors: ['Question not found.'] } };
    await queryClient.refetchQueries({ queryKey: ['questions', 'detail', '4'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
  });

  it('says the post is gone when a write is refused because it was deleted meanwhile', async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    let deleted = false;
    mockFetch({
      'GET /api/questions/4': () =>
        deleted
          ? { status: 404, body: { errors: ['Question not found.'] } }
          : { body: { question: makeFullQuestion() } },
      'POST /api/answers/add/4': () => {
        deleted = true;
        return { status: 404, body: { errors: ['Question not found.'] } };
      },
    });
    renderPage();

    await userEvent.type(await screen.findByRole('textbox', { name: 'Your Answer' }), 'Too late.');
    await userEvent.click(screen.getByRole('button', { name: 'Post Answer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post Answer' })).not.toBeInTheDocument();
  });

  it('shows the post as the page heading, its comments open, then the answers, and names the tab', async () => {
    const api = mockFetch({ 'GET /api/questions/4': { body: { question: makeFullQuestion() } } });
    renderPage();
    expect(screen.getByText('Loading post')).toBeInTheDocument();

    const title = 'Why does my sourdough crust go soft overnight?';
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} · Crumb`);
    expect(screen.getByRole('heading', { level: 2, name: '2 Answers' })).toBeInTheDocument();
    const answers = screen.getAllByRole('article', { name: /^Answer by/ });
    expect(answers.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Answer by @kenji.pan',
      'Answer by @lupita.pandulce',
    ]);
    expect(within(answers[0]!).getByText('The plastic bag is the main culprit.')).toBeInTheDocument();
    expect(within(answers[0]!).getByRole('button', { name: 'Upvote answer' })).toBeInTheDocument();
    // Signed out: comments open (their code loads on demand) with a way to sign in, and a way to sign in to answer.
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to comment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to answer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete answer' })).not.toBeInTheDocument();
    // Everything came with the question.
    expect(api.requests.map((r) => r.path)).toEqual(['/api/questions/4']);
  });

  it("validates 'Your Answer', posts it and appends it to the list", async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    const posted = makeAnswer({
      _id: '13',
      username: 'anna.bakes',
      answerText: 'Bake it longer.',
      votes: makeQuestion().votes,
    });
    const api = mockFetch({
      'GET /api/questions/4': { body: { question: makeFullQuestion() } },
      'POST /api/answers/add/4': ({ body }) => ({
        status: 201,
        body: { answers: [...makeFullQuestion().answers, posted], nextCursor: null, answer: posted, sent: body },
      }),
    });
    renderPage();

    const box = await screen.findByRole('textbox', { name: 'Your Answer' });
    const post = screen.getByRole('button', { name: 'Post Answer' });
    await userEvent.click(post);
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription('Required');
    await userEvent.type(box, 'Bake it longer.');
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    expect(api.calls('POST /api/answers/add/4')).toHaveLength(0);

    await userEvent.click(post);
    await waitFor(() => expect(box).toHaveValue(''));
    expect(api.calls('POST /api/answers/add/4')[0]?.body).toEqual({
      answerData: { answerText: 'Bake it longer.', _id: expect.any(String) },
    });
    expect(screen.getByRole('heading', { level: 2, name: '3 Answers' })).toBeInTheDocument();
    const answers = screen.getAllByRole('article', { name: /^Answer by/ });
    expect(answers.at(-1)).toHaveTextContent('Bake it longer.');
    // Your own answer can be edited and deleted; others' cannot.
    expect(within(answers.at(-1)!).getByRole('button', { name: 'Edit answer' })).toBeInTheDocument();
    expect(within(answers[0]!).queryByRole('button', { name: 'Delete answer' })).not.toBeInTheDocument();
  });

  it('resends a failed answer under the same key, a changed one under a new key, and keeps focus on Post Answer', async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    const posted = makeAnswer({ _id: '13', username: 'anna.bakes', answerText: 'Bake it longer, covered.' });
    let answerPost: (value: { status: number; body: unknown }) => void = () => {};
    const api = mockFetch({
      'GET /api/questions/4': { body: { question: makeFullQuestion() } },
      'POST /api/answers/add/4': () =>
        new Promise((resolve) => {
          answerPost = resolve;
        }),
    });
    const user = userEvent.setup();
    renderPage();
    const keyOf = (call: number) =>
      (api.calls('POST /api/answers/add/4')[call]?.body as { answerData: { _id: string } }).answerData._id;

    const box = await screen.findByRole('textbox', { name: 'Your Answer' });
    await user.type(box, 'Bake it longer.');
    const post = screen.getByRole('button', { name: 'Post Answer' });
    post.focus();
    await user.keyboard('{Enter}');
    // While it is sent the button does nothing, and keeps keyboard focus.
    const sending = await screen.findByRole('button', { name: 'Posting…' });
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    expect(sending).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(api.calls('POST /api/answers/add/4')).toHaveLength(1);
    answerPost({ status: 503, body: { errors: ['The server is busy. Try again in a moment.'] } });
    expect(await screen.findByText('The server is busy. Try again in a moment.')).toBeInTheDocument();

    // The same text again: the same key, so the server stores it once if the first did arrive.
    await user.click(screen.getByRole('button', { name: 'Post Answer' }));
    await waitFor(() => expect(api.calls('POST /api/answers/add/4')).toHaveLength(2));
    expect(keyOf(1)).toBe(keyOf(0));
    answerPost({ status: 503, body: { errors: ['The server is busy. Try again in a moment.'] } });
    await screen.findByRole('button', { name: 'Post Answer' });

    // Changed text is another answer.
    await user.type(box, ' Covered.');
    const again = screen.getByRole('button', { name: 'Post Answer' });
    again.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.calls('POST /api/answers/add/4')).toHaveLength(3));
    expect(keyOf(2)).not.toBe(keyOf(0));
    answerPost({
      status: 201,
      body: { answers: [...makeFullQuestion().answers, posted], nextCursor: null, answer: posted },
    });
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.getByRole('button', { name: 'Post Answer' })).toHaveFocus();
  });

  it('lets the question author delete any answer after confirming', async () => {
    authStore.signIn('token', makeUser({ username: 'owen.levain' }));
    const api = mockFetch({
      'GET /api/questions/4': { body: { question: makeFullQuestion() } },
      'DELETE /api/answers/delete/4/11': { status: 201, body: { answers: [], nextCursor: null } },
    });
    renderPage();

    const [first] = await screen.findAllByRole('article', { name: /^Answer by/ });
    expect(within(first!).queryByRole('button', { name: 'Edit answer' })).not.toBeInTheDocument();
    await userEvent.click(within(first!).getByRole('button', { name: 'Delete answer' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this answer?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.getAllByRole('article', { name: /^Answer by/ })).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: '1 Answer' })).toHaveFocus());
    expect(screen.getByText('Answer deleted.')).toBeInTheDocument();
    expect(api.calls('DELETE /api/answers/delete/4/11')).toHaveLength(1);
  });

  it("closes an answer's Delete dialog when its opener signs out in another tab", async () => {
    authStore.signIn('token', makeUser({ username: 'owen.levain' }));
    const api = mockFetch({
      'GET /api/questions/4': { body: { question: makeFullQuestion() } },
      'DELETE /api/answers/delete/4/11': { status: 201, body: { answers: [], nextCursor: null } },
    });
    renderPage();

    const [first] = await screen.findAllByRole('article', { name: /^Answer by/ });
    await userEvent.click(within(first!).getByRole('button', { name: 'Delete answer' }));
    expect(screen.getByRole('dialog', { name: 'Delete this answer?' })).toBeInTheDocument();
    otherTabSignsIn(null);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Delete answer' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article', { name: /^Answer by/ })).toHaveLength(2);
    expect(api.calls('DELETE /api/answers/delete/4/11')).toHaveLength(0);
  });

  it('takes out an answer already deleted elsewhere, as if this delete had done it', async () => {
    authStore.signIn('token', makeUser({ username: 'owen.levain' }));
    mockFetch({
      'GET /api/questions/4': { body: { question: makeFullQuestion() } },
      'DELETE /api/answers/delete/4/11': { status: 404, body: { errors: ['Answer not found.'] } },
    });
    renderPage();

    const [first] = await screen.findAllByRole('article', { name: /^Answer by/ });
    await userEvent.click(within(first!).getByRole('button', { name: 'Delete answer' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this answer?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.getAllByRole('article', { name: /^Answer by/ })).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 2, name: '1 Answer' })).toBeInTheDocument();
    expect(screen.queryByText('Answer not found.')).not.toBeInTheDocument();
  });

  it('pages further answers with Load more answers', async () => {
    const api = mockFetch({
      'GET /api/questions/4': { body: { question: makeFullQuestion({ answerCount: 3, answersNextCursor: 'c2' }) } },
      'GET /api/answers/4': {
        body: {
          answers: [makeAnswer({ _id: '30', username: 'wanjiru.bakes', answerText: 'A third way.' })],
          nextCursor: null,
        },
      },
    });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Load more answers' }));
    expect(await screen.findByText('A third way.')).toBeInTheDocument();
    expect(api.calls('GET /api/answers/4').map((r) => r.query.get('cursor'))).toEqual(['c2']);
    expect(screen.queryByRole('button', { name: 'Load more answers' })).not.toBeInTheDocument();
    // The button went with the last page: keyboard focus goes on to the first answer it brought.
    await waitFor(() => expect(screen.getByRole('article', { name: 'Answer by @wanjiru.bakes' })).toHaveFocus());
  });

  it('shows the comments that came with a later page of answers without asking for them again', async () => {
    const api = mockFetch({
      'GET /api/questions/4': { body: { question: makeFullQuestion({ answerCount: 3, answersNextCursor: 'c2' }) } },
      'GET /api/answers/4': {
        body: {
          answers: [
            makeAnswer({
              _id: '30',
              answerText: 'A third way.',
              commentCount: 1,
              comments: [answerComment({ _id: '301', answerId: '30', commentText: 'Worked for me.' })],
            }),
          ],
          nextCursor: null,
        },
      },
    });
    renderPage();
    const loadMore = await screen.findByRole('button', { name: 'Load more answers' });

    // The reader stays on the post for a minute, past the time the question's data is fresh.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    try {
      await userEvent.click(loadMore);
      expect(await screen.findByText('Worked for me.')).toBeInTheDocument();
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      // The new answer's comments came with its page, just now: no request for them.
      expect(api.requests.filter((r) => r.path.startsWith('/api/comments/'))).toEqual([]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("asks for an earlier answer's comments once they are stale, whatever later pages brought", async () => {
    const written = answerComment({ _id: '111', answerId: '11', commentText: 'Written meanwhile.' });
    const api = mockFetch({
      'GET /api/questions/4': { body: { question: makeFullQuestion({ answerCount: 3, answersNextCursor: 'c2' }) } },
      'GET /api/answers/4': {
        body: { answers: [makeAnswer({ _id: '30', answerText: 'A third way.' })], nextCursor: null },
      },
      'GET /api/comments/4/11': { body: { comments: [written], nextCursor: null } },
    });
    renderPage();
    const loadMore = await screen.findByRole('button', { name: 'Load more answers' });

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    try {
      await userEvent.click(loadMore);
      expect(await screen.findByText('A third way.')).toBeInTheDocument();
      // The first answer had no comments a minute ago; opening them now asks the server.
      const first = screen.getAllByRole('article', { name: /^Answer by/ })[0]!;
      await userEvent.click(within(first).getByRole('button', { name: '0 Comments' }));
      expect(await within(first).findByText('Written meanwhile.')).toBeInTheDocument();
      expect(api.calls('GET /api/comments/4/11')).toHaveLength(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('shows an answer posted before the older ones are loaded after Load more, then once, after them', async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    const posted = makeAnswer({ _id: '40', username: 'anna.bakes', answerText: 'Bake it longer.' });
    const older = makeAnswer({ _id: '30', username: 'wanjiru.bakes', answerText: 'A third way.' });
    mockFetch({
      'GET /api/questions/4': { body: { question: makeFullQuestion({ answerCount: 3, answersNextCursor: 'c2' }) } },
      'POST /api/answers/add/4': {
        status: 201,
        body: { answers: makeFullQuestion().answers, nextCursor: 'c2', answer: posted },
      },
      // The page after the cursor holds the older answer and, last, the one just posted.
      'GET /api/answers/4': ({ query }) => ({
        body:
          query.get('cursor') === 'c2'
            ? { answers: [older, posted], nextCursor: null }
            : { answers: makeFullQuestion().answers, nextCursor: 'c2' },
      }),
    });
    const { queryClient } = renderPage();

    await userEvent.type(await screen.findByRole('textbox', { name: 'Your Answer' }), 'Bake it longer.');
    await userEvent.click(screen.getByRole('button', { name: 'Post Answer' }));
    const mine = await screen.findByRole('article', { name: 'Answer by @anna.bakes' });
    // Its place is at the end, past the answers still to load: after the button that loads them.
    const loadMore = screen.getByRole('button', { name: 'Load more answers' });
    expect(loadMore.compareDocumentPosition(mine) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '4 Answers' })).toBeInTheDocument();

    // Reading the loaded pages again cannot bring it, and does not take it away.
    await queryClient.refetchQueries({ queryKey: ['answers', '4'] });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('article', { name: 'Answer by @anna.bakes' })).toHaveTextContent('Bake it longer.');

    await userEvent.click(loadMore);
    await screen.findByText('A third way.');
    const texts = screen.getAllByRole('article', { name: /^Answer by/ }).map((a) => a.textContent ?? '');
    expect(texts).toHaveLength(4);
    expect(texts.filter((t) => t.includes('Bake it longer.'))).toHaveLength(1);
    expect(texts.at(-1)).toContain('Bake it longer.');
    expect(texts.at(-2)).toContain('A third way.');
  });

  it('votes on and deletes an answer posted before the older ones are loaded', async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    const posted = makeAnswer({ _id: '40', username: 'anna.bakes', answerText: 'Bake it longer.' });
    const api = mockFetch({
      'GET /api/questions/4': { body: { question: makeFullQuestion({ answerCount: 3, answersNextCursor: 'c2' }) } },
      'POST /api/answers/add/4': {
        status: 201,
        body: { answers: makeFullQuestion().answers, nextCursor: 'c2', answer: posted },
      },
      'POST /api/votes/vote/4/40': {
        body: { votes: { ...posted.votes, upvotes: 7, upvotedBy: ['anna.bakes', 'owen.levain'], myVote: 'upvote' } },
      },
      'DELETE /api/answers/delete/4/40': { body: { answers: makeFullQuestion().answers, nextCursor: 'c2' } },
    });
    renderPage();

    await userEvent.type(await screen.findByRole('textbox', { name: 'Your Answer' }), 'Bake it longer.');
    await userEvent.click(screen.getByRole('button', { name: 'Post Answer' }));
    const mine = await screen.findByRole('article', { name: 'Answer by @anna.bakes' });
    await userEvent.click(within(mine).getByRole('button', { name: /^Upvote/ }));
    await waitFor(() =>
      expect(within(mine).getByRole('button', { name: /^Upvote/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(api.calls('POST /api/votes/vote/4/40')).toHaveLength(1);

    await userEvent.click(within(mine).getByRole('button', { name: 'Delete answer' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this answer?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Answer by @anna.bakes' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 2, name: '3 Answers' })).toBeInTheDocument();
  });

  it("keeps a later answer vote shown while it is on its way, and then the server's count", async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    const answers: Array<(value: { body: unknown }) => void> = [];
    const api = mockFetch({
      'GET /api/questions/4': { body: { question: makeFullQuestion() } },
      'POST /api/votes/vote/4/11': () => new Promise((resolve) => answers.push(resolve)),
    });
    renderPage();

    const [first] = await screen.findAllByRole('article', { name: /^Answer by/ });
    const score = () => within(first!).getByLabelText(/^Score/);
    const upvote = () => within(first!).getByRole('button', { name: 'Upvote answer' });
    expect(score()).toHaveTextContent('6');
    await userEvent.click(upvote());
    await userEvent.click(upvote());
    expect(score()).toHaveTextContent('6');

    const votes = (upvotes: number, myVote: string | null) => ({
      body: { votes: { upvotedBy: [], downvotedBy: [], upvotes, downvotes: 0, myVote } },
    });
    answers[0]?.(votes(7, 'upvote'));
    await waitFor(() => expect(api.calls('POST /api/votes/vote/4/11')).toHaveLength(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(score()).toHaveTextContent('6');
    expect(upvote()).toHaveAttribute('aria-pressed', 'false');

    // Someone else's vote came in meanwhile: the last answer's count is what stays.
    answers[1]?.(votes(8, null));
    await waitFor(() => expect(score()).toHaveTextContent('8'));
    expect(upvote()).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps an answer vote made while Load more answers is on its way, and the button is there to press again', async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    const upvoted = {
      upvotedBy: ['owen.levain', 'anna.bakes'],
      downvotedBy: [],
      upvotes: 7,
      downvotes: 0,
      myVote: 'upvote' as const,
    };
    const { api, landOlder } = withOlderAnswersHeld((changeFirstPage) => ({
      'POST /api/votes/vote/4/11': () => {
        changeFirstPage((answer) => (answer._id === '11' ? { ...answer, votes: upvoted } : answer));
        return { body: { votes: upvoted } };
      },
    }));
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Load more answers' }));
    const [first] = screen.getAllByRole('article', { name: /^Answer by/ });
    const score = () => within(first!).getByLabelText(/^Score/);
    await user.click(within(first!).getByRole('button', { name: 'Upvote answer' }));
    await waitFor(() => expect(api.calls('POST /api/votes/vote/4/11')).toHaveLength(1));

    // The older answers land late: they must not bring back the votes as they were before the click.
    landOlder();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(score()).toHaveTextContent('7');
    expect(within(first!).getByRole('button', { name: 'Upvote answer' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Load more answers' }));
    expect(await screen.findByText('A third way.')).toBeInTheDocument();
    expect(score()).toHaveTextContent('7');
  });

  it("keeps an answer's new comment counted while Load more answers is on its way", async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    const added = answerComment({ _id: '111', answerId: '11', commentText: 'Cool it first.' });
    const { api, landOlder } = withOlderAnswersHeld((changeFirstPage) => ({
      'POST /api/comments/add/4/11': () => {
        changeFirstPage((answer) => (answer._id === '11' ? { ...answer, commentCount: 1, comments: [added] } : answer));
        return { status: 201, body: { comments: [added], nextCursor: null, comment: added } };
      },
    }));
    const user = userEvent.setup();
    renderPage();

    const [first] = await screen.findAllByRole('article', { name: /^Answer by/ });
    await user.click(within(first!).getByRole('button', { name: '0 Comments' }));
    await user.click(screen.getByRole('button', { name: 'Load more answers' }));
    await user.click(await within(first!).findByRole('button', { name: 'Add a comment' }));
    await user.type(within(first!).getByRole('textbox', { name: 'Add a comment' }), 'Cool it first.');
    await user.click(within(first!).getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(api.calls('POST /api/comments/add/4/11')).toHaveLength(1));
    expect(await within(first!).findByRole('button', { name: '1 Comment' })).toBeInTheDocument();

    // The older answers land late: they must not bring back the count as it was before the comment.
    landOlder();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(within(first!).getByRole('button', { name: '1 Comment' })).toBeInTheDocument();
    expect(within(first!).getByText('Cool it first.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more answers' }));
    expect(await screen.findByText('A third way.')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: '1 Comment' })).toBeInTheDocument();
  });

  it('shows an answer vote at once and rolls it back with the message when it fails', async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    let fail: (value: { status: number; body: unknown }) => void = () => {};
    const api = mockFetch({
      'GET /api/questions/4': { body: { question: makeFullQuestion() } },
      'POST /api/votes/vote/4/11': () => new Promise((resolve) => (fail = resolve)),
    });
    renderPage();

    const [first] = await screen.findAllByRole('article', { name: /^Answer by/ });
    const score = () => within(first!).getByLabelText(/^Score/);
    expect(score()).toHaveTextContent('6');
    await userEvent.click(within(first!).getByRole('button', { name: 'Upvote answer' }));
    expect(score()).toHaveTextContent('7');
    expect(api.calls('POST /api/votes/vote/4/11')[0]?.body).toEqual({ reaction: 'upvote' });

    fail({ status: 404, body: { errors: ['Answer not found.'] } });
    expect(await screen.findByText('Answer not found.')).toBeInTheDocument();
    expect(score()).toHaveTextContent('6');
  });

  it('leaves the page of a post deleted even when its dialog was closed before the answer came', async () => {
    const { user, answerDelete } = withSlowDelete();
    renderPage();

    await deleteThenEscape(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    answerDelete();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/explore'));
    expect(screen.getByText('Post deleted.')).toBeInTheDocument();
  });

  it('stays where the reader went if a delete is answered after they left the post', async () => {
    const { user, answerDelete } = withSlowDelete();
    renderWithProviders(
      <>
        <Link to="/profile">Profile</Link>
        <QuestionPage />
      </>,
      { route: '/question/4', path: '/question/:questionId' },
    );

    await deleteThenEscape(user);
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');

    answerDelete();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });

  it('keeps a later answer vote the server took when an earlier one fails after it', async () => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    let fail: (value: { status: number; body: unknown }) => void = () => {};
    const downvoted = {
      upvotedBy: ['owen.levain'],
      downvotedBy: ['anna.bakes'],
      upvotes: 6,
      downvotes: 1,
      myVote: 'downvote',
    };
    mockFetch({
      'GET /api/questions/4': { body: { question: makeFullQuestion() } },
      'POST /api/votes/vote/4/11': ({ body }) =>
        (body as { reaction: string }).reaction === 'upvote'
          ? new Promise((resolve) => (fail = resolve))
          : { body: { votes: downvoted } },
    });
    renderPage();

    const [first] = await screen.findAllByRole('article', { name: /^Answer by/ });
    const score = () => within(first!).getByLabelText(/^Score/);
    await userEvent.click(within(first!).getByRole('button', { name: 'Upvote answer' }));
    await userEvent.click(within(first!).getByRole('button', { name: 'Downvote answer' }));
    await waitFor(() => expect(score()).toHaveTextContent('5'));

    fail({ status: 500, body: { errors: ['Some error occurred. Try Again!'] } });
    expect(await screen.findByText('Some error occurred. Try Again!')).toBeInTheDocument();
    expect(score()).toHaveTextContent('5');
    expect(within(first!).getByRole('button', { name: 'Downvote answer' })).toHaveAttribute('aria-pressed', 'true');
  });

  describe('an answer vote or delete that waited offline, when another baker signed in meanwhile', () => {
    /** Presses while offline, lets another tab sign in as ben, then brings the connection back. */
    async function offlineThenBenSignsIn(press: (answer: HTMLElement) => Promise<void>) {
      const [first] = await screen.findAllByRole('article', { name: /^Answer by/ });
      act(() => onlineManager.setOnline(false));
      try {
        await press(first!);
        otherTabSignsIn(makeUser({ _id: '8', id: '8', username: 'ben.bakes' }));
        act(() => onlineManager.setOnline(true));
        expect(await screen.findByText('Your session has ended. Sign in again.')).toBeInTheDocument();
      } finally {
        onlineManager.setOnline(true);
      }
      return first!;
    }

    it('never sends the vote as them, and undoes it', async () => {
      authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
      const api = mockFetch({
        'GET /api/questions/4': { body: { question: makeFullQuestion() } },
        'POST /api/votes/vote/4/11': { body: { votes: makeAnswer().votes } },
      });
      renderPage();
      const first = await offlineThenBenSignsIn(async (answer) => {
        await userEvent.click(within(answer).getByRole('button', { name: 'Upvote answer' }));
        expect(within(answer).getByLabelText(/^Score/)).toHaveTextContent('7');
      });
      expect(api.calls('POST /api/votes/vote/4/11')).toHaveLength(0);
      await waitFor(() => expect(within(first).getByLabelText(/^Score/)).toHaveTextContent('6'));
      expect(authStore.getSession()?.user.username).toBe('ben.bakes');
    });

    it('never sends the delete as them, and keeps the answer', async () => {
      authStore.signIn('token', makeUser({ username: 'owen.levain' }));
      const api = mockFetch({
        'GET /api/questions/4': { body: { question: makeFullQuestion() } },
        'DELETE /api/answers/delete/4/11': { status: 201, body: { answers: [], nextCursor: null } },
      });
      renderPage();
      await offlineThenBenSignsIn(async (answer) => {
        await userEvent.click(within(answer).getByRole('button', { name: 'Delete answer' }));
        await userEvent.click(
          within(screen.getByRole('dialog', { name: 'Delete this answer?' })).getByRole('button', { name: 'Delete' }),
        );
      });
      expect(api.calls('DELETE /api/answers/delete/4/11')).toHaveLength(0);
      expect(screen.getAllByRole('article', { name: /^Answer by/, hidden: true })).toHaveLength(2);
    });
  });
});
