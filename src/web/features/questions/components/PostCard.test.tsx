import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { destinationAfterSignIn } from '../../../lib/navigation';
import { SnackbarProvider } from '../../../lib/snackbar';
import { makeQuestion, makeUser } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { createTestQueryClient } from '../../../testing/render';
import { PostCard } from './PostCard';

/** A list page shows many posts' comment threads: 'Sign in to comment' must name which one (decision 19). */

const first = makeQuestion({ _id: '1', id: '1', questionTitle: 'First post' });
const second = makeQuestion({ _id: '2', id: '2', questionTitle: 'Second post' });

/** Stands in for /signIn: signs in, then goes where SignInPage would (the remembered origin). */
function FakeSignIn() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    authStore.signIn('token', makeUser({ username: 'anna.bakes' }));
    void navigate(destinationAfterSignIn(location.state), { replace: true });
  }, [location.state, navigate]);
  return null;
}

function ExploreList() {
  return (
    <ul>
      <li>
        <PostCard question={first} onOpenDialog={() => {}} />
      </li>
      <li>
        <PostCard question={second} onOpenDialog={() => {}} />
      </li>
    </ul>
  );
}

function renderExplore() {
  const client = createTestQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={['/explore']}>
          <Routes>
            <Route path="/explore" element={<ExploreList />} />
            <Route path="/signIn" element={<FakeSignIn />} />
          </Routes>
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

describe("a post card's comments on a list page", () => {
  it("'Sign in to comment' on a list's post card leads back to that post's comment box, open", async () => {
    mockFetch({
      'GET /api/comments/1': { body: { comments: [], nextCursor: null } },
      'GET /api/comments/2': { body: { comments: [], nextCursor: null } },
    });
    renderExplore();
    const card = screen.getByRole('article', { name: 'Second post' });
    await userEvent.click(within(card).getByRole('button', { name: /comments/i }));
    await userEvent.click(await within(card).findByRole('link', { name: 'Sign in to comment' }));

    // Back on Explore, signed in: the box of the post the visitor was commenting on.
    const back = await screen.findByRole('article', { name: 'Second post' });
    const box = await within(back).findByRole('textbox', { name: 'Add a comment' }, { timeout: 1500 });
    await waitFor(() => expect(box).toHaveFocus());
  });

  it('gives each open comment thread on a list its own id', async () => {
    mockFetch({
      'GET /api/comments/1': { body: { comments: [], nextCursor: null } },
      'GET /api/comments/2': { body: { comments: [], nextCursor: null } },
    });
    renderExplore();
    const places: string[] = [];
    for (const title of ['First post', 'Second post']) {
      const card = screen.getByRole('article', { name: title });
      await userEvent.click(within(card).getByRole('button', { name: /comments/i }));
      const link = await within(card).findByRole('link', { name: 'Sign in to comment' });
      const thread = link.closest('[id]');
      expect(thread).not.toBeNull();
      places.push((thread as HTMLElement).id);
    }
    expect(new Set(places).size).toBe(2);
    for (const place of places) expect(document.querySelectorAll(`[id="${place}"]`)).toHaveLength(1);
  });
});
