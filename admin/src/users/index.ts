import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import type { User } from './types';

/** Users administration (USERS_ADMIN), on /api/v1/users. Screens load with the route. */
export default {
  list: lazy(() => import('./UserList')),
  edit: lazy(() => import('./UserEdit')),
  icon: PeopleIcon,
  recordRepresentation: (record: User) => `${record.names} ${record.surnames}`,
};
