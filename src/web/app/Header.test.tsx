import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authStore } from '../lib/auth-store';
import { destinationAfterSignIn } from '../lib/navigation';
import { SnackbarProvider } from '../lib/snackbar';
import { makeUser } from '../testing/fixtures';
import { createTestQueryClient, LocationProbe } from '../testing/render';
import { Header } from './Header';

function FakeSignIn() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    authStore.signIn('token', makeUser());
    void navigate(destinationAfterSignIn(location.state), { replace: true });
  }, [location.state, navigate]);
  return null;
}

async function signInFrom(start: string) {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={[start]}>
          <Header />
          <Routes>
            <Route path="/signIn" element={<FakeSignIn />} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole('link', { name: 'Log in' }));
  return screen.findByTestId('location');
}

describe("the header's Log in (decision 19)", () => {
  it('leads back to the page it was pressed on', async () => {
    expect(await signInFrom('/explore?chip=breads')).toHaveTextContent(/^\/explore\?chip=breads$/);
  });

  it('leads to /feed from the landing page', async () => {
    expect(await signInFrom('/')).toHaveTextContent(/^\/feed$/);
  });
});
