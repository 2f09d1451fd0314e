import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../testing/render';
import { RootLayout } from './RootLayout';

/** Two pages inside a layout that, like the app's shell, keeps a search field across pages. */
function renderApp() {
  const page = (name: string, next: string) => (
    <main key={name} id="main" tabIndex={-1} aria-label={name}>
      <h1>{name}</h1>
      <Link to={next}>Go to {next}</Link>
    </main>
  );
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          {
            element: (
              <>
                <nav aria-label="Main">
                  <Link to="/two">Two</Link>
                  <Link to="?q=rye">Search rye</Link>
                </nav>
                <input aria-label="Search posts" />
                <Outlet />
              </>
            ),
            children: [
              { path: '/one', element: page('One', '/two') },
              { path: '/two', element: page('Two', '/one') },
            ],
          },
        ],
      },
    ],
    { initialEntries: ['/one'] },
  );
  // StrictMode as in the app: it runs effects twice on mount.
  render(
    <StrictMode>
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return router;
}

describe('RootLayout', () => {
  it('puts focus on the new page when a link opens one, but not on the first page or a new query', async () => {
    const user = userEvent.setup();
    renderApp();
    expect(await screen.findByRole('heading', { name: 'One' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Search rye' }));
    expect(screen.getByRole('link', { name: 'Search rye' })).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Two' }));
    await waitFor(() => expect(screen.getByRole('main', { name: 'Two' })).toHaveFocus());

    // A link inside the old page goes with it: focus would fall to the body.
    await user.click(screen.getByRole('link', { name: 'Go to /one' }));
    await waitFor(() => expect(screen.getByRole('main', { name: 'One' })).toHaveFocus());
  });

  it('leaves focus in a field the reader is typing in when it opens a page', async () => {
    const user = userEvent.setup();
    const router = renderApp();
    await user.click(await screen.findByRole('textbox', { name: 'Search posts' }));
    await router.navigate('/two?q=rye');
    await screen.findByRole('heading', { name: 'Two' });
    expect(screen.getByRole('textbox', { name: 'Search posts' })).toHaveFocus();
  });
});
