import { lazy } from 'react';

/** The page loads with its route (its own chunk). */
export const ReportsPage = lazy(() => import('./ReportsPage'));
