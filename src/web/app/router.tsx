import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { questionOptions } from '../features/questions/api/get-question';
import { questionListOptions } from '../features/questions/api/get-questions';
import { exploreParams, feedParams } from '../features/questions/list-params';
import { suggestionsOptions } from '../features/users/api/get-suggestions';
import { authStore } from '../lib/auth-store';
import LandingPage from '../pages/LandingPage';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/** Each page is its own chunk, so the landing page loads only what it shows. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

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

export function createRoutes(queryClient: QueryClient): RouteObject[] {
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
        { path: 'signIn', ...page(() => import('../features/auth/components/SignInPage')) },
        { path: 'signUp', ...page(() => import('../features/auth/components/SignUpPage')) },
        {
          ...page(() => import('./ShellLayout')),
          loader: prefetch(() => {
            void queryClient.prefetchQuery(suggestionsOptions(authStore.getSession()?.user.username ?? null));
          }),
          children: [
            {
              path: 'explore',
              loader: prefetch((args) => {
                void queryClient.prefetchInfiniteQuery(questionListOptions('explore', exploreParams(searchOf(args))));
              }),
              ...page(() => import('../features/questions/components/ExplorePage')),
            },
            {
              path: 'question/:questionId',
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
                  loader: prefetch((args) => {
                    if (authStore.getSession()) {
                      void queryClient.prefetchInfiniteQuery(questionListOptions('feed', feedParams(searchOf(args))));
                    }
                  }),
                  ...page(() => import('../features/questions/components/FeedPage')),
                },
                { path: 'bookmarks', ...page(() => import('../features/questions/components/BookmarksPage')) },
                { path: 'profile', ...page(() => import('../features/users/components/ProfilePage')) },
              ],
            },
          ],
        },
        { path: '*', ...page(() => import('../pages/NotFoundPage')) },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
