import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazy } from 'react';
import type { OrderSummary } from './types';

/** 'Órdenes de compra' (payments readers), on /api/v1/orders. Screens load with the route. */
export default {
  list: lazy(() => import('./OrderList')),
  show: lazy(() => import('./OrderShow')),
  icon: ReceiptLongIcon,
  recordRepresentation: (record: OrderSummary) => record.reference,
};
