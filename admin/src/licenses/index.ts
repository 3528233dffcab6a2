import { lazy } from 'react';

/** The page loads with its route (its own chunk). */
export const LicensesPage = lazy(() => import('./LicensesPage'));
