import SecurityIcon from '@mui/icons-material/Security';
import { lazy } from 'react';
import type { Role } from './types';

/** The roles and privileges matrix, read-only (USERS_ADMIN). */
export default {
  list: lazy(() => import('./RoleMatrix')),
  icon: SecurityIcon,
  recordRepresentation: (record: Role) => record.name,
};
