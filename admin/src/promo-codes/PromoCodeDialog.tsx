import { Divider } from '@mui/material';
import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import { CatalogueDialog } from '../components/CatalogueDialog';
import type { CatalogueForm } from '../components/useCatalogueDialog';
import { AppliesToSection } from './dialog/AppliesToSection';
import { DependentFields } from './dialog/DependentFields';
import { DiscountSection } from './dialog/DiscountSection';
import { IdentitySection } from './dialog/IdentitySection';
import { OriginalContext } from './dialog/rules';
import { ValiditySection } from './dialog/ValiditySection';
import { createPromoPayload, FULL_DISCOUNT_TYPES, newPromoValues, type PromoFormValues, promoValues, stripSpaces, updatePromoPayload } from './promoForm';
import type { PromoCode, PromoUserType } from './types';

const FORM: CatalogueForm<PromoFormValues, PromoCode> = {
  resource: 'promo-codes',
  valuesOf: (record) => (record ? promoValues(record) : newPromoValues()),
  payloadOf: (values, record) => (record ? updatePromoPayload(values, record) : createPromoPayload(values)),
  alsoRefresh: ['package-links'],
  codeOf: (values, record) => record?.promotionCode ?? stripSpaces(values.promotionCode),
};

/**
 * 'Crear' / 'Editar código promocional': every rule of the spec checked as the server checks it.
 * The code cannot change when editing; an edit is sent only when a field changed, with the
 * version read.
 */
export const PromoCodeDialog = ({ record, onClose }: { record?: PromoCode; onClose: () => void }) => {
  const { data: userTypes = [], isPending: userTypesPending } = useGetList<PromoUserType>(
    'promo-user-types',
    { pagination: { page: 1, perPage: 100 } },
    { staleTime: 300_000 },
  );
  const fullDiscountTypes = useMemo(() => {
    const fromLookup = userTypes.filter((type) => type.fullDiscount).map((type) => type.id);
    return fromLookup.length ? fromLookup : FULL_DISCOUNT_TYPES;
  }, [userTypes]);
  const original = useMemo(() => (record ? promoValues(record) : undefined), [record]);
  return (
    <OriginalContext value={original}>
      <CatalogueDialog form={FORM} record={record} onClose={onClose} maxWidth="md">
        <DependentFields />
        <IdentitySection editing={!!record} userTypes={userTypes} userTypesPending={userTypesPending} />
        <Divider sx={{ my: 1 }} />
        <DiscountSection fullDiscountTypes={fullDiscountTypes} />
        <Divider sx={{ my: 1 }} />
        <ValiditySection />
        <Divider sx={{ my: 1 }} />
        <AppliesToSection />
      </CatalogueDialog>
    </OriginalContext>
  );
};
