import { addDays, bogotaDay, bogotaToday, daysBetween, isCalendarDay } from '@licencias/common/dates';
import type { PromoCode, PromoCodeCreate, PromoCodeUpdate } from './types';

/** The values of the promotional code dialog; dates are Bogotá days. */
export interface PromoFormValues {
  promotionCode: string;
  descriptionPromotionCode: string;
  singleUse: boolean;
  useQuantity: number | null;
  typeUserId: 1 | 2 | 3 | null;
  offerTypeCode: 'PTJ' | 'VLR';
  offerValue: number | null;
  effectiveStartDate: string;
  expirationDate: string;
  periodicityType: 'NEVER' | 'MONTHLY';
  periodicityQuantity: number | null;
  endPeriodicityDate: string;
  applyTotalPurchase: boolean;
  packageIds: number[];
}

export const LIMITS = { code: 50, description: 250, useQuantity: 9999, offerValueChars: 18, interval: 12, monthlySpanDays: 30 } as const;
/** The contract bounds amounts to 15 digits (exact as JSON numbers). */
export const VALUE_MAX = 999_999_999_999_999;
/** User types whose codes always give 100 % (types 2 and 3). */
export const FULL_DISCOUNT_TYPES: readonly number[] = [2, 3];

export const MESSAGES = {
  required: 'Campo obligatorio',
  invalidDate: 'Fecha no válida',
  pastDate: 'La fecha no puede ser anterior a hoy',
  validityOrder: 'Fin vigencia debe ser mayor a Inicio vigencia',
  repetitionEnd: 'Fecha final de repetición no puede ser menor a la fecha de expiración',
  percentage: 'El porcentaje de descuento debe estar entre 0 y 100',
  interval: 'El intervalo de repetición debe estar entre 1 y 12 meses',
  useQuantity: 'La cantidad de usos debe ser un número entero de 1 a 9999',
  valueChars: 'El valor no puede tener más de 18 caracteres',
  valueMax: 'El valor no puede superar 999.999.999.999.999',
  description: 'Solo se permiten letras, números, espacios y signos de puntuación',
} as const;

const DESCRIPTION = /^[\p{L}\p{M}\p{N}\p{Zs}\p{P}\p{Sm}\p{Sc}\p{Sk}]+$/u;

/** Codes are typed by customers: whitespace is never part of one. */
export const stripSpaces = (value: string) => (value ?? '').replace(/\s+/g, '');

/** A new code: valid from today until tomorrow, no repetition. */
export function newPromoValues(today = bogotaToday()): PromoFormValues {
  return {
    promotionCode: '',
    descriptionPromotionCode: '',
    singleUse: false,
    useQuantity: null,
    typeUserId: 1,
    offerTypeCode: 'PTJ',
    offerValue: null,
    effectiveStartDate: today,
    expirationDate: addDays(today, 1),
    periodicityType: 'NEVER',
    periodicityQuantity: null,
    endPeriodicityDate: '',
    applyTotalPurchase: false,
    packageIds: [],
  };
}

export function promoValues(record: PromoCode): PromoFormValues {
  return {
    promotionCode: record.promotionCode,
    descriptionPromotionCode: record.descriptionPromotionCode,
    singleUse: record.useQuantity === 1,
    useQuantity: record.useQuantity,
    typeUserId: record.typeUserId === 1 || record.typeUserId === 2 || record.typeUserId === 3 ? record.typeUserId : null,
    offerTypeCode: record.offerTypeCode,
    offerValue: record.offerValue,
    effectiveStartDate: bogotaDay(record.effectiveStartDate),
    expirationDate: bogotaDay(record.expirationDate),
    periodicityType: record.periodicityType,
    periodicityQuantity: record.periodicityQuantity,
    endPeriodicityDate: record.endPeriodicityDate ? bogotaDay(record.endPeriodicityDate) : '',
    applyTotalPurchase: record.applyTotalPurchase,
    packageIds: record.packageIds,
  };
}

/** Days of validity; monthly repetition is offered for 0 to 30. */
export function validitySpan(values: Pick<PromoFormValues, 'effectiveStartDate' | 'expirationDate'>): number | undefined {
  if (!isCalendarDay(values.effectiveStartDate) || !isCalendarDay(values.expirationDate)) return undefined;
  return daysBetween(values.effectiveStartDate, values.expirationDate);
}

export function monthlyAllowed(values: Pick<PromoFormValues, 'effectiveStartDate' | 'expirationDate'>): boolean {
  const span = validitySpan(values);
  return span !== undefined && span >= 0 && span <= LIMITS.monthlySpanDays;
}

type Errors = Partial<Record<keyof PromoFormValues, string>>;

/**
 * The rules of the dialog, as the server checks them (promo-code.rules.ts): a date that changes
 * may not be in the past, the end not before the start, the repetition (MONTHLY) needs 1 to 12
 * months and an end not before the expiration, PTJ is 0 to 100, and the code applies to the whole
 * purchase or to at least one package.
 */
export function promoErrors(values: PromoFormValues, original?: PromoFormValues, today = bogotaToday()): Errors {
  const errors: Errors = {};
  const description = values.descriptionPromotionCode.trim();
  if (description && !DESCRIPTION.test(description)) errors.descriptionPromotionCode = MESSAGES.description;
  const quantity = values.singleUse ? 1 : values.useQuantity;
  if (quantity === null || quantity === undefined) errors.useQuantity = MESSAGES.required;
  else if (!Number.isInteger(quantity) || quantity < 1 || quantity > LIMITS.useQuantity) errors.useQuantity = MESSAGES.useQuantity;

  const fullDiscount = values.typeUserId !== null && FULL_DISCOUNT_TYPES.includes(values.typeUserId);
  if (!fullDiscount) {
    const value = values.offerValue;
    if (value === null || value === undefined || Number.isNaN(value)) errors.offerValue = MESSAGES.required;
    else if (String(value).length > LIMITS.offerValueChars) errors.offerValue = MESSAGES.valueChars;
    else if (values.offerTypeCode === 'PTJ' && (value < 0 || value > 100)) errors.offerValue = MESSAGES.percentage;
    else if (value < 0 || value > VALUE_MAX) errors.offerValue = MESSAGES.valueMax;
  }

  const start = values.effectiveStartDate;
  const end = values.expirationDate;
  if (!start) errors.effectiveStartDate = MESSAGES.required;
  else if (!isCalendarDay(start)) errors.effectiveStartDate = MESSAGES.invalidDate;
  else if (start !== original?.effectiveStartDate && daysBetween(today, start) < 0) errors.effectiveStartDate = MESSAGES.pastDate;
  if (!end) errors.expirationDate = MESSAGES.required;
  else if (!isCalendarDay(end)) errors.expirationDate = MESSAGES.invalidDate;
  else if (end !== original?.expirationDate && daysBetween(today, end) < 0) errors.expirationDate = MESSAGES.pastDate;
  else if (isCalendarDay(start) && daysBetween(start, end) < 0) errors.expirationDate = MESSAGES.validityOrder;

  if (values.periodicityType === 'MONTHLY' && monthlyAllowed(values)) {
    const interval = values.periodicityQuantity;
    if (interval === null || interval === undefined) errors.periodicityQuantity = MESSAGES.required;
    else if (!Number.isInteger(interval) || interval < 1 || interval > LIMITS.interval) errors.periodicityQuantity = MESSAGES.interval;
    const repetitionEnd = values.endPeriodicityDate;
    if (!repetitionEnd) errors.endPeriodicityDate = MESSAGES.required;
    else if (!isCalendarDay(repetitionEnd)) errors.endPeriodicityDate = MESSAGES.invalidDate;
    else if (isCalendarDay(end) && daysBetween(end, repetitionEnd) < 0) errors.endPeriodicityDate = MESSAGES.repetitionEnd;
  }
  if (!values.applyTotalPurchase && values.packageIds.length === 0) errors.packageIds = MESSAGES.required;
  return errors;
}

/** The save payload's fields (PromoCodeFields of the contract). */
function fieldsOf(values: PromoFormValues): Omit<PromoCodeCreate, 'promotionCode'> {
  const fullDiscount = values.typeUserId !== null && FULL_DISCOUNT_TYPES.includes(values.typeUserId);
  const monthly = values.periodicityType === 'MONTHLY' && monthlyAllowed(values);
  return {
    descriptionPromotionCode: values.descriptionPromotionCode.trim(),
    useQuantity: values.singleUse ? 1 : (values.useQuantity ?? 1),
    typeUserId: values.typeUserId ?? 1,
    offerTypeCode: fullDiscount ? 'PTJ' : values.offerTypeCode,
    offerValue: fullDiscount ? 100 : (values.offerValue ?? 0),
    effectiveStartDate: values.effectiveStartDate,
    expirationDate: values.expirationDate,
    periodicityType: monthly ? 'MONTHLY' : 'NEVER',
    periodicityQuantity: monthly ? values.periodicityQuantity : null,
    endPeriodicityDate: monthly ? values.endPeriodicityDate : null,
    applyTotalPurchase: values.applyTotalPurchase,
    packageIds: values.applyTotalPurchase ? [] : [...values.packageIds].sort((a, b) => a - b),
  };
}

export function createPromoPayload(values: PromoFormValues): PromoCodeCreate {
  return { promotionCode: stripSpaces(values.promotionCode), ...fieldsOf(values), idstate: 0 };
}

/** The edit payload with the version read, or undefined when no field changed (nothing is sent). */
export function updatePromoPayload(values: PromoFormValues, record: PromoCode): PromoCodeUpdate | undefined {
  const next = fieldsOf(values);
  if (JSON.stringify(next) === JSON.stringify(fieldsOf(promoValues(record)))) return undefined;
  return { ...next, idstate: record.idstate, version: record.version };
}
