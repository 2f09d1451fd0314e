import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authStore } from '../lib/auth-store';
import { useLeaveWarning } from '../lib/use-leave-warning';
import { makeUser } from '../testing/fixtures';
import { LeaveGuard } from './LeaveGuard';
import { useLogout } from './use-logout';

/** A box like an answer's: what is typed in it is unsent until Send, which empties it and opens page two. */
function AnswerBox({ keptAcrossPages = false }: { keptAcrossPages?: boolean }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  useLeaveWarning(text !== '', { keptAcrossPages });
  return (
    <>
      <textarea aria-label="Your Answer" value={text} onChange={(event) => setText(event.target.value)} />
      <button
        type="button"
        onClick={() => {
          setText('');
          void navigate('/two');
        }}
      >
        Send
      </button>
    </>
  );
}

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={logout}>
      Logout
    </button>
  );
}

/** Pages One and Explore hold an answer box; page Two none. Opens at One, with Two behind it, or at `start`. */
function renderApp({ keptAcrossPages = false, start }: { keptAcrossPages?: boolean; start?: string } = {}) {
  const page = (name: string) => (
    <main>
      <h1>{name}</h1>
    </main>
  );
  const withBox = (name: string) => (
    <>
      {page(name)}
      <AnswerBox keptAcrossPages={keptAcrossPages} />
    </>
  );
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <nav>
              <Link to="/two">Two</Link>
              <Link to="/one?sort=oldest">Oldest first</Link>
              <LogoutButton />
            </nav>
            <Outlet />
            <LeaveGuard />
          </>
        ),
        children: [
          { path: '/one', element: withBox('One') },
          { path: '/two', element: page('Two') },
          { path: '/explore', element: withBox('Explore') },
        ],
      },
    ],
    start ? { initialEntries: [start] } : { initialEntries: ['/two', '/one'], initialIndex: 1 },
  );
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}

// `hidden`: while the dialog is open, Radix hides the page from assistive technology.
const heading = () => screen.getByRole('heading', { level: 1, hidden: true });
const question = () => screen.queryByRole('dialog', { name: 'Leave this page?' });

/** Follows the link to page Two, which opens without asking. */
async function goesToTwoUnasked(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('link', { name: 'Two' }));
  await waitFor(() => expect(heading()).toHaveTextContent('Two'));
  expect(question()).not.toBeInTheDocument();
}

async function typeAnAnswer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Your Answer' }), 'Feed it twice a day.');
}

describe('LeaveGuard', () => {
  it('asks before a link leaves a page holding unsent text; Stay keeps the page and the text', async () => {
    authStore.signIn('token', makeUser());
    const user = userEvent.setup();
    renderApp();
    await typeAnAnswer(user);

    await user.click(screen.getByRole('link', { name: 'Two' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveAccessibleDescription('What you typed has not been sent. It will be lost if you leave.');
    expect(heading()).toHaveTextContent('One');

    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    expect(heading()).toHaveTextContent('One');
    expect(screen.getByRole('textbox', { name: 'Your Answer' })).toHaveValue('Feed it twice a day.');

    // Asked again, Escape stays too; Leave goes.
    await user.click(screen.getByRole('link', { name: 'Two' }));
    await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    expect(heading()).toHaveTextContent('One');

    await user.click(screen.getByRole('link', { name: 'Two' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Two'));
    expect(question()).not.toBeInTheDocument();
  });

  it('asks before Back leaves it, and Leave then goes back', async () => {
    authStore.signIn('token', makeUser());
    const user = userEvent.setup();
    const router = renderApp();
    await typeAnAnswer(user);

    await router.navigate(-1);
    await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(heading()).toHaveTextContent('One');
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Two'));
    expect(router.state.location.pathname).toBe('/two');
  });

  it('does not ask with nothing typed, for a new query on the same page, or for a replacing move', async () => {
    authStore.signIn('token', makeUser());
    const user = userEvent.setup();
    const router = renderApp();
    await typeAnAnswer(user);

    await user.click(screen.getByRole('link', { name: 'Oldest first' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=oldest'));
    expect(screen.getByRole('textbox', { name: 'Your Answer' })).toHaveValue('Feed it twice a day.');

    await router.navigate('/two', { replace: true });
    await waitFor(() => expect(heading()).toHaveTextContent('Two'));
    expect(question()).not.toBeInTheDocument();

    await router.navigate('/one');
    await screen.findByRole('textbox', { name: 'Your Answer' });
    await goesToTwoUnasked(user);
  });

  it('lets the app move on unasked when it empties the box as it moves (a text sent)', async () => {
    authStore.signIn('token', makeUser());
    const user = userEvent.setup();
    renderApp();
    await typeAnAnswer(user);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Two'));
    expect(question()).not.toBeInTheDocument();
  });

  it('asks before Logout on the page Logout opens (Explore), and Stay keeps the baker signed in', async () => {
    authStore.signIn('token', makeUser());
    const user = userEvent.setup();
    renderApp({ start: '/explore' });
    await typeAnAnswer(user);

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(await screen.findByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    expect(authStore.getSession()).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'Your Answer' })).toHaveValue('Feed it twice a day.');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(authStore.getSession()).toBeNull());
  });

  it('does not ask once signed out', async () => {
    const user = userEvent.setup();
    renderApp();
    await typeAnAnswer(user);
    await goesToTwoUnasked(user);
  });

  it('does not ask for a box the next page keeps open (New Post)', async () => {
    authStore.signIn('token', makeUser());
    const user = userEvent.setup();
    renderApp({ keptAcrossPages: true });
    await typeAnAnswer(user);
    await goesToTwoUnasked(user);
  });
});
