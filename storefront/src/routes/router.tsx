import { lazy, useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { useBrand } from '../brand/brand-context';
import { RouteErrorView } from '../layout/RouteErrorView';
import { prefetchStorePackages } from '../store/prefetch';
import { StoreLayout } from '../layout/StoreLayout';
import { themed } from '../theme/BrandMui';
import { PATHS, type RouteHandle } from './paths';
import { ReportViewRedirect } from './ReportViewRedirect';
import { RequireSession } from './RequireSession';
import { RootFallback } from './RootFallback';
import { TokenSignIn } from './TokenSignIn';

const LoginPage = lazy(themed(() => import('../pages/login/LoginPage')));
const MessageValidationEmailPage = lazy(themed(() => import('../pages/message-validation-email/MessageValidationEmailPage')));
/**
 * The store's not-found view. Pages that later issues build (cart, purchase, summary,
 * reports...) render it until they exist, so nothing is faked.
 */
const NotFoundPage = lazy(themed(() => import('../pages/not-found/NotFoundPage')));
const MyPlanPage = lazy(themed(() => import('../pages/my-plan/MyPlanPage')));
/** The purchase and activation form: its own chunk (the store's initial JavaScript stays in budget). */
const PurchaseOrderPage = lazy(themed(() => import('../checkout/PurchaseOrderPage')));
const PaymentStatusPage = lazy(themed(() => import('../pages/payment-status/PaymentStatusPage')));
const TrialPage = lazy(themed(() => import('../pages/trial/TrialPage')));
const TrialActivatePage = lazy(themed(() => import('../pages/trial/TrialActivatePage')));
const CreatePasswordPage = lazy(themed(() => import('../pages/create-password/CreatePasswordPage')));
const SummaryOrderPage = lazy(themed(() => import('../pages/summary-order/SummaryOrderPage')));
const loadStoreHome = () => import('../store/StoreHome');
const StoreHome = lazy(loadStoreHome);
const LandingPage = lazy(themed(() => import('../store/LandingPage')));
// Pages that use MUI load it (and the brand's MUI theme) with their chunk (`themed`); the store
// home and the package links that show it are plain, so the store's first page starts without MUI.
// Package links (store §2): each its own small chunk.
const AddCartItemPage = lazy(() => import('../store/links/AddCartItemPage'));
const AddCartPage = lazy(() => import('../store/links/AddCartPage'));
const ViewCartModalPage = lazy(() => import('../store/links/ViewCartModalPage'));
const ViewCartMenuPage = lazy(themed(() => import('../store/links/ViewCartMenuPage')));

/** The store home, its catalogue read started alongside its chunk rather than after it. */
function StoreHomeRoute() {
  const { brand } = useBrand();
  useState(() => prefetchStorePackages(brand.appName));
  return <StoreHome />;
}

const guarded: RouteHandle = { guarded: true };

/** Routes whose pages do not exist yet: the not-found view. */
const notYet = (...paths: string[]): RouteObject[] => paths.map((path) => ({ path, element: <NotFoundPage /> }));

/** The route table of licences-and-agreements spec §2, storefront side. All routes are exact. */
export const routes: RouteObject[] = [
  {
    element: <StoreLayout />,
    errorElement: <RouteErrorView />,
    children: [
      { path: PATHS.login, element: <LoginPage /> },

      // Unguarded: the cart, view cart, addCart (package links), RegisterPurchaseExt, reportView
      // (the back office's report view, which asks for its own session) and messageValidationEmail.
      { path: PATHS.landing, element: <LandingPage /> },
      { path: PATHS.storeHome, element: <StoreHomeRoute /> },
      { path: PATHS.cart, element: <StoreHomeRoute /> },
      { path: PATHS.addCartItem, element: <AddCartItemPage /> },
      { path: PATHS.viewCartModal, element: <ViewCartModalPage /> },
      { path: PATHS.addCart, element: <AddCartPage /> },
      { path: PATHS.viewCartMenu, element: <ViewCartMenuPage /> },
      { path: PATHS.reportView, element: <ReportViewRedirect /> },
      // The purchase form is open to visitors (a signed-in customer gets its data prefilled).
      { path: PATHS.registerPurchaseOrder, element: <PurchaseOrderPage /> },
      { path: PATHS.activatePlan, element: <PurchaseOrderPage /> },
      { path: PATHS.registerPurchaseExt, element: <PurchaseOrderPage /> },
      // Where online payments and free plans land, visitors included: the order's random reference is the key.
      { path: PATHS.statusOrder, element: <PaymentStatusPage /> },
      { path: PATHS.messageValidationEmail, element: <MessageValidationEmailPage /> },
      // The free trial is for visitors (store §6).
      { path: PATHS.freeTrial, element: <TrialPage /> },
      { path: PATHS.freeTrialActivate, element: <TrialActivatePage /> },
      // The activation e-mail's link: the new customer user creates its password (visitors).
      { path: PATHS.createPassword, element: <CreatePasswordPage /> },
      // The purchase summary is the order's e-mailed link: cash buyers are often visitors.
      { path: PATHS.summaryOrder, element: <SummaryOrderPage /> },

      // A token in the path signs in, then goes to /myplan or /.
      { path: PATHS.myPlanToken, element: <TokenSignIn /> },
      { path: PATHS.token, element: <TokenSignIn /> },
      // `/` without a token: configurations (licence app) or the cart screen, which is unguarded.
      { index: true, element: <RootFallback />, handle: guarded },

      // Guarded: a session is required.
      {
        element: <RequireSession />,
        handle: guarded,
        children: [{ path: PATHS.myPlan, element: <MyPlanPage /> }],
      },

      // The back office is another application (this only happens in development); anything else is not found.
      ...notYet(PATHS.backOffice, '*'),
    ],
  },
];

export function createStoreRouter() {
  // The store home's chunk starts loading with the app when the address is the home's, alongside
  // the brand's requests, instead of after them.
  if (/^\/cart(\/|$)/i.test(window.location.pathname)) void loadStoreHome();
  return createBrowserRouter(routes);
}
