import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { makeQuestion, makeUser } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render';
import FeedPage from './FeedPage';

beforeEach(() => {
  authStore.signIn('token-1', makeUser());
});

describe('FeedPage', () => {
  it('sends focus to the next tag filter when one is removed, and to Filter after the last', async () => {
    mockFetch({
      'GET /api/feed': { body: { questions: [makeQuestion({ tags: ['Breads', 'Cake'] })], nextCursor: null } },
    });
    const user = userEvent.setup();
    renderWithProviders(<FeedPage />, { route: '/feed?tag=Breads&tag=Cake' });
    await screen.findByRole('article');

    await user.click(screen.getByRole('button', { name: 'Remove filter Breads' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove filter Cake' })).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filter' })).toHaveFocus());
    expect(screen.queryByRole('group', { name: 'Tag filters' })).not.toBeInTheDocument();
  });
});
