import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import FeedPage from '../features/questions/components/FeedPage';
import { authStore } from '../lib/auth-store';
import { SnackbarProvider } from '../lib/snackbar';
import { makeQuestion, makeUser } from '../testing/fixtures';
import { mockFetch } from '../testing/mock-fetch';
import { createTestQueryClient, LocationProbe } from '../testing/render';
import { RequireAuth } from './RequireAuth';
import ShellLayout from './ShellLayout';
import { otherTabSignsIn } from '../testing/other-tab';

const anna = makeUser();
const post = makeQuestion({ _id: '9', id: '9', questionTitle: 'Rye starter', questionText: 'Feeding?' });

/** The layout with Explore open to all and the Feed behind the sign-in guard, as in the app. */
function renderApp(start: string) {
  mockFetch({ 'GET /api/feed': { body: { questions: [post], nextCursor: null } } });
  const router = createMemoryRouter(
    [
      {
        element: <ShellLayout />,
        children: [
          { path: '/explore', element: <h1>Explore</h1> },
          { element: <RequireAuth />, children: [{ path: '/feed', element: <FeedPage /> }] },
        ],
      },
      { path: '/signIn', element: <LocationProbe /> },
    ],
    { initialEntries: [start] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={createTestQueryClient()}>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return router;
}

beforeEach(() => {
  sessionStorage.clear();
  authStore.signIn('token-1', anna);
});

describe('ShellLayout', () => {
  it('gives New Post back to its author after another tab signed out on a guarded page', async () => {
    const user = userEvent.setup();
    const router = renderApp('/feed');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Create New Post' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New Post' });
    await user.type(within(dialog).getByLabelText('Post Title'), 'Rye starter');
    await user.type(within(dialog).getByLabelText('Description'), 'How often?');

    otherTabSignsIn(null);
    expect(await screen.findByTestId('location')).toHaveTextContent('/signIn');

    act(() => authStore.signIn('token-2', anna));
    await act(() => router.navigate('/feed'));
    const again = await screen.findByRole('dialog', { name: 'New Post' });
    expect(within(again).getByLabelText('Post Title')).toHaveValue('Rye starter');
    expect(within(again).getByLabelText('Description')).toHaveValue('How often?');
  });

  it('gives Edit Post back to its author after another tab signed out on a guarded page', async () => {
    const user = userEvent.setup();
    const router = renderApp('/feed');
    await user.click(
      within(await screen.findByRole('article', { name: 'Rye starter' })).getByRole('button', { name: 'Edit post' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' });
    await user.type(within(dialog).getByLabelText('Post Title'), ' schedule');

    otherTabSignsIn(null);
    expect(await screen.findByTestId('location')).toHaveTextContent('/signIn');

    act(() => authStore.signIn('token-2', anna));
    await act(() => router.navigate('/feed'));
    const again = await screen.findByRole('dialog', { name: 'Edit Post' });
    expect(within(again).getByLabelText('Post Title')).toHaveValue('Rye starter schedule');
  });

  it('never shows New Post typed by one baker to another signed in from another tab', async () => {
    const user = userEvent.setup();
    renderApp('/explore');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Create New Post' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New Post' });
    await user.type(within(dialog).getByLabelText('Post Title'), "Anna's starter");

    otherTabSignsIn(null);
    otherTabSignsIn(makeUser({ _id: '8', id: '8', username: 'ben.bakes' }));
    expect(within(dialog).getByLabelText('Post Title')).toHaveValue('');
  });
});
