import DesignServicesIcon from '@mui/icons-material/DesignServices';
import { lazy } from 'react';
import type { Service } from './types';

/** Products or services (CONFIGURATION to read, LICENSE_FULL_ACCESS to write), on /api/v1/services. */
export default {
  list: lazy(() => import('./ServiceList')),
  icon: DesignServicesIcon,
  recordRepresentation: (record: Service) => record.serviceName,
};
