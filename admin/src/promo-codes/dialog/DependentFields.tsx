import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FULL_DISCOUNT_TYPES, monthlyAllowed, type PromoFormValues } from '../promoForm';

/**
 * The dependent rules of the dialog, applied as the user changes fields: 'Uso único' fixes the
 * quantity at 1; user types 2 and 3 force PTJ 100; a validity span over 30 days resets the
 * repetition to never; applying to the whole purchase clears the packages.
 */
export const DependentFields = () => {
  const { setValue, getValues } = useFormContext<PromoFormValues>();
  const [singleUse, typeUserId, start, end, periodicityType, applyTotalPurchase] = useWatch<
    PromoFormValues,
    ['singleUse', 'typeUserId', 'effectiveStartDate', 'expirationDate', 'periodicityType', 'applyTotalPurchase']
  >({ name: ['singleUse', 'typeUserId', 'effectiveStartDate', 'expirationDate', 'periodicityType', 'applyTotalPurchase'] });
  useEffect(() => {
    if (singleUse && getValues('useQuantity') !== 1) setValue('useQuantity', 1, { shouldDirty: true, shouldValidate: true });
  }, [singleUse, getValues, setValue]);
  useEffect(() => {
    if (typeUserId !== null && FULL_DISCOUNT_TYPES.includes(typeUserId)) {
      if (getValues('offerTypeCode') !== 'PTJ') setValue('offerTypeCode', 'PTJ', { shouldDirty: true });
      if (getValues('offerValue') !== 100) setValue('offerValue', 100, { shouldDirty: true, shouldValidate: true });
    }
  }, [typeUserId, getValues, setValue]);
  useEffect(() => {
    if (periodicityType === 'MONTHLY' && !monthlyAllowed({ effectiveStartDate: start, expirationDate: end })) {
      setValue('periodicityType', 'NEVER', { shouldDirty: true });
    }
  }, [start, end, periodicityType, setValue]);
  useEffect(() => {
    if (applyTotalPurchase && getValues('packageIds').length) setValue('packageIds', [], { shouldDirty: true, shouldValidate: true });
  }, [applyTotalPurchase, getValues, setValue]);
  return null;
};
