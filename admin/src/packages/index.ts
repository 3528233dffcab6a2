import { lazy } from 'react';

/** The page loads with its route (its own chunk). */
export const PackagesPage = lazy(() => import('./PackagesPage'));
