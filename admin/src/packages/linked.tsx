import BusinessIcon from '@mui/icons-material/Business';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Stack } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import { api } from '../api';
import { formatMoney, formatNumber, formatPercent } from '@licencias/common/format';
import { type LinkedItem, LinkedPopover } from '../components/LinkedPopover';
import { unwrap } from '../httpErrors';
import { UNLIMITED } from './types';

/** What is linked to a package, from the calls of the spec (GET /license/api/package/Get…LinkedPackage/{id}). */
const linkedLoaders = {
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

type LinkKind = 'customers' | 'promo-codes' | 'channels' | 'features';

const LINKS: Record<LinkKind, { icon: ReactElement; load: (id: number, unlimited: string) => Promise<LinkedItem[]> }> = {
  customers: { icon: <BusinessIcon fontSize="small" />, load: linkedLoaders.customers },
  'promo-codes': { icon: <ConfirmationNumberOutlinedIcon fontSize="small" />, load: linkedLoaders.promoCodes },
  channels: { icon: <HubOutlinedIcon fontSize="small" />, load: linkedLoaders.channels },
  features: { icon: <ListAltIcon fontSize="small" />, load: linkedLoaders.features },
};

/** One hover list of what is linked to a package (its icon and call), under the screen's title (an i18n key). */
export const PackageLink = ({ id, kind, title }: { id: number; kind: LinkKind; title: string }) => {
  const translate = useTranslate();
  const { icon, load } = LINKS[kind];
  return (
    <LinkedPopover icon={icon} title={translate(title)} queryKey={['package-links', kind, id]} load={() => load(id, translate('app.catalogue.unlimited'))} />
  );
};

/** The four hover lists of a package row: companies, promotional codes, channels and features. */
export const PackageLinks = ({ id }: { id: number }) => (
  <Stack direction="row" spacing={0}>
    <PackageLink id={id} kind="customers" title="resources.packages.linked.customers" />
    <PackageLink id={id} kind="promo-codes" title="resources.packages.linked.promo_codes" />
    <PackageLink id={id} kind="channels" title="resources.packages.linked.channels" />
    <PackageLink id={id} kind="features" title="resources.packages.linked.features" />
  </Stack>
);
