import { lazy } from 'react';

/** The pages load with their routes (their own chunks). */
export const DashboardPage = lazy(() => import('./DashboardPage'));
export const MovementsPage = lazy(() => import('./MovementsPage'));
export const ContractInfoPage = lazy(() => import('./ContractInfoPage'));
