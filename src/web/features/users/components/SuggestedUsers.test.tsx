import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { makeUser } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render';
import { SuggestedUsers } from './SuggestedUsers';

describe('You may also know', () => {
  it("keeps 'Unfollow' after a follow the session's first-100 list does not name", async () => {
    const firstHundred = Array.from({ length: 100 }, (_, i) => `baker${i}`);
    const me = makeUser({ username: 'anna.bakes', following: firstHundred, followingCount: 100 });
    const ben = makeUser({ _id: '9', id: '9', username: 'ben', firstName: 'Ben' });
    authStore.signIn('token', me);
    const api = mockFetch({
      'GET /api/users/suggestions': { body: { users: [ben], nextCursor: null } },
      // The server's lists name the first 100 follows, so the new one is only in the count.
      'POST /api/users/follow/9': { body: { user: { ...me, followingCount: 101 }, followUser: ben } },
    });
    const user = userEvent.setup();
    renderWithProviders(<SuggestedUsers />);

    await user.click(await screen.findByRole('button', { name: 'Follow + @ben' }));

    expect(await screen.findByRole('button', { name: 'Unfollow @ben' })).toBeEnabled();
    expect(api.calls('POST /api/users/follow/9')).toHaveLength(1);

    // Unfollowed elsewhere (the profile's list): the stored user changes, and it is the truth again.
    act(() => authStore.updateUser({ ...me, followingCount: 100 }));
    expect(await screen.findByRole('button', { name: 'Follow + @ben' })).toBeEnabled();
  });

  it("goes back to 'Follow +' when the server refuses", async () => {
    const me = makeUser({ username: 'anna.bakes', following: [] });
    const ben = makeUser({ _id: '9', id: '9', username: 'ben', firstName: 'Ben' });
    authStore.signIn('token', me);
    mockFetch({
      'GET /api/users/suggestions': { body: { users: [ben], nextCursor: null } },
      'POST /api/users/follow/9': { status: 429, body: { errors: ['Too many requests. Try again in a minute.'] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<SuggestedUsers />);

    await user.click(await screen.findByRole('button', { name: 'Follow + @ben' }));

    expect(await screen.findByRole('button', { name: 'Follow + @ben' })).toBeEnabled();
  });
});
