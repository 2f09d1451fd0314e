import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { makeQuestion, makeUser } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render';
import { keepDraft, peekKeptDraft } from '../../../lib/kept-drafts';
import { NEW_POST_DRAFT } from '../api/add-question';
import { POST_EDIT_DRAFT } from '../api/edit-question';
import { questionKeys } from '../api/query-keys';
import NewPostDialog from './NewPostDialog';
import type { QuestionSummaryJson } from '../../../../shared/api-types';
import { otherTabSignsIn } from '../../../testing/other-tab';

/** The dialog as the app mounts it: open until it asks to close. */
function Harness({ question }: { question?: QuestionSummaryJson }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <NewPostDialog open onOpenChange={setOpen} {...(question ? { question } : {})} />
  ) : (
    <p>Dialog closed</p>
  );
}

/** The dialog kept mounted between openings, to see that it starts empty again. */
function ReopenHarness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open again
      </button>
      <NewPostDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

const ben = makeUser({ _id: '8', id: '8', username: 'ben.bakes', firstName: 'Ben' });

const page = { questions: [makeQuestion({ _id: '9', id: '9', questionTitle: 'Rye starter' })], nextCursor: null };

beforeEach(() => {
  sessionStorage.clear();
  authStore.signIn('token-1', makeUser());
});

describe('NewPostDialog', () => {
  it("drops another baker's kept post unseen, and keeps this baker's edit of another post", async () => {
    mockFetch();
    sessionStorage.clear();
    keepDraft('ben.bakes', NEW_POST_DRAFT, { questionTitle: "Ben's", questionText: 'Private.', tags: [] });
    const { unmount } = renderWithProviders(<Harness />);
    expect(screen.getByLabelText('Post Title')).toHaveValue('');
    await waitFor(() => expect(sessionStorage.getItem('crumb.keptDrafts')).toBeNull());
    unmount();

    const other = makeQuestion({ _id: '5', id: '5', questionTitle: 'Another post', username: 'anna.bakes' });
    const kept = { questionTitle: 'Kept title', questionText: 'Kept.', tags: [] };
    keepDraft('anna.bakes', POST_EDIT_DRAFT, { question: other, questionData: kept });
    renderWithProviders(<Harness question={makeQuestion({ _id: '9', id: '9', username: 'anna.bakes' })} />);
    expect(screen.getByLabelText('Post Title')).not.toHaveValue('Kept title');
    expect(peekKeptDraft('anna.bakes', POST_EDIT_DRAFT)).toEqual({ question: other, questionData: kept });
  });

  it('keeps the text on screen while another tab has signed out; Post keeps it for its author and leads to sign in', async () => {
    const api = mockFetch();
    const user = userEvent.setup();
    renderWithProviders(<Harness />, { path: '/explore', route: '/explore' });
    await user.type(screen.getByLabelText('Post Title'), 'Rye starter');
    await user.type(screen.getByLabelText('Description'), 'How often?');

    otherTabSignsIn(null);
    expect(screen.getByLabelText('Post Title')).toHaveValue('Rye starter');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/signIn');
    expect(api.requests).toHaveLength(0);
    expect(peekKeptDraft('anna.bakes', NEW_POST_DRAFT)).toEqual({
      questionTitle: 'Rye starter',
      questionText: 'How often?',
      tags: [],
    });
  });

  it('never sends New Post as another baker signed in from another tab: their dialog is empty', async () => {
    const api = mockFetch({ 'POST /api/questions/add': { status: 201, body: page } });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText('Post Title'), "Anna's starter");
    await user.type(screen.getByLabelText('Description'), 'Only Anna may post this.');

    otherTabSignsIn(null);
    otherTabSignsIn(ben);
    expect(screen.getByLabelText('Post Title')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(screen.getByLabelText('Post Title')).toHaveAccessibleDescription('Required');
    expect(api.requests).toHaveLength(0);
  });

  it('never sends a post that waited offline as another baker who signed in meanwhile: it is kept for its author', async () => {
    const api = mockFetch({ 'POST /api/questions/add': { status: 201, body: page } });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText('Post Title'), "Anna's starter");
    await user.type(screen.getByLabelText('Description'), 'Only Anna may post this.');
    act(() => onlineManager.setOnline(false));
    try {
      await user.click(screen.getByRole('button', { name: 'Post' }));
      otherTabSignsIn(null);
      otherTabSignsIn(ben);
      act(() => onlineManager.setOnline(true));
      await waitFor(() =>
        expect(peekKeptDraft('anna.bakes', NEW_POST_DRAFT)).toEqual({
          questionTitle: "Anna's starter",
          questionText: 'Only Anna may post this.',
          tags: [],
        }),
      );
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(api.requests).toHaveLength(0);
      expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Sign in again.');
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('closes Edit Post when another baker signs in from another tab, sending nothing as them', async () => {
    const api = mockFetch({ 'POST /api/questions/edit/9': { status: 201, body: page } });
    const user = userEvent.setup();
    renderWithProviders(<Harness question={makeQuestion({ _id: '9', id: '9', questionTitle: 'Rye starter' })} />);
    await user.type(screen.getByLabelText('Post Title'), ' schedule');

    otherTabSignsIn(null);
    otherTabSignsIn(ben);
    expect(await screen.findByText('Dialog closed')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('keeps New Post for its author when it goes with their session (a guard sends them to sign in), and gives it back on their return', async () => {
    mockFetch();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText('Post Title'), 'Rye starter');
    await user.type(screen.getByLabelText('Description'), 'How often?');

    otherTabSignsIn(null);
    unmount();
    const typed = { questionTitle: 'Rye starter', questionText: 'How often?', tags: [] };
    expect(peekKeptDraft('anna.bakes', NEW_POST_DRAFT)).toEqual(typed);

    authStore.signIn('token-2', makeUser());
    renderWithProviders(<Harness />);
    expect(screen.getByLabelText('Post Title')).toHaveValue('Rye starter');
    expect(screen.getByLabelText('Description')).toHaveValue('How often?');
    await waitFor(() => expect(peekKeptDraft('anna.bakes', NEW_POST_DRAFT)).toBeUndefined());
  });

  it('keeps Edit Post for its author when it goes with their session, and gives it back on their return', async () => {
    mockFetch();
    const user = userEvent.setup();
    const question = makeQuestion({ _id: '9', id: '9', questionTitle: 'Rye starter', questionText: 'Feeding?' });
    const { unmount } = renderWithProviders(<Harness question={question} />);
    await user.type(screen.getByLabelText('Post Title'), ' schedule');

    otherTabSignsIn(null);
    unmount();
    expect(peekKeptDraft('anna.bakes', POST_EDIT_DRAFT)).toEqual({
      question,
      questionData: { questionTitle: 'Rye starter schedule', questionText: 'Feeding?', tags: ['Breads'] },
    });

    authStore.signIn('token-2', makeUser());
    renderWithProviders(<Harness question={question} />);
    expect(screen.getByLabelText('Post Title')).toHaveValue('Rye starter schedule');
    await waitFor(() => expect(peekKeptDraft('anna.bakes', POST_EDIT_DRAFT)).toBeUndefined());
  });

  it('opens with the title focused, ready to type in', async () => {
    mockFetch();
    renderWithProviders(<Harness />);
    await waitFor(() => expect(screen.getByLabelText('Post Title')).toHaveFocus());
  });

  it("shows 'Required' under an empty title and description, and clears each once it is edited", async () => {
    const api = mockFetch();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    const dialog = screen.getByRole('dialog', { name: 'New Post' });
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));

    expect(screen.getByLabelText('Post Title')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Post Title')).toHaveFocus();

    await user.type(screen.getByLabelText('Post Title'), 'Rye starter');
    expect(screen.getByLabelText('Post Title')).not.toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Required');
    expect(api.requests).toHaveLength(0);
  });

  it("shows 'Required' for a title and description of characters that draw nothing, and sends nothing", async () => {
    const api = mockFetch();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.type(screen.getByLabelText('Post Title'), '\u200B\u3164');
    await user.type(screen.getByLabelText('Description'), '\u2800 \u200D');
    await user.click(within(screen.getByRole('dialog', { name: 'New Post' })).getByRole('button', { name: 'Post' }));

    expect(screen.getByLabelText('Post Title')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Required');
    expect(api.requests).toHaveLength(0);
  });

  it('counts the title in characters as the server does: 200 emoji pass, 201 are refused unsent', async () => {
    const api = mockFetch({ 'POST /api/questions/add': { status: 201, body: page } });
    renderWithProviders(<Harness />);
    const title = screen.getByLabelText('Post Title');
    const post = within(screen.getByRole('dialog', { name: 'New Post' })).getByRole('button', { name: 'Post' });

    fireEvent.change(title, { target: { value: '🥐'.repeat(201) } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Laminated by hand.' } });
    fireEvent.click(post);
    expect(title).toHaveAccessibleDescription('Must be at most 200 characters.');
    expect(api.requests).toHaveLength(0);

    fireEvent.change(title, { target: { value: '🥐'.repeat(200) } });
    expect(title).not.toHaveAccessibleDescription('Must be at most 200 characters.');
    fireEvent.click(post);
    await waitFor(() => expect(api.requests).toHaveLength(1));
  });

  it("says 'Post added.' once the post is saved, wherever the dialog was opened", async () => {
    mockFetch({ 'POST /api/questions/add': { status: 201, body: page } });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText('Post Title'), 'Rye starter');
    await user.type(screen.getByLabelText('Description'), 'How often do you feed it?');
    expect(screen.queryByText('Post added.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Dialog closed')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Post added.');
  });

  it("says 'Upto three tags allowed' with a fourth tag, until a tag is removed", async () => {
    const api = mockFetch({ 'POST /api/questions/add': { status: 201, body: page } });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText('Post Title'), 'Rye starter');
    await user.type(screen.getByLabelText('Description'), 'How often do you feed it?');

    const tags = screen.getByRole('combobox', { name: 'Tags' });
    expect(tags).toHaveAttribute('placeholder', 'Choose 3 tags');
    await user.click(tags);
    const listbox = screen.getByRole('listbox', { name: 'Tags' });
    for (const tag of ['Cake', 'Baking', 'Breads']) {
      await user.click(within(listbox).getByRole('option', { name: tag }));
    }
    // Three tags are all a post may have: the list closes, uncovering Cancel and Post.
    expect(tags).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox', { name: 'Tags' })).not.toBeInTheDocument();
    expect(tags).toHaveFocus();
    await user.click(tags);
    await user.click(within(listbox).getByRole('option', { name: 'Icing' }));
    expect(screen.getByRole('list', { name: 'Selected tags' })).toHaveTextContent('Icing');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(tags).toHaveAccessibleDescription(expect.stringContaining('Upto three tags allowed'));
    expect(api.requests).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Icing' }));
    expect(screen.queryByText('Upto three tags allowed')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Dialog closed')).toBeInTheDocument();
    expect(api.calls('POST /api/questions/add')[0]?.body).toEqual({
      questionData: {
        questionTitle: 'Rye starter',
        questionText: 'How often do you feed it?',
        tags: ['Cake', 'Baking', 'Breads'],
      },
    });
  });

  it('adds a typed tag with Enter, works from the keyboard, and Backspace removes the last chip', async () => {
    mockFetch();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const tags = screen.getByRole('combobox', { name: 'Tags' });

    await user.click(tags);
    expect(tags).toHaveAttribute('aria-expanded', 'true');
    await user.type(tags, 'Sourdough{Enter}');
    expect(screen.getByRole('list', { name: 'Selected tags' })).toHaveTextContent('Sourdough');
    expect(tags).toHaveValue('');

    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: 'Cake' });
    expect(tags).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Cake' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(tags).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog', { name: 'New Post' })).toBeInTheDocument();

    await user.keyboard('{Backspace}');
    expect(screen.queryByRole('button', { name: 'Remove Cake' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Sourdough' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(await screen.findByText('Dialog closed')).toBeInTheDocument();
  });

  it('takes an offered tag the typed text begins with Enter, and the text as typed otherwise', async () => {
    mockFetch();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const tags = screen.getByRole('combobox', { name: 'Tags' });

    await user.type(tags, 'cookie');
    const options = within(screen.getByRole('listbox', { name: 'Tags' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Cookies', 'Add “cookie”']);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Cookies' })).toBeInTheDocument();

    // The text as typed is one Arrow Down away.
    await user.type(tags, 'bread');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('button', { name: 'Remove bread' })).toBeInTheDocument();

    // An offered tag that merely holds the text comes after it.
    await user.click(screen.getByRole('button', { name: 'Remove bread' }));
    await user.type(tags, 'read');
    const held = within(screen.getByRole('listbox', { name: 'Tags' })).getAllByRole('option');
    expect(held.map((option) => option.textContent)).toEqual(['Add “read”', 'Breads', 'Wheat Bread']);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove read' })).toBeInTheDocument();
  });

  it('leaves keys to an input method while it composes: its Enter picks no tag, its Escape closes neither the list nor the dialog', async () => {
    mockFetch();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const tags = screen.getByRole('combobox', { name: 'Tags' });

    await user.type(tags, 'ケーキ');
    expect(tags).toHaveAttribute('aria-expanded', 'true');
    // The Enter that confirms the conversion, as Chrome and Firefox send it, then as Safari does.
    fireEvent.keyDown(tags, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(tags, { key: 'Enter', keyCode: 229 });
    fireEvent.keyDown(tags, { key: 'Escape', isComposing: true });
    expect(tags).toHaveValue('ケーキ');
    expect(tags).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('list', { name: 'Selected tags' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New Post' })).toBeInTheDocument();

    await user.type(tags, 'づくり{Enter}');
    expect(screen.getByRole('button', { name: 'Remove ケーキづくり' })).toBeInTheDocument();
    expect(tags).toHaveValue('');

    // In a field with no list of its own, the Escape that cancels a conversion leaves the dialog open.
    const title = screen.getByLabelText('Post Title');
    await user.type(title, 'パン');
    fireEvent.keyDown(title, { key: 'Escape', keyCode: 229 });
    fireEvent.keyDown(title, { key: 'Escape', isComposing: true });
    expect(screen.getByRole('dialog', { name: 'New Post' })).toBeInTheDocument();
    expect(title).toHaveValue('パン');
  });

  it('posts without tags, closes, starts empty next time, and refreshes the lists and the author profile', async () => {
    const api = mockFetch({ 'POST /api/questions/add': { status: 201, body: page } });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<ReopenHarness />);
    queryClient.setQueryData(questionKeys.list('explore', {}), { pages: [], pageParams: [] });
    queryClient.setQueryData(['users', 'detail', 'anna.bakes'], makeUser());

    await user.type(screen.getByLabelText('Post Title'), 'Rye starter');
    await user.type(screen.getByLabelText('Description'), 'How often?');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/questions/add')[0]?.body).toEqual({
      questionData: { questionTitle: 'Rye starter', questionText: 'How often?', tags: [] },
    });
    expect(queryClient.getQueryState(questionKeys.list('explore', {}))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['users', 'detail', 'anna.bakes'])?.isInvalidated).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Open again' }));
    expect(screen.getByLabelText('Post Title')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');
  });

  it('keeps the dialog open and shows the error when posting fails', async () => {
    mockFetch({ 'POST /api/questions/add': { status: 500, body: { errors: ['Some error occurred. Try Again!'] } } });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.type(screen.getByLabelText('Post Title'), 'Rye starter');
    await user.type(screen.getByLabelText('Description'), 'How often?');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('Some error occurred. Try Again!')).toBeInTheDocument();
    expect(screen.getByLabelText('Post Title')).toHaveValue('Rye starter');
  });

  it('adds a tag typed but not yet added when Post is pressed, keeping the case of an offered tag', async () => {
    const api = mockFetch({ 'POST /api/questions/add': { status: 201, body: page } });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.type(screen.getByLabelText('Post Title'), 'Rye starter');
    await user.type(screen.getByLabelText('Description'), 'How often?');
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'breads');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    await screen.findByText('Dialog closed');
    expect(api.calls('POST /api/questions/add')).toHaveLength(1);
    expect(api.calls('POST /api/questions/add')[0]?.body).toEqual({
      questionData: { questionTitle: 'Rye starter', questionText: 'How often?', tags: ['Breads'] },
    });
  });

  it('keeps a typed tag as typed when the window, not the field, loses focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(tags, 'Sourd');
    // Another app or tab: the field gets a blur but stays the page's active element.
    fireEvent.blur(tags);
    expect(tags).toHaveValue('Sourd');
    expect(screen.queryByRole('list', { name: 'Selected tags' })).not.toBeInTheDocument();
  });

  it('cannot be closed while posting, so a failure is still shown with the text', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    mockFetch({ 'POST /api/questions/add': () => new Promise((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.type(screen.getByLabelText('Post Title'), 'Rye starter');
    await user.type(screen.getByLabelText('Description'), 'How often?');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('button', { name: 'Posting…' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'New Post' })).toBeInTheDocument();

    answer({ status: 500, body: { errors: ['Some error occurred. Try Again!'] } });
    expect(await screen.findByText('Some error occurred. Try Again!')).toBeInTheDocument();
    expect(screen.getByLabelText('Post Title')).toHaveValue('Rye starter');
  });

  it('edits a post: prefilled, saved to its own address, and the cached copies updated', async () => {
    const question = makeQuestion({
      _id: '9',
      id: '9',
      questionTitle: 'Rye starter',
      questionText: 'Feeding?',
      tags: ['Breads'],
    });
    const edited = { ...question, questionTitle: 'Rye starter schedule' };
    const api = mockFetch({
      'POST /api/questions/edit/9': { status: 201, body: { questions: [edited], nextCursor: null } },
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<Harness question={question} />);
    queryClient.setQueryData(questionKeys.detail('9'), { ...question, comments: [], answers: [] });

    expect(screen.getByRole('dialog', { name: 'Edit Post' })).toBeInTheDocument();
    expect(screen.getByLabelText('Post Title')).toHaveValue('Rye starter');
    expect(screen.getByRole('button', { name: 'Remove Breads' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Post Title'), ' schedule');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Dialog closed')).toBeInTheDocument();
    expect(api.calls('POST /api/questions/edit/9')[0]?.body).toEqual({
      questionData: { questionTitle: 'Rye starter schedule', questionText: 'Feeding?', tags: ['Breads'] },
    });
    expect(queryClient.getQueryData<QuestionSummaryJson>(questionKeys.detail('9'))?.questionTitle).toBe(
      'Rye starter schedule',
    );
  });
});
