import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CommentJson, QuestionJson } from '../../../../shared/api-types';
import { authStore } from '../../../lib/auth-store';
import { makeQuestion, makeUser } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { otherTabSignsIn } from '../../../testing/other-tab';
import { createTestQueryClient, renderWithProviders } from '../../../testing/render';
import { questionKeys } from '../../questions/api/query-keys';
import { CommentsSection } from './CommentsSection';

function makeComment(overrides: Partial<CommentJson> = {}): CommentJson {
  return {
    _id: '10',
    questionId: '4',
    answerId: null,
    username: 'owen.levain',
    firstName: 'Owen',
    lastName: 'Gallagher',
    commentText: 'Fairly deep chestnut on top.',
    createdAt: '2026-10-11T21:16:58.552Z',
    updatedAt: '2026-10-11T21:16:58.552Z',
    ...overrides,
  };
}

const existing = makeComment();

function signIn(username = 'anna.bakes') {
  authStore.signIn('token', makeUser({ username }));
}

describe('CommentsSection', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('lists a thread with names, usernames and text shown as text, and pages with Load more comments', async () => {
    const api = mockFetch({
      'GET /api/comments/4': ({ query }) =>
        query.get('cursor') === 'next'
          ? { body: { comments: [makeComment({ _id: '9', commentText: 'An older one' })], nextCursor: null } }
          : {
              body: {
                comments: [
                  existing,
                  makeComment({
                    _id: '11',
                    firstName: '',
                    lastName: '',
                    username: 'kenji.pan',
                    commentText: '<b>bold?</b>',
                  }),
                ],
                nextCursor: 'next',
              },
            },
    });
    renderWithProviders(<CommentsSection questionId="4" />);

    const list = await screen.findByRole('list', { name: 'Comments on this post' });
    expect(within(list).getByText('Owen Gallagher')).toBeInTheDocument();
    expect(within(list).getByText('@owen.levain')).toBeInTheDocument();
    expect(within(list).getByText('@kenji.pan')).toBeInTheDocument();
    expect(within(list).getByText('<b>bold?</b>')).toBeInTheDocument();
    expect(list.querySelector('b')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await within(list).findByText('An older one')).toBeInTheDocument();
    expect(api.calls('GET /api/comments/4').map((r) => r.query.get('cursor'))).toEqual([null, 'next']);
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
    // The button went with the last page: keyboard focus goes on to the first comment it brought.
    await waitFor(() => expect(within(list).getByText('An older one').closest('li')).toHaveFocus());
  });

  it('keeps the comments shown when Load more comments fails, and the button tries again', async () => {
    let olderFails = true;
    mockFetch({
      'GET /api/comments/4': ({ query }) => {
        if (query.get('cursor') !== 'next') return { body: { comments: [existing], nextCursor: 'next' } };
        return olderFails
          ? { status: 500, body: { errors: ['Something went wrong.'] } }
          : { body: { comments: [makeComment({ _id: '9', commentText: 'An older one' })], nextCursor: null } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CommentsSection questionId="4" />);

    const list = await screen.findByRole('list', { name: 'Comments on this post' });
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some error occurred. Try reloading!');
    expect(within(list).getByText('Fairly deep chestnut on top.')).toBeInTheDocument();

    olderFails = false;
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await within(list).findByText('An older one')).toBeInTheDocument();
    expect(within(list).getByText('Fairly deep chestnut on top.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a comment added while older comments are loading', async () => {
    signIn();
    const added = makeComment({ _id: '12', username: 'anna.bakes', commentText: 'Try a linen bag' });
    let stored = [existing];
    const older = makeComment({ _id: '9', commentText: 'An older one' });
    const held: { answerOlder?: (value: { body: unknown }) => void } = {};
    const olderPage = { body: { comments: [older], nextCursor: null } };
    mockFetch({
      'GET /api/comments/4': ({ query }) => {
        if (query.get('cursor') !== 'next') return { body: { comments: stored, nextCursor: 'next' } };
        // The first request for older comments is held back; any later one is answered at once.
        return held.answerOlder ? olderPage : new Promise((resolve) => (held.answerOlder = resolve));
      },
      'POST /api/comments/add/4': () => {
        stored = [added, existing];
        return { status: 201, body: { comments: stored, nextCursor: 'next', comment: added } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CommentsSection questionId="4" />);

    const list = await screen.findByRole('list', { name: 'Comments on this post' });
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Try a linen bag');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await within(list).findByText('Try a linen bag')).toBeInTheDocument();

    // The older page the reader asked for lands late: the new comment must stay.
    held.answerOlder?.(olderPage);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(within(list).getByText('Try a linen bag')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Load more comments' }));
    expect(await within(list).findByText('An older one')).toBeInTheDocument();
    expect(within(list).getByText('Try a linen bag')).toBeInTheDocument();
  });

  it('offers signed-out visitors a link to sign in instead of the box', async () => {
    mockFetch({ 'GET /api/comments/4': { body: { comments: [existing], nextCursor: null } } });
    renderWithProviders(<CommentsSection questionId="4" />, { route: '/question/4', path: '/question/:questionId' });

    await screen.findByText(existing.commentText);
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in to comment' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/signIn');
  });

  it("shows 'Required' for an empty comment without sending it, clears it on typing, and clears the box after success", async () => {
    signIn();
    const added = makeComment({
      _id: '12',
      username: 'anna.bakes',
      firstName: 'Anna',
      lastName: 'Berg',
      commentText: 'Try a linen bag',
    });
    const api = mockFetch({
      'GET /api/comments/4': { body: { comments: [existing], nextCursor: null } },
      'POST /api/comments/add/4': {
        status: 201,
        body: { comments: [added, existing], nextCursor: null, comment: added },
      },
    });
    const queryClient = createTestQueryClient();
    // As in the app: data fetched moments ago is fresh.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, staleTime: 30_000 } });
    queryClient.setQueryData(questionKeys.detail('4'), { ...makeQuestion({ commentCount: 1 }), comments: [existing] });
    renderWithProviders(<CommentsSection questionId="4" />, { queryClient });

    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    const send = screen.getByRole('button', { name: 'Comment' });
    await userEvent.click(send);
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();
    await userEvent.type(box, '   ');
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    await userEvent.click(send);
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(api.calls('POST /api/comments/add/4')).toHaveLength(0);

    await userEvent.clear(box);
    await userEvent.type(box, '  Try a linen bag ');
    await userEvent.click(send);

    await waitFor(() => expect(box).toHaveValue(''));
    const [request] = api.calls('POST /api/comments/add/4');
    expect(request?.body).toEqual({ commentData: { commentText: 'Try a linen bag', _id: expect.any(String) } });
    expect(request?.headers.authorization).toBe('Bearer token');
    const items = within(screen.getByRole('list', { name: 'Comments on this post' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Try a linen bag'),
      expect.stringContaining(existing.commentText),
    ]);
    expect(await screen.findByText('Comment added.')).toBeInTheDocument();
    expect(queryClient.getQueryData<QuestionJson>(questionKeys.detail('4'))?.commentCount).toBe(2);
    // The question's comments came with the question, so the list needed no request of its own.
    expect(api.calls('GET /api/comments/4')).toHaveLength(0);
  });

  it("adds an answer's comment at the end of its thread", async () => {
    signIn();
    const first = makeComment({ answerId: '11' });
    const added = makeComment({ _id: '13', answerId: '11', username: 'anna.bakes', commentText: 'Me too' });
    const api = mockFetch({
      'POST /api/comments/add/4/11': {
        status: 201,
        body: { comments: [first, added], nextCursor: null, comment: added },
      },
    });
    renderWithProviders(
      <CommentsSection questionId="4" answerId="11" initialComments={{ comments: [first], loadedAt: Date.now() }} />,
    );

    // An answer's box opens on demand and closes again once the comment is in.
    await userEvent.click(screen.getByRole('button', { name: 'Add a comment' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Me too');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));

    const list = screen.getByRole('list', { name: 'Comments on this answer' });
    await within(list).findByText('Me too');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining(first.commentText), expect.stringContaining('Me too')]);
    expect(api.calls('POST /api/comments/add/4/11')[0]?.body).toMatchObject({ commentData: { commentText: 'Me too' } });
  });

  it("puts an answer's comment after Load more comments while older ones are still to load, then in its place", async () => {
    signIn();
    const first = makeComment({ answerId: '11' });
    const older = makeComment({ _id: '12', answerId: '11', commentText: 'An older one' });
    const added = makeComment({ _id: '13', answerId: '11', username: 'anna.bakes', commentText: 'Me too' });
    const api = mockFetch({
      'GET /api/comments/4/11': ({ query }) => ({
        body:
          query.get('cursor') === 'next'
            ? { comments: [older, added], nextCursor: null }
            : { comments: [first], nextCursor: 'next' },
      }),
      'POST /api/comments/add/4/11': { status: 201, body: { comments: [first], nextCursor: 'next', comment: added } },
      'POST /api/comments/edit/4/11/13': { body: { comments: [first], nextCursor: 'next' } },
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<CommentsSection questionId="4" answerId="11" />);
    const loadMore = await screen.findByRole('button', { name: 'Load more comments' });

    await user.click(screen.getByRole('button', { name: 'Add a comment' }));
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Me too');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    const mine = await screen.findByText('Me too');
    expect(loadMore.compareDocumentPosition(mine) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // A refetch of the loaded page cannot bring it and does not take it away; an edit reaches it.
    await queryClient.refetchQueries({ queryKey: ['comments', '4', '11'] });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await user.click(screen.getByRole('button', { name: 'Edit comment' }));
    const box = screen.getByRole('textbox', { name: 'Edit comment' });
    await user.clear(box);
    await user.type(box, 'Me too, twice');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Me too, twice')).toBeInTheDocument();
    expect(api.calls('POST /api/comments/edit/4/11/13')).toHaveLength(1);

    await user.click(loadMore);
    await screen.findByText('An older one');
    const texts = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(texts).toEqual([
      expect.stringContaining(first.commentText),
      expect.stringContaining('An older one'),
      expect.stringContaining('Me too'),
    ]);
  });

  it("keeps the text and shows the server's message in the snackbar when adding fails", async () => {
    signIn();
    mockFetch({
      'GET /api/comments/4': { body: { comments: [], nextCursor: null } },
      'POST /api/comments/add/4': { status: 404, body: { errors: ['Question not found.'] } },
    });
    renderWithProviders(<CommentsSection questionId="4" />);

    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(box, 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Question not found.')).toBeInTheDocument();
    expect(box).toHaveValue('Hello');
  });

  it('lets the author edit their comment and the question author delete any comment, after confirming', async () => {
    signIn('owen.levain');
    const other = makeComment({
      _id: '20',
      username: 'kenji.pan',
      firstName: 'Kenji',
      lastName: 'Mori',
      commentText: 'Off topic',
    });
    const api = mockFetch({
      'GET /api/comments/4': { body: { comments: [existing, other], nextCursor: null } },
      'POST /api/comments/edit/4/10': { status: 201, body: { comments: [other], nextCursor: null } },
      'DELETE /api/comments/delete/4/20': { status: 201, body: { comments: [], nextCursor: null } },
    });
    renderWithProviders(<CommentsSection questionId="4" questionAuthor="owen.levain" />);

    const list = await screen.findByRole('list', { name: 'Comments on this post' });
    expect(within(list).getAllByRole('button', { name: 'Edit comment' })).toHaveLength(1);
    expect(within(list).getAllByRole('button', { name: 'Delete comment' })).toHaveLength(2);

    await userEvent.click(within(list).getByRole('button', { name: 'Edit comment' }));
    const editBox = screen.getByRole('textbox', { name: 'Edit comment' });
    await userEvent.clear(editBox);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Required')).toBeInTheDocument();
    await userEvent.type(editBox, 'Deep chestnut all over');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('Deep chestnut all over')).toBeInTheDocument();
    expect(api.calls('POST /api/comments/edit/4/10')[0]?.body).toEqual({
      commentData: { commentText: 'Deep chestnut all over' },
    });

    const offTopic = within(list).getByText('Off topic').closest('li')!;
    await userEvent.click(within(offTopic).getByRole('button', { name: 'Delete comment' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this comment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).queryByText('Off topic')).not.toBeInTheDocument());
    expect(api.calls('DELETE /api/comments/delete/4/20')).toHaveLength(1);
    expect(await screen.findByText('Comment deleted.')).toBeInTheDocument();
    await waitFor(() => expect(list.parentElement).toHaveFocus());
  });

  it("keeps an edit open through the Escape that cancels an input method's conversion; Escape alone ends it", async () => {
    signIn('owen.levain');
    const api = mockFetch({ 'GET /api/comments/4': { body: { comments: [existing], nextCursor: null } } });
    renderWithProviders(<CommentsSection questionId="4" questionAuthor="owen.levain" />);

    const list = await screen.findByRole('list', { name: 'Comments on this post' });
    await userEvent.click(within(list).getByRole('button', { name: 'Edit comment' }));
    const editBox = screen.getByRole('textbox', { name: 'Edit comment' });
    await userEvent.type(editBox, ' 焼き色');
    fireEvent.keyDown(editBox, { key: 'Escape', isComposing: true });
    fireEvent.keyDown(editBox, { key: 'Escape', keyCode: 229 });
    expect(editBox).toBeInTheDocument();
    expect(editBox).toHaveValue(`${existing.commentText} 焼き色`);

    fireEvent.keyDown(editBox, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Edit comment' })).not.toBeInTheDocument();
    expect(within(list).getByText(existing.commentText)).toBeInTheDocument();
    expect(api.calls('POST /api/comments/edit/4/10')).toHaveLength(0);
  });

  it('never sends a comment delete that waited offline as another baker who signed in meanwhile', async () => {
    signIn('owen.levain');
    const api = mockFetch({
      'GET /api/comments/4': { body: { comments: [existing], nextCursor: null } },
      'DELETE /api/comments/delete/4/10': { status: 201, body: { comments: [], nextCursor: null } },
    });
    renderWithProviders(<CommentsSection questionId="4" questionAuthor="owen.levain" />);
    const list = await screen.findByRole('list', { name: 'Comments on this post' });
    act(() => onlineManager.setOnline(false));
    try {
      await userEvent.click(within(list).getByRole('button', { name: 'Delete comment' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete this comment?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      otherTabSignsIn(makeUser({ _id: '8', id: '8', username: 'ben.bakes' }));
      act(() => onlineManager.setOnline(true));
      expect(await screen.findByText('Your session has ended. Sign in again.')).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
    expect(api.calls('DELETE /api/comments/delete/4/10')).toHaveLength(0);
    expect(within(list).getByText('Fairly deep chestnut on top.')).toBeInTheDocument();
  });

  it("closes a comment's Delete dialog when another baker signs in, and sends nothing", async () => {
    signIn('owen.levain');
    const api = mockFetch({
      'GET /api/comments/4': { body: { comments: [existing], nextCursor: null } },
      'DELETE /api/comments/delete/4/10': { status: 201, body: { comments: [], nextCursor: null } },
    });
    renderWithProviders(<CommentsSection questionId="4" questionAuthor="owen.levain" />);
    const list = await screen.findByRole('list', { name: 'Comments on this post' });
    await userEvent.click(within(list).getByRole('button', { name: 'Delete comment' }));
    expect(screen.getByRole('dialog', { name: 'Delete this comment?' })).toBeInTheDocument();

    otherTabSignsIn(makeUser({ _id: '8', id: '8', username: 'ben.bakes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(list).queryByRole('button', { name: 'Delete comment' })).not.toBeInTheDocument();
    expect(within(list).getByText('Fairly deep chestnut on top.')).toBeInTheDocument();
    expect(api.calls('DELETE /api/comments/delete/4/10')).toHaveLength(0);
  });

  it("shows no Delete on other people's comments to someone who wrote neither the comment nor the post", async () => {
    signIn('someone.else');
    mockFetch({ 'GET /api/comments/4': { body: { comments: [existing], nextCursor: null } } });
    renderWithProviders(<CommentsSection questionId="4" questionAuthor="anna.bakes" />);
    await screen.findByText(existing.commentText);
    expect(screen.queryByRole('button', { name: /comment$/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toBeInTheDocument();
  });
});
