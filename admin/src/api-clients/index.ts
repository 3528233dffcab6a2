import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import { lazy } from 'react';
import type { ApiClient } from './types';

/** Partners' API clients (API_CLIENTS, superadmin), on /api/v1/api-clients. Screens load with the route. */
export default {
  list: lazy(() => import('./ApiClientList')),
  create: lazy(() => import('./ApiClientCreate')),
  show: lazy(() => import('./ApiClientWebhooks')),
  icon: VpnKeyOutlinedIcon,
  recordRepresentation: (record: ApiClient) => record.name,
};
