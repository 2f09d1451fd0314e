import { QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { seedInitialData } from './app/initial-data';
import { createAppRouter } from './app/router';
import { refetchWhenCallerChanges } from './lib/caller-cache';
import { createQueryClient } from './lib/query-client';
import { SnackbarProvider } from './lib/snackbar';
import './styles/global.css';

// The server's per-page CSP nonce, for the one <style> element the dialogs add while open.
setNonce(document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.nonce ?? '');

const queryClient = createQueryClient();
seedInitialData(queryClient);
refetchWhenCallerChanges(queryClient);
const router = createAppRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </QueryClientProvider>
  </StrictMode>,
);
