import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { questionOptions } from '../features/questions/api/get-question';
import { questionListOptions } from '../features/questions/api/get-questions';
import { exploreParams, feedParams } from '../features/questions/list-params';
import { suggestionsOptions } from '../features/users/api/get-suggestions';
import { Spinner } from '../components/Spinner';
import { authStore } from '../lib/auth-store';
import { lazyPart, PartBoundary, PartLoadFailed } from '../lib/lazy-part';
import LandingPage from '../pages/LandingPage';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import standaloneMain from './StandaloneMain.module.css';

type PageModule = { default: React.ComponentType };

/**
 * Each page is its own chunk, so the landing page loads only what it shows. React Router keeps a
 * route whose code failed to download failed for good (every later visit showed the error until
 * the browser reloaded), so a failed download gives the route a stand-in instead, which downloads
 * the page again each time it is shown and says so, with Try again, when that fails too.
 * `outsideShell`: a page with no layout's main landmark around it, which holds its own; its
 * stand-in's message and spinner then sit in one, so 'Skip to content' still has a target.
 */
const page = (load: () => Promise<PageModule>, { outsideShell = false } = {}): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    try {
      return { Component: (await load()).default };
    } catch {
      return { Component: pageDownloadedWhenShown(load, outsideShell) };
    }
  },
});

function pageDownloadedWhenShown(load: () => Promise<PageModule>, outsideShell: boolean): React.ComponentType {
  const Page = lazyPart(load);
  const inMain = (content: React.ReactNode) =>
    outsideShell ? (
      <main id="main" tabIndex={-1} className={standaloneMain.main}>
        {content}
      </main>
    ) : (
      content
    );
  return function PageDownloadedWhenShown() {
    return (
      <PartBoundary fallback={(retry) => inMain(<PartLoadFailed onRetry={retry} />)}>
        <Suspense fallback={inMain(<Spinner label="Loading" />)}>
          <Page />
        </Suspense>
      </PartBoundary>
    );
  };
}

/**
 * Loaders start a page's API calls while its code is still downloading, instead of after; they
 * never wait for the answer, so navigation is not held up and the page shows its own spinner.
 */
function prefetch(start: (args: LoaderFunctionArgs) => void) {
  return (args: LoaderFunctionArgs) => {
    start(args);
    return null;
  };
}

/**
 * Paths match in their case only (`caseSensitive`), as the server's list of pages does
 * (shared/web-routes.ts): `/Explore` is not found in the app as it is for the server, which
 * answers it 404.
 */
function createRoutes(queryClient: QueryClient): RouteObject[] {
  const searchOf = ({ request }: LoaderFunctionArgs) => new URL(request.url).searchParams;
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      // While the first page's code loads, show nothing rather than a flash of an empty layout.
      HydrateFallback: () => null,
      children: [
        // The landing page is part of the first download: it is where most visitors arrive.
        { index: true, Component: LandingPage },
        {
          path: 'signIn',
          caseSensitive: true,
          ...page(() => import('../features/auth/components/SignInPage'), { outsideShell: true }),
        },
        {
          path: 'signUp',
          caseSensitive: true,
          ...page(() => import('../features/auth/components/SignUpPage'), { outsideShell: true }),
        },
        {
          ...page(() => import('./ShellLayout'), { outsideShell: true }),
          loader: prefetch(() => {
            void queryClient.prefetchQuery(suggestionsOptions(authStore.getSession()?.user.username ?? null));
          }),
          children: [
            {
              path: 'explore',
              caseSensitive: true,
              loader: prefetch((args) => {
                void queryClient.prefetchInfiniteQuery(questionListOptions('explore', exploreParams(searchOf(args))));
              }),
              ...page(() => import('../features/questions/components/ExplorePage')),
            },
            {
              path: 'question/:questionId',
              caseSensitive: true,
              loader: prefetch(({ params }) => {
                if (params.questionId) void queryClient.prefetchQuery(questionOptions(params.questionId));
              }),
              ...page(() => import('../features/questions/components/QuestionPage')),
            },
            {
              Component: RequireAuth,
              children: [
                {
                  path: 'feed',
                  caseSensitive: true,
                  loader: prefetch((args) => {
                    if (authStore.getSession()) {
                      void queryClient.prefetchInfiniteQuery(questionListOptions('feed', feedParams(searchOf(args))));
                    }
                  }),
                  ...page(() => import('../features/questions/components/FeedPage')),
                },
                {
                  path: 'bookmarks',
                  caseSensitive: true,
                  ...page(() => import('../features/questions/components/BookmarksPage')),
                },
                {
                  path: 'profile',
                  caseSensitive: true,
                  ...page(() => import('../features/users/components/ProfilePage')),
                },
              ],
            },
          ],
        },
        { path: '*', ...page(() => import('../pages/NotFoundPage'), { outsideShell: true }) },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
