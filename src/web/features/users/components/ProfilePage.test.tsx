import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { makeQuestion, makeUser } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { otherTabSignsIn } from '../../../testing/other-tab';
import { createTestQueryClient, renderWithProviders } from '../../../testing/render';
import ProfilePage from './ProfilePage';

const anna = makeUser({ questionCount: 1, followerCount: 3, followingCount: 1, bio: 'Sourdough every Sunday.' });
const post = makeQuestion({ questionTitle: 'Why does my crust go soft?' });

function api(overrides: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/users/anna.bakes': { body: { user: anna } },
    'GET /api/user/questions/anna.bakes': { body: { questions: [post], nextCursor: null } },
    ...overrides,
  });
}

beforeEach(() => {
  authStore.signIn('token-1', makeUser({ bio: 'old bio' }));
});

describe('ProfilePage', () => {
  it('shows the fresh profile, its counts and bio, then My Posts', async () => {
    api();
    renderWithProviders(<ProfilePage />, { route: '/profile' });

    expect(screen.getByRole('heading', { level: 1, name: 'Anna Berg' })).toBeInTheDocument();
    expect(screen.getByText('@anna.bakes')).toBeInTheDocument();
    expect(await screen.findByText('Sourdough every Sunday.')).toBeInTheDocument();
    const stats = screen.getByRole('list', { name: 'Activity' });
    expect(stats).toHaveTextContent('1 post');
    expect(stats).toHaveTextContent('3 followers');
    expect(stats).toHaveTextContent('1 following');
    expect(await screen.findByRole('link', { name: 'Why does my crust go soft?' })).toBeInTheDocument();
    expect(authStore.getSession()?.user.followerCount).toBe(3);
  });

  it('lists the bakers you follow, each with Unfollow, which updates the counts from the server', async () => {
    const ben = makeUser({ _id: '21', id: '21', username: 'ben.rye', firstName: 'Ben' });
    const following = { ...anna, following: ['ben.rye'], followingCount: 1 };
    const after = { ...anna, following: [], followingCount: 0 };
    const requests = api({
      'GET /api/users/anna.bakes': { body: { user: following } },
      'GET /api/users/anna.bakes/following': { body: { users: [ben], nextCursor: null } },
      'POST /api/users/unfollow/21': { body: { user: after, followUser: ben } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });

    await user.click(await screen.findByText('Bakers you follow (1)'));
    await user.click(await screen.findByRole('button', { name: 'Unfollow @ben.rye' }));

    await waitFor(() => expect(requests.calls('POST /api/users/unfollow/21')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Activity' })).toHaveTextContent('0 following'));
    // The list stays while open, empty, so keyboard focus is kept on its button.
    const toggle = screen.getByRole('button', { name: 'Bakers you follow (0)' });
    await waitFor(() => expect(toggle).toHaveFocus());
    expect(screen.getByText('No users to display')).toBeInTheDocument();
    // Closed, it stays, focus with it.
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('pages through every baker you follow, past the 100 your profile names, only once the list is opened', async () => {
    const bakers = Array.from({ length: 101 }, (_, i) =>
      makeUser({ _id: String(100 + i), id: String(100 + i), username: `baker${i}` }),
    );
    const requests = api({
      'GET /api/users/anna.bakes': { body: { user: { ...anna, followingCount: 101 } } },
      'GET /api/users/anna.bakes/following': ({ query }) => ({
        body: query.get('cursor')
          ? { users: bakers.slice(100), nextCursor: null }
          : { users: bakers.slice(0, 100), nextCursor: 'c2' },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });

    const toggle = await screen.findByRole('button', { name: 'Bakers you follow (101)' });
    expect(requests.calls('GET /api/users/anna.bakes/following')).toHaveLength(0);
    await user.click(toggle);
    expect(await screen.findByRole('button', { name: 'Unfollow @baker99' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unfollow @baker100' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more bakers' }));
    expect(await screen.findByRole('button', { name: 'Unfollow @baker100' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more bakers' })).not.toBeInTheDocument();
    expect(requests.calls('GET /api/users/anna.bakes/following').map((r) => r.query.get('cursor'))).toEqual([
      null,
      'c2',
    ]);
  });

  it('drops an unfollowed baker from the list at once, without fetching it again', async () => {
    const ben = makeUser({ _id: '21', id: '21', username: 'ben.rye' });
    const cyd = makeUser({ _id: '22', id: '22', username: 'cyd.crumb' });
    const requests = api({
      'GET /api/users/anna.bakes': { body: { user: { ...anna, followingCount: 2 } } },
      'GET /api/users/anna.bakes/following': { body: { users: [ben, cyd], nextCursor: null } },
      'POST /api/users/unfollow/21': { body: { user: { ...anna, followingCount: 1 }, followUser: ben } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Bakers you follow (2)' }));
    await user.click(await screen.findByRole('button', { name: 'Unfollow @ben.rye' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unfollow @ben.rye' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Unfollow @cyd.crumb' })).not.toHaveAttribute('aria-disabled');
    expect(requests.calls('GET /api/users/anna.bakes/following')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Bakers you follow/ })).toHaveFocus());
  });

  it("keeps the baker and shows the server's message in a banner when an unfollow fails", async () => {
    const ben = makeUser({ _id: '21', id: '21', username: 'ben.rye' });
    api({
      'GET /api/users/anna.bakes': { body: { user: { ...anna, followingCount: 1 } } },
      'GET /api/users/anna.bakes/following': { body: { users: [ben], nextCursor: null } },
      'POST /api/users/unfollow/21': { status: 429, body: { errors: ['Too many requests. Try again in a minute.'] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Bakers you follow (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Unfollow @ben.rye' }));

    expect(await screen.findByText('Too many requests. Try again in a minute.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Unfollow @ben.rye' })).not.toHaveAttribute('aria-disabled');
  });

  it('still offers the next page once every baker shown is unfollowed', async () => {
    const ben = makeUser({ _id: '21', id: '21', username: 'ben.rye' });
    const cyd = makeUser({ _id: '22', id: '22', username: 'cyd.crumb' });
    api({
      'GET /api/users/anna.bakes': { body: { user: { ...anna, followingCount: 2 } } },
      'GET /api/users/anna.bakes/following': ({ query }) => ({
        body: query.get('cursor') ? { users: [cyd], nextCursor: null } : { users: [ben], nextCursor: 'c2' },
      }),
      'POST /api/users/unfollow/21': { body: { user: { ...anna, followingCount: 1 }, followUser: ben } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Bakers you follow (2)' }));
    await user.click(await screen.findByRole('button', { name: 'Unfollow @ben.rye' }));
    await user.click(await screen.findByRole('button', { name: 'Load more bakers' }));
    expect(await screen.findByRole('button', { name: 'Unfollow @cyd.crumb' })).toBeInTheDocument();
    expect(screen.queryByText('No users to display')).not.toBeInTheDocument();
  });

  it('keeps the bakers already shown when the next page fails', async () => {
    const ben = makeUser({ _id: '21', id: '21', username: 'ben.rye' });
    api({
      'GET /api/users/anna.bakes': { body: { user: { ...anna, followingCount: 2 } } },
      'GET /api/users/anna.bakes/following': ({ query }) =>
        query.get('cursor')
          ? { status: 500, body: { errors: ['Some error occurred. Try Again!'] } }
          : { body: { users: [ben], nextCursor: 'c2' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Bakers you follow (2)' }));
    await user.click(await screen.findByRole('button', { name: 'Load more bakers' }));

    expect(await screen.findByText('Some error occurred. Try reloading!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfollow @ben.rye' })).toBeInTheDocument();
  });

  it('says so when the bakers you follow cannot be loaded', async () => {
    api({
      'GET /api/users/anna.bakes/following': { status: 500, body: { errors: ['Some error occurred. Try Again!'] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Bakers you follow (1)' }));
    expect(await screen.findByText('Some error occurred. Try reloading!')).toHaveAttribute('role', 'alert');
  });

  it("says 'No posts found' without posts, and hides Edit Profile from the guest account", async () => {
    authStore.signIn('guest-token', makeUser({ username: 'guest', firstName: 'Guest', lastName: 'Baker' }));
    mockFetch({
      'GET /api/users/guest': {
        body: { user: makeUser({ username: 'guest', firstName: 'Guest', lastName: 'Baker' }) },
      },
      'GET /api/user/questions/guest': { body: { questions: [], nextCursor: null } },
    });
    renderWithProviders(<ProfilePage />, { route: '/profile' });

    expect(await screen.findByText('No posts found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(screen.getByText(/guest account cannot be changed/)).toBeInTheDocument();
  });

  it('requires first and last name, and leaves the password unchanged when it is left blank', async () => {
    const renamed = { ...anna, firstName: 'Annika', bio: 'Rye now.' };
    const requests = api({ 'POST /api/users/edit': { status: 201, body: { user: renamed, encodedToken: 'token-2' } } });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    await screen.findByText('Sourdough every Sunday.');

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    const firstName = within(dialog).getByLabelText('First Name');
    expect(firstName).toHaveValue('Anna');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(within(dialog).queryByLabelText('Current Password')).not.toBeInTheDocument();

    await user.clear(firstName);
    await user.clear(within(dialog).getByLabelText('Last Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(firstName).toHaveAccessibleDescription('Required Field');
    expect(within(dialog).getByLabelText('Last Name')).toHaveAccessibleDescription('Required Field');
    expect(requests.calls('POST /api/users/edit')).toHaveLength(0);

    await user.type(firstName, 'Annika');
    expect(firstName).not.toHaveAccessibleDescription();
    await user.type(within(dialog).getByLabelText('Last Name'), 'Berg');
    const bio = within(dialog).getByLabelText('Bio');
    await user.clear(bio);
    await user.type(bio, 'Rye now.');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.calls('POST /api/users/edit')[0]?.body).toEqual({
      userData: { firstName: 'Annika', lastName: 'Berg', bio: 'Rye now.' },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Annika Berg' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('token-2');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ firstName: 'Annika' });
  });

  it('counts the names and the bio as the server does, before sending them', async () => {
    const requests = api();
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    await screen.findByText('Sourdough every Sunday.');

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    const firstName = within(dialog).getByLabelText('First Name');
    const bio = within(dialog).getByLabelText('Bio');
    await user.clear(firstName);
    await user.click(firstName);
    await user.paste('A'.repeat(51));
    await user.clear(bio);
    await user.click(bio);
    await user.paste('b'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(firstName).toHaveAccessibleDescription('Must be at most 50 characters.');
    expect(bio).toHaveAccessibleDescription('Must be at most 500 characters.');
    expect(firstName).toHaveFocus();
    expect(requests.calls('POST /api/users/edit')).toHaveLength(0);
  });

  it('asks for the current password with a new one, keeps a wrong one in the dialog, and stores the new token', async () => {
    const requests = api({
      'POST /api/users/edit': {
        status: 400,
        body: {
          errors: ['Your current password is not correct.'],
          code: 'validation_failed',
          fields: { currentPassword: 'Your current password is not correct.' },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });

    await user.type(within(dialog).getByLabelText('Password'), 'new-secret-1');
    const current = within(dialog).getByLabelText('Current Password');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(current).toHaveAccessibleDescription('Enter your current password to set a new one.');
    expect(current).toHaveFocus();
    expect(requests.calls('POST /api/users/edit')).toHaveLength(0);

    await user.type(current, 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(requests.calls('POST /api/users/edit')[0]?.body).toEqual({
      userData: {
        firstName: 'Anna',
        lastName: 'Berg',
        bio: 'Sourdough every Sunday.',
        password: 'new-secret-1',
        currentPassword: 'wrong-one',
      },
    });

    requests.on('POST /api/users/edit', { status: 201, body: { user: anna, encodedToken: 'token-after-password' } });
    await user.clear(current);
    await user.type(current, 'bake-together');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('token')).toBe('token-after-password');
  });

  it('counts a new password in characters, an emoji once, before sending it', async () => {
    const calls = api({});
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.type(screen.getByLabelText('Password'), '🎂🍰🧁🍪');
    await user.type(screen.getByLabelText('Current Password'), 'the-old-password');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be 8 to 128 characters.'),
    );
    expect(calls.calls('POST /api/users/edit')).toHaveLength(0);
  });

  it('closes the dialog, shows any other failure on the profile page, and keeps what was typed but passwords', async () => {
    api({ 'POST /api/users/edit': { status: 500, body: { errors: ['Some error occurred. Try Again!'] } } });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const bio = screen.getByLabelText('Bio');
    await user.clear(bio);
    await user.type(bio, 'Laminating every weekend.');
    await user.type(screen.getByLabelText('Password'), 'a-new-password');
    await user.type(screen.getByLabelText('Current Password'), 'the-old-password');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent('Some error occurred. Try Again!');

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Bio')).toHaveValue('Laminating every weekend.');
    expect(screen.getByLabelText('Password')).toHaveValue('');

    // Closed without saving, the draft is let go: the next opening shows the stored profile.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Bio')).not.toHaveValue('Laminating every weekend.');
  });

  it('cannot be closed while updating, so a failure still reaches the profile page', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    api({ 'POST /api/users/edit': () => new Promise((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();

    answer({ status: 500, body: { errors: ['Some error occurred. Try Again!'] } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent('Some error occurred. Try Again!');
  });

  it('never sends a profile edit that waited offline as another baker who signed in meanwhile: their profile is untouched', async () => {
    const ben = makeUser({ _id: '8', id: '8', username: 'ben.bakes', firstName: 'Ben', bio: "Ben's own bio." });
    const requests = api({
      'GET /api/users/ben.bakes': { body: { user: ben } },
      'GET /api/user/questions/ben.bakes': { body: { questions: [], nextCursor: null } },
      'POST /api/users/edit': {
        status: 201,
        body: { user: { ...ben, bio: 'Laminating every weekend.' }, encodedToken: 'token-3' },
      },
    });
    const queryClient = createTestQueryClient();
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile', queryClient });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const bio = screen.getByLabelText('Bio');
    await user.clear(bio);
    await user.type(bio, 'Laminating every weekend.');
    act(() => onlineManager.setOnline(false));
    try {
      await user.click(screen.getByRole('button', { name: 'Update' }));
      otherTabSignsIn(ben);
      act(() => onlineManager.setOnline(true));
      await waitFor(() => expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error'));
      expect(queryClient.getMutationCache().getAll()[0]?.state.error).toMatchObject({ sessionEnded: true });
      expect(requests.calls('POST /api/users/edit')).toHaveLength(0);
      expect(authStore.getSession()?.user).toMatchObject({ username: 'ben.bakes', bio: "Ben's own bio." });
      expect(localStorage.getItem('token')).toBe('token-of-ben.bakes');
    } finally {
      onlineManager.setOnline(true);
    }
    // Ben's own Edit Profile starts from his profile, not from what Anna typed.
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Bio')).toHaveValue("Ben's own bio.");
  });

  it('closes Edit Profile when another baker signs in from another tab, and opens it for them with their profile', async () => {
    const ben = makeUser({ _id: '8', id: '8', username: 'ben.bakes', firstName: 'Ben', bio: "Ben's own bio." });
    const requests = api({
      'GET /api/users/ben.bakes': { body: { user: ben } },
      'GET /api/user/questions/ben.bakes': { body: { questions: [], nextCursor: null } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Laminating every weekend.');

    otherTabSignsIn(ben);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('First Name')).toHaveValue('Ben');
    expect(screen.getByLabelText('Bio')).toHaveValue("Ben's own bio.");
    expect(requests.calls('POST /api/users/edit')).toHaveLength(0);
  });
});
