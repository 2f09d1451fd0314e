import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render';
import SignUpPage from './SignUpPage';

function renderSignUp() {
  return renderWithProviders(<SignUpPage />, {
    route: { pathname: '/signUp', state: { from: { pathname: '/bookmarks', search: '', hash: '' } } },
    path: '/signUp',
  });
}

/** Fills the form as anna.bakes, whose name the server says is taken, and sends it. */
async function signUpAsTakenUsername(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First Name'), 'Anna');
  await user.type(screen.getByLabelText('Last Name'), 'Berg');
  await user.type(screen.getByLabelText('Username'), 'anna.bakes');
  await user.type(screen.getByLabelText('Password'), 'bake-together');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Username already exists');
}

describe('SignUpPage', () => {
  it("marks each empty required field 'Required Field', checks the password length, and leaves the bio optional", async () => {
    const api = mockFetch({ 'GET /api/meta': { body: { demoData: false } } });
    const user = userEvent.setup();
    renderSignUp();

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    for (const label of ['First Name', 'Last Name', 'Username', 'Password']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('Required Field');
    }
    expect(screen.getByLabelText('Bio (optional)')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('First Name')).toHaveFocus();

    await user.type(screen.getByLabelText('Password'), 'short');
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription('Required Field');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password must be 8 to 128 characters.');
    expect(api.calls('POST /api/auth/signup')).toHaveLength(0);
  });

  it("offers 'FILL UP TEST DATA' only while the server runs with demo data", async () => {
    mockFetch({ 'GET /api/meta': { body: { demoData: false } } });
    const first = renderSignUp();
    await screen.findByRole('button', { name: 'Create Account' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button', { name: 'FILL UP TEST DATA' })).not.toBeInTheDocument();
    first.unmount();

    mockFetch({ 'GET /api/meta': { body: { demoData: true } } });
    renderSignUp();
    expect(await screen.findByRole('button', { name: 'FILL UP TEST DATA' })).toBeInTheDocument();
  });

  it('fills sample values with a fresh username, signs up with them and goes to the remembered page', async () => {
    const api = mockFetch({
      'GET /api/meta': { body: { demoData: true } },
      'POST /api/auth/signup': ({ body }) => ({
        status: 201,
        body: {
          createdUser: makeUser({ username: (body as { username: string }).username }),
          encodedToken: 'new-token',
        },
      }),
    });
    const user = userEvent.setup();
    renderSignUp();

    await user.click(await screen.findByRole('button', { name: 'FILL UP TEST DATA' }));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toMatch(/^baker_[a-z0-9]{4}$/);
    expect(screen.getByLabelText('First Name')).not.toHaveValue('');
    const password = (screen.getByLabelText('Password') as HTMLInputElement).value;
    expect(password).toMatch(/^bake-[a-z0-9]{16}$/);

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/bookmarks');
    const body = api.calls('POST /api/auth/signup')[0]?.body as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['bio', 'firstName', 'lastName', 'password', 'username']);
    expect(body.username).toMatch(/^baker_/);
    expect(body.password).toBe(password);
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('shows a taken username in the banner and server field messages under their fields', async () => {
    const api = mockFetch({
      'GET /api/meta': { body: { demoData: false } },
      'POST /api/auth/signup': { status: 422, body: { errors: ['Username already exists'], code: 'conflict' } },
    });
    const user = userEvent.setup();
    renderSignUp();

    await signUpAsTakenUsername(user);

    api.on('POST /api/auth/signup', {
      status: 400,
      body: {
        errors: ['Must be at most 50 characters.'],
        code: 'validation_failed',
        fields: { lastName: 'Must be at most 50 characters.' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Must be at most 50 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Last Name')).toHaveAccessibleDescription('Must be at most 50 characters.');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it("takes down the last attempt's banner when the form is sent again, even if it stops at a field", async () => {
    mockFetch({
      'GET /api/meta': { body: { demoData: false } },
      'POST /api/auth/signup': { status: 422, body: { errors: ['Username already exists'], code: 'conflict' } },
    });
    const user = userEvent.setup();
    renderSignUp();
    await signUpAsTakenUsername(user);

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(expect.stringMatching(/^Username must be/));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});
