import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorView } from '../layout/RouteErrorView';
import { StoreLayout } from '../layout/StoreLayout';
import { PATHS, type RouteHandle } from './paths';
import { RequireSession } from './RequireSession';
import { RootFallback } from './RootFallback';
import { TokenSignIn } from './TokenSignIn';

const LoginPage = lazy(() => import('../pages/login/LoginPage'));
const MessageValidationEmailPage = lazy(() => import('../pages/message-validation-email/MessageValidationEmailPage'));
/**
 * The store's not-found view. Pages that later issues build (cart, purchase, My Plan, summary,
 * reports...) render it until they exist, so nothing is faked.
 */
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage'));

const guarded: RouteHandle = { guarded: true };

/** The route table of licences-and-agreements spec §2, storefront side. All routes are exact. */
export const routes: RouteObject[] = [
  {
    element: <StoreLayout />,
    errorElement: <RouteErrorView />,
    children: [
      { path: PATHS.login, element: <LoginPage /> },

      // Unguarded: the cart, view cart, addCart (package links), RegisterPurchaseExt, reportView
      // and messageValidationEmail.
      { path: PATHS.cart, element: <NotFoundPage /> },
      { path: PATHS.viewCartMenu, element: <NotFoundPage /> },
      { path: PATHS.viewCartModal, element: <NotFoundPage /> },
      { path: PATHS.addCartItem, element: <NotFoundPage /> },
      { path: PATHS.addCart, element: <NotFoundPage /> },
      { path: PATHS.registerPurchaseExt, element: <NotFoundPage /> },
      { path: PATHS.reportView, element: <NotFoundPage /> },
      { path: PATHS.messageValidationEmail, element: <MessageValidationEmailPage /> },

      // A token in the path signs in, then goes to /myplan or /.
      { path: PATHS.myPlanToken, element: <TokenSignIn /> },
      { path: PATHS.token, element: <TokenSignIn /> },
      // `/` without a token: configurations (licence app) or the cart screen, which is unguarded.
      { index: true, element: <RootFallback />, handle: guarded },

      // Guarded: a session is required.
      {
        element: <RequireSession />,
        handle: guarded,
        children: [
          { path: PATHS.myPlan, element: <NotFoundPage /> },
          { path: PATHS.registerPurchaseOrder, element: <NotFoundPage /> },
          { path: PATHS.statusOrder, element: <NotFoundPage /> },
          { path: PATHS.activatePlan, element: <NotFoundPage /> },
          { path: PATHS.summaryOrder, element: <NotFoundPage /> },
        ],
      },

      // The back office is another application; this only happens in development.
      { path: PATHS.backOffice, element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createStoreRouter() {
  return createBrowserRouter(routes);
}
