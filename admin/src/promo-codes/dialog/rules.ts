import { createContext, useContext, useMemo } from 'react';
import type { Validator } from 'react-admin';
import { promoErrors, type PromoFormValues } from '../promoForm';

/** The code being edited, as the dialog first showed it (dates that did not change may be past). */
export const OriginalContext = createContext<PromoFormValues | undefined>(undefined);

/** A field's rule of promoErrors, as an input validator (with the required asterisk when asked). */
export function useRule(field: keyof PromoFormValues, isRequired = false): Validator {
  const original = useContext(OriginalContext);
  return useMemo(() => {
    const validator = (_value: unknown, values: PromoFormValues) => promoErrors(values, original)[field];
    return isRequired ? Object.assign(validator, { isRequired: true }) : validator;
  }, [original, field, isRequired]);
}
