import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { getAccessToken } from '../lib/cookies.ts';
import { AuthLayout } from './layout/auth-layout.tsx';
import { page } from './lazy-route.ts';
import { prefetchSignedIn } from './prefetch.ts';
import { Root } from './root.tsx';
import { ErrorPage } from './routes/error-page.tsx';

const SIGNED_IN = 'signed-in';

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Root,
    ErrorBoundary: ErrorPage,
    HydrateFallback: LoadingScreen,
    children: [
      {
        Component: AuthLayout,
        children: [
          {
            path: 'sign-in',
            lazy: page(
              () => import('../features/auth/routes/sign-in.tsx'),
              (m) => m.SignInPage,
            ),
          },
          {
            path: 'sign-up',
            lazy: page(
              () => import('../features/auth/routes/sign-up.tsx'),
              (m) => m.SignUpPage,
            ),
          },
          {
            path: 'sign-up/confirmation',
            lazy: page(
              () => import('../features/auth/routes/sign-up-confirmation.tsx'),
              (m) => m.SignUpConfirmationPage,
            ),
          },
          {
            path: 'reset-password',
            lazy: page(
              () => import('../features/auth/routes/reset-password.tsx'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: 'create-password',
            lazy: page(
              () => import('../features/auth/routes/password.tsx'),
              (m) => m.CreatePasswordPage,
            ),
          },
          {
            path: 'sign-out',
            lazy: page(
              () => import('../features/auth/routes/sign-out.tsx'),
              (m) => m.SignOutPage,
            ),
          },
          {
            path: 'confirm-email',
            lazy: page(
              () => import('../features/users/routes/confirm-email.tsx'),
              (m) => m.ConfirmEmailPage,
            ),
          },
          {
            // LTI Dynamic Registration (issue 28): opened by an LMS, signed out, from the admin CLI's URL.
            path: 'lti/register/:key',
            lazy: page(
              () => import('../features/lti/routes/register-page.tsx'),
              (m) => m.RegisterPage,
            ),
          },
        ],
      },
      {
        // Lazy too: a signed-out page does not download the sidebar and its course menu.
        id: SIGNED_IN,
        lazy: page(
          () => import('./layout/app-layout.tsx'),
          (m) => m.AppLayout,
        ),
        loader: prefetchSignedIn,
        // The other screens join on the first navigation to one (signed-in-routes.tsx,
        // addSignedInRoutes): until then every path but / and the public ones lands on the
        // catch-all, which brings them in.
        children: [
          {
            index: true,
            lazy: page(
              () => import('./routes/dashboard.tsx'),
              (m) => m.DashboardPage,
            ),
          },
          {
            path: '*',
            lazy: page(
              () => import('./routes/not-found.tsx'),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
];

let signedInRoutes: Promise<RouteObject[]> | undefined;
let signedInRoutesAdded = false;

/**
 * React Router asks for more routes when a path matches none of those it knows but the catch-all
 * (issue 15): the signed-in screens' routes arrive then, so the first load of a signed-out page does
 * not carry them. Without a token there is nothing to add: the access rule sends the visitor to
 * sign-in. Routes once added stay.
 */
export const addSignedInRoutes: PatchRoutesOnNavigationFunction = async ({ patch, signal }) => {
  if (signedInRoutesAdded || !getAccessToken()) return;
  signedInRoutes ??= import('./signed-in-routes.tsx').then(
    (m) => m.signedInRoutes,
    (error: unknown) => {
      signedInRoutes = undefined;
      throw error;
    },
  );
  const children = await signedInRoutes;
  if (signal.aborted || signedInRoutesAdded) return;
  patch(SIGNED_IN, children);
  signedInRoutesAdded = true;
};

export const router = createBrowserRouter(routes, { patchRoutesOnNavigation: addSignedInRoutes });

// A 401 from any call lands on sign-in through the router, keeping the page state machine intact.
setUnauthorizedHandler((url) => {
  void router.navigate(url, { replace: true });
});
