import { lazy } from 'react';

/** The pages load with their routes (their own chunks). */
export const ReportsPage = lazy(() => import('./ReportsPage'));
export const ReportViewPage = lazy(() => import('./ReportViewPage'));
