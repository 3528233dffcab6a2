import Inventory2Icon from '@mui/icons-material/Inventory2';
import { lazy } from 'react';
import type { Package } from './types';

/** The page loads with its route (its own chunk). */
export const PackagesPage = lazy(() => import('./PackagesPage'));

/** Packages (PACKAGES), on /api/v1/packages: the 'Crear paquetes' table, with its create and edit dialog. */
export default {
  list: lazy(() => import('./PackageList')),
  icon: Inventory2Icon,
  recordRepresentation: (record: Package) => `${record.packageCode} · ${record.packageName}`,
};
