import type { Validator } from 'react-admin';
import { MESSAGES, type PackageFormValues, PRICE_DIGITS } from '../packageForm';

/** A validator react-admin shows with the required asterisk. */
export function requiredWhen(check: (value: unknown, values: PackageFormValues) => boolean): Validator {
  const validator = (value: unknown, values: PackageFormValues) => (check(value, values) ? MESSAGES.required : undefined);
  return Object.assign(validator, { isRequired: true });
}

export const integer: Validator = (value: unknown) =>
  value === null || value === undefined || value === '' || Number.isInteger(value) ? undefined : 'Debe ser un número entero';

/** The price is typed as digits only (no separators), at most 18. */
export const digitsOnly = (value: string) => (value ?? '').replace(/\D/g, '').slice(0, PRICE_DIGITS);
