import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { SnackbarProvider } from '../lib/snackbar';

/** A query client for tests: no retries (a failure shows at once) and no garbage-collection timers. */
export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Shows the current location so tests can assert where a component navigated to. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">
      {location.pathname}
      {location.search}
      {location.hash}
    </output>
  );
}

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Where the router starts, e.g. '/signIn' or { pathname: '/signIn', state: { from } }. */
  route?: InitialEntry;
  /** The route pattern the element is mounted at (default: every path). */
  path?: string;
  queryClient?: QueryClient;
}

/**
 * Renders a component the way the app does: query client, snackbar and a memory router. The
 * element sits at `path`; any other route renders a LocationProbe, so after navigating
 * `screen.getByTestId('location')` tells where the app went.
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const { route = '/', path = '*', queryClient = createTestQueryClient(), ...renderOptions } = options;
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={children} />
              {path !== '*' && <Route path="*" element={<LocationProbe />} />}
            </Routes>
          </MemoryRouter>
        </SnackbarProvider>
      </QueryClientProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}
