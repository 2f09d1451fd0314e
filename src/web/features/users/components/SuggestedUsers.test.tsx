import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { makeUser } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { otherTabSignsIn } from '../../../testing/other-tab';
import { createTestQueryClient, renderWithProviders } from '../../../testing/render';
import { confirmFollow } from '../api/follow-state';
import { SuggestedUsers } from './SuggestedUsers';

// Each test has its own signed-in baker: confirmed follows are kept per baker for the tab's life.
const firstHundred = Array.from({ length: 100 }, (_, i) => `baker${i}`);

describe('You may also know', () => {
  it("keeps 'Unfollow' after follows the stored first-100 list does not name, until an unfollow elsewhere", async () => {
    const me = makeUser({ _id: '501', username: 'anna.bakes', following: firstHundred, followingCount: 100 });
    const ben = makeUser({ _id: '9', id: '9', username: 'ben' });
    const cyd = makeUser({ _id: '10', id: '10', username: 'cyd' });
    authStore.signIn('token', me);
    const api = mockFetch({
      'GET /api/users/suggestions': { body: { users: [ben, cyd], nextCursor: null } },
      // The server's lists name the first 100 follows, so the new ones are only in the count.
      'POST /api/users/follow/9': { body: { user: { ...me, followingCount: 101 }, followUser: ben } },
      'POST /api/users/follow/10': { body: { user: { ...me, followingCount: 102 }, followUser: cyd } },
    });
    const user = userEvent.setup();
    renderWithProviders(<SuggestedUsers />);

    await user.click(await screen.findByRole('button', { name: 'Follow + @ben' }));
    expect(await screen.findByRole('button', { name: 'Unfollow @ben' })).not.toHaveAttribute('aria-disabled');
    await user.click(screen.getByRole('button', { name: 'Follow + @cyd' }));
    expect(await screen.findByRole('button', { name: 'Unfollow @cyd' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Unfollow @ben' })).not.toHaveAttribute('aria-disabled');
    expect(api.calls('POST /api/users/follow/9')).toHaveLength(1);

    // Unfollowed from the profile's list: that confirmed answer is the truth here too.
    act(() => confirmFollow('501', 'ben', false));
    expect(await screen.findByRole('button', { name: 'Follow + @ben' })).not.toHaveAttribute('aria-disabled');
  });

  it("goes back to 'Follow +' when the server refuses", async () => {
    const me = makeUser({ _id: '502', username: 'anna.bakes', following: [] });
    const ben = makeUser({ _id: '9', id: '9', username: 'ben' });
    authStore.signIn('token', me);
    mockFetch({
      'GET /api/users/suggestions': { body: { users: [ben], nextCursor: null } },
      'POST /api/users/follow/9': { status: 429, body: { errors: ['Too many requests. Try again in a minute.'] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<SuggestedUsers />);

    await user.click(await screen.findByRole('button', { name: 'Follow + @ben' }));

    expect(await screen.findByRole('button', { name: 'Follow + @ben' })).not.toHaveAttribute('aria-disabled');
    // Spec section 8: follow and unfollow errors appear in an error banner, in the card.
    const card = screen.getByRole('region', { name: 'You may also know' });
    expect(within(card).getByRole('alert')).toHaveTextContent('Too many requests. Try again in a minute.');
  });

  it('never sends a follow that waited offline as another baker who signed in meanwhile', async () => {
    const me = makeUser({ _id: '503', username: 'anna.bakes', following: [] });
    const cyd = makeUser({ _id: '10', id: '10', username: 'cyd' });
    const ben = makeUser({ _id: '9', id: '9', username: 'ben', following: [] });
    authStore.signIn('token', me);
    const api = mockFetch({
      'GET /api/users/suggestions': { body: { users: [cyd], nextCursor: null } },
      'POST /api/users/follow/10': {
        body: { user: { ...ben, following: ['cyd'], followingCount: 1 }, followUser: cyd },
      },
    });
    const queryClient = createTestQueryClient();
    const user = userEvent.setup();
    renderWithProviders(<SuggestedUsers />, { queryClient });
    act(() => onlineManager.setOnline(false));
    try {
      await user.click(await screen.findByRole('button', { name: 'Follow + @cyd' }));
      otherTabSignsIn(ben);
      act(() => onlineManager.setOnline(true));
      await waitFor(() => expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error'));
      expect(queryClient.getMutationCache().getAll()[0]?.state.error).toMatchObject({ sessionEnded: true });
      expect(api.calls('POST /api/users/follow/10')).toHaveLength(0);
      expect(await screen.findByRole('button', { name: 'Follow + @cyd' })).toBeInTheDocument();
      expect(authStore.getSession()?.user.username).toBe('ben');
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('shows visitors the first five bakers, leaving out the shared guest account', async () => {
    authStore.signOut();
    const names = ['crumb', 'guest', 'owen', 'priya', 'camille', 'kenji'];
    const users = names.map((username, i) => makeUser({ _id: String(i + 1), id: String(i + 1), username }));
    const api = mockFetch({ 'GET /api/users': { body: { users, nextCursor: '6' } } });
    renderWithProviders(<SuggestedUsers />);

    const card = screen.getByRole('region', { name: 'You may also know' });
    expect(await within(card).findByRole('button', { name: 'Follow + @crumb' })).toBeInTheDocument();
    const offered = within(card).getAllByRole('button', { name: /^Follow \+ / });
    expect(offered).toHaveLength(5);
    for (const name of ['owen', 'priya', 'camille', 'kenji']) {
      expect(within(card).getByRole('button', { name: `Follow + @${name}` })).toBeInTheDocument();
    }
    expect(within(card).queryByRole('button', { name: 'Follow + @guest' })).not.toBeInTheDocument();
    expect(api.calls('GET /api/users')[0]?.query.get('limit')).toBe('6');
  });
});
