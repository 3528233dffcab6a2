import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { lazy } from 'react';
import type { PromoCode } from './types';

/** Promotional codes (LICENSE_PROMOCODE_READ, _CREATE, _MODIFY, _DELETE), on /api/v1/promo-codes. */
export default {
  list: lazy(() => import('./PromoCodeList')),
  icon: LocalOfferIcon,
  recordRepresentation: (record: PromoCode) => record.promotionCode,
};
