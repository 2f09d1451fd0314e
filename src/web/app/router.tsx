import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/** Each page is its own chunk, so the landing page loads only what it shows. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // While the first page's code loads, show nothing rather than a flash of an empty layout.
    HydrateFallback: () => null,
    children: [
      { index: true, ...page(() => import('../pages/LandingPage')) },
      { path: 'signIn', ...page(() => import('../features/auth/components/SignInPage')) },
      { path: 'signUp', ...page(() => import('../features/auth/components/SignUpPage')) },
      {
        ...page(() => import('./ShellLayout')),
        children: [
          { path: 'explore', ...page(() => import('../features/questions/components/ExplorePage')) },
          { path: 'question/:questionId', ...page(() => import('../features/questions/components/QuestionPage')) },
          {
            Component: RequireAuth,
            children: [
              { path: 'feed', ...page(() => import('../features/questions/components/FeedPage')) },
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
