import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { makeUser } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render';
import { FollowingList } from './FollowingList';

describe('Bakers you follow', () => {
  it('keeps each Unfollow busy while its own request is on its way, so none is sent twice', async () => {
    const anna = makeUser({ followingCount: 2 });
    // The list is the signed-in baker's own, shown on their profile.
    authStore.signIn('token', anna);
    const ben = makeUser({ _id: '21', id: '21', username: 'ben.rye' });
    const cyd = makeUser({ _id: '22', id: '22', username: 'cyd.crumb' });
    const answers: Array<() => void> = [];
    const unfollowed = (other: typeof ben) => () =>
      new Promise<{ body: unknown }>((resolve) =>
        answers.push(() => resolve({ body: { user: anna, followUser: other } })),
      );
    const api = mockFetch({
      'GET /api/users/anna.bakes/following': { body: { users: [ben, cyd], nextCursor: null } },
      'POST /api/users/unfollow/21': unfollowed(ben),
      'POST /api/users/unfollow/22': unfollowed(cyd),
    });
    const user = userEvent.setup();
    renderWithProviders(<FollowingList username="anna.bakes" total={2} />);

    await user.click(screen.getByRole('button', { name: 'Bakers you follow (2)' }));
    await user.click(await screen.findByRole('button', { name: 'Unfollow @ben.rye' }));
    await user.click(screen.getByRole('button', { name: 'Unfollow @cyd.crumb' }));
    expect(screen.getByRole('button', { name: 'Unfollow @ben.rye' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Unfollow @cyd.crumb' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('button', { name: 'Unfollow @ben.rye' }));
    expect(api.calls('POST /api/users/unfollow/21')).toHaveLength(1);

    answers.forEach((answer) => answer());
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Unfollow/ })).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});
