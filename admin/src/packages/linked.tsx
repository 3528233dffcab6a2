import BusinessIcon from '@mui/icons-material/Business';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { api } from '../api';
import { formatMoney, formatNumber, formatPercent } from '@licencias/common/format';
import { type LinkedItem, LinkedPopover } from '../components/LinkedPopover';
import { unwrap } from '../httpErrors';
import { UNLIMITED } from './types';

/** What is linked to a package, from the calls of the spec (GET /license/api/package/Get…LinkedPackage/{id}). */
export const linkedLoaders = {
  customers: async (id: number): Promise<LinkedItem[]> => {
    const { result } = await unwrap(api.GET('/license/api/package/GetCustomerLinkedPackage/{id}', { params: { path: { id } } }));
    return (result?.records ?? []).map((link) => ({ key: link.customerId, primary: link.customer.name, secondary: link.customer.documentNumber }));
  },
  promoCodes: async (id: number): Promise<LinkedItem[]> => {
    const { result } = await unwrap(api.GET('/license/api/package/GetPromoCodeLinkedPackage/{id}', { params: { path: { id } } }));
    return (result?.records ?? []).map((code) => ({
      key: code.id,
      primary: `${code.promotionCode} · ${code.offerTypeCode === 'PTJ' ? formatPercent(code.offerValue) : formatMoney(code.offerValue)}`,
      secondary: code.descriptionPromotionCode,
    }));
  },
  channels: async (id: number): Promise<LinkedItem[]> => {
    const { result } = await unwrap(api.GET('/license/api/package/GetChannelsLinkedPackage/{id}', { params: { path: { id } } }));
    return (result?.records ?? []).map((channel) => ({ key: channel.id, primary: channel.channelType }));
  },
  features: async (id: number, unlimited: string): Promise<LinkedItem[]> => {
    const { result } = await unwrap(api.GET('/license/api/package/GetFeaturesPackage/{id}', { params: { path: { id } } }));
    return (result?.records ?? []).map((item) => ({
      key: item.itemPackageId,
      primary: item.serviceFeature.serviceFeatureDescription,
      secondary:
        item.quantity === UNLIMITED || item.serviceFeature.isunlimited
          ? unlimited
          : `${formatNumber(item.quantity)}${item.storageType ? ` ${item.storageType}` : ''}`,
    }));
  },
};

/** The four hover lists of a package row: companies, promotional codes, channels and features. */
export const PackageLinks = ({ id }: { id: number }) => {
  const translate = useTranslate();
  const unlimited = translate('app.catalogue.unlimited');
  return (
    <Stack direction="row" spacing={0}>
      <LinkedPopover
        icon={<BusinessIcon fontSize="small" />}
        title={translate('resources.packages.linked.customers')}
        queryKey={['package-links', 'customers', id]}
        load={() => linkedLoaders.customers(id)}
      />
      <LinkedPopover
        icon={<ConfirmationNumberOutlinedIcon fontSize="small" />}
        title={translate('resources.packages.linked.promo_codes')}
        queryKey={['package-links', 'promo-codes', id]}
        load={() => linkedLoaders.promoCodes(id)}
      />
      <LinkedPopover
        icon={<HubOutlinedIcon fontSize="small" />}
        title={translate('resources.packages.linked.channels')}
        queryKey={['package-links', 'channels', id]}
        load={() => linkedLoaders.channels(id)}
      />
      <LinkedPopover
        icon={<ListAltIcon fontSize="small" />}
        title={translate('resources.packages.linked.features')}
        queryKey={['package-links', 'features', id]}
        load={() => linkedLoaders.features(id, unlimited)}
      />
    </Stack>
  );
};
