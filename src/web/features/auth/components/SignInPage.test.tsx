import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { makeUser } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render';
import SignInPage from './SignInPage';

const from = { pathname: '/question/4', search: '?q=crust', hash: '' };

function renderSignIn(state: unknown = { from }) {
  return renderWithProviders(<SignInPage />, { route: { pathname: '/signIn', state }, path: '/signIn' });
}

/** Signs in as a username the server does not know, and waits for its message in the banner. */
async function signInAsUnknown() {
  mockFetch({
    'POST /api/auth/login': { status: 404, body: { errors: ['The username you entered is not registered'] } },
  });
  const user = userEvent.setup();
  renderSignIn();
  await user.type(screen.getByLabelText('Username'), 'nobody');
  await user.type(screen.getByLabelText('Password'), 'whatever1');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The username you entered is not registered');
  return user;
}

describe('SignInPage', () => {
  it("shows 'Required Field' under each empty field and clears an error once that field is edited", async () => {
    const api = mockFetch();
    const user = userEvent.setup();
    renderSignIn();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getAllByText('Required Field')).toHaveLength(2);
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Required Field');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Required Field');
    expect(screen.getByLabelText('Username')).toHaveFocus();

    await user.type(screen.getByLabelText('Username'), 'anna.bakes');
    expect(screen.getByLabelText('Username')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Required Field');
    expect(api.requests).toHaveLength(0);
  });

  it('signs in, stores the token and user, and returns to the page the visitor came from', async () => {
    const anna = makeUser();
    const api = mockFetch({ 'POST /api/auth/login': { body: { foundUser: anna, encodedToken: 'token-1' } } });
    const user = userEvent.setup();
    renderSignIn();

    await user.type(screen.getByLabelText('Username'), ' anna.bakes ');
    await user.type(screen.getByLabelText('Password'), 'bake-together');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/question/4?q=crust');
    expect(api.calls('POST /api/auth/login')[0]?.body).toEqual({ username: 'anna.bakes', password: 'bake-together' });
    expect(localStorage.getItem('token')).toBe('token-1');
    expect(authStore.getSession()?.user.username).toBe('anna.bakes');
  });

  it('signs in as the guest without sending any password, then goes to /feed', async () => {
    const guest = makeUser({ _id: '2', id: '2', username: 'guest', firstName: 'Guest' });
    const api = mockFetch({ 'POST /api/auth/guest': { body: { foundUser: guest, encodedToken: 'guest-token' } } });
    const user = userEvent.setup();
    renderSignIn(null);

    await user.click(screen.getByRole('button', { name: 'Sign in as guest' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/feed');
    const [request] = api.calls('POST /api/auth/guest');
    expect(request?.body).toBeUndefined();
    expect(localStorage.getItem('token')).toBe('guest-token');
  });

  it("shows the server's message in the error banner", async () => {
    await signInAsUnknown();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("takes down the last attempt's banner when the form is sent again", async () => {
    const user = await signInAsUnknown();

    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Required Field');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('links to sign-up keeping the remembered origin, and sends a signed-in user on to /feed', async () => {
    mockFetch();
    const first = renderSignIn();
    const link = within(screen.getByRole('main')).getByRole('link', { name: 'Sign up' });
    expect(link).toHaveAttribute('href', '/signUp');
    first.unmount();

    authStore.signIn('token-1', makeUser());
    renderSignIn(null);
    expect(screen.getByTestId('location')).toHaveTextContent('/feed');
  });
});
