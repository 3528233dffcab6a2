import { bogotaDay, bogotaToday, daysBetween, isCalendarDay } from '@licencias/common/dates';
import type { OfferImage } from './offerImage';
import type { Package, PackageCreate, PackageTypeId, PackageUpdate, Relevance } from './types';

/** The values of the package dialog. Prices are typed as digits; dates are Bogotá days. */
export interface PackageFormValues {
  id?: number;
  packageCode: string;
  packageName: string;
  packageTypeId: PackageTypeId | null;
  packageDescription: string;
  packagePrice: string;
  taxIva: number | null;
  validityPeriod: number | null;
  validityTypeId: 'A' | 'M' | 'D' | 'I';
  relevance: Relevance;
  order: number | null;
  publicVisibility: boolean;
  customerIds: number[];
  serviceIds: number[];
  channelIds: number[];
  summaryHtml: string;
  applyOffer: boolean;
  offerTypeCode: 'VLR' | 'PTJ';
  totalOffer: number | null;
  offerStartTime: string;
  offerExpirationTime: string;
  /** A new offer image chosen in the dialog (the stored one is kept when null). */
  image: OfferImage | null;
}

export const CODE_MAX = 30;
export const NAME_MAX = 40;
export const DESCRIPTION_MAX = 250;
export const SUMMARY_MAX = 250;
export const PRICE_DIGITS = 18;
/** The contract bounds amounts to 15 digits (exact as JSON numbers). */
export const PRICE_MAX = 999_999_999_999_999;
export const DEFAULT_TAX = 19;

export const MESSAGES = {
  required: 'Campo obligatorio',
  invalidDate: 'Fecha no válida',
  offerEndPast: 'Fecha fin oferta debe ser mayor o igual a la actual',
  offerEndBeforeStart: 'Fecha fin oferta debe ser mayor a la fecha inicio oferta',
  offerAbovePrice: 'El valor total de la oferta no puede superar el valor del paquete',
  offerPercentage: 'El porcentaje de la oferta debe estar entre 0 y 100',
  summaryTooLong: `El resumen no puede superar ${SUMMARY_MAX} caracteres`,
  code: 'Solo letras, números, punto, guion y guion bajo, empezando por letra o número',
  priceMax: 'El valor no puede superar $999.999.999.999.999',
} as const;

/** The dialog's values for a new package: public, base type, high relevance, 19 % VAT, no offer. */
export function newPackageValues(today = bogotaToday()): PackageFormValues {
  return {
    packageCode: '',
    packageName: '',
    packageTypeId: 1,
    packageDescription: '',
    packagePrice: '',
    taxIva: DEFAULT_TAX,
    validityPeriod: 1,
    validityTypeId: 'A',
    relevance: 'Alta',
    order: null,
    publicVisibility: true,
    customerIds: [],
    serviceIds: [],
    channelIds: [],
    summaryHtml: '',
    applyOffer: false,
    offerTypeCode: 'VLR',
    totalOffer: 0,
    offerStartTime: today,
    offerExpirationTime: today,
    image: null,
  };
}

/** The dialog's values for a package being edited. */
export function packageValues(record: Package, today = bogotaToday()): PackageFormValues {
  return {
    id: record.id,
    packageCode: record.packageCode,
    packageName: record.packageName,
    packageTypeId: record.packageTypeId,
    packageDescription: record.packageDescription,
    packagePrice: String(record.packagePrice),
    taxIva: record.taxIva,
    validityPeriod: record.validityPeriod,
    validityTypeId: record.validityTypeId,
    relevance: record.relevance,
    order: record.order,
    publicVisibility: record.publicVisibility,
    customerIds: record.customerIds,
    serviceIds: record.serviceIds,
    channelIds: record.channelIds,
    summaryHtml: record.summaryHtml ?? '',
    applyOffer: record.applyOffer,
    offerTypeCode: record.offerTypeCode,
    totalOffer: record.totalOffer,
    offerStartTime: record.offerStartTime ? bogotaDay(record.offerStartTime) : today,
    offerExpirationTime: record.offerExpirationTime ? bogotaDay(record.offerExpirationTime) : today,
    image: null,
  };
}

/** The characters of the rich summary a reader sees (tags removed, entities as one). */
export function summaryLength(html: string | null | undefined): number {
  if (!html) return 0;
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.trim().length;
}

/** price × 100 / (100 + tax), rounded to 2 decimals (the server computes the saved value). */
export function unitPrice(price: string, tax: number | null): number | undefined {
  if (!/^\d+$/.test(price) || tax === null || !Number.isFinite(tax) || tax < 0) return undefined;
  const cents = (BigInt(price) * 100n * 10_000n * 2n + (10_000n + BigInt(Math.round(tax * 100)))) / (2n * (10_000n + BigInt(Math.round(tax * 100))));
  return Number(cents) / 100;
}

/** What the offer is when switched off: VLR, 0 and today as both dates. */
export function offerOff(today = bogotaToday()) {
  return { offerTypeCode: 'VLR' as const, totalOffer: 0, offerStartTime: today, offerExpirationTime: today };
}

/**
 * The offer's rules, as the server checks them (package.rules.ts): a start and an end date, the
 * end not before today (only for dates that change, so an expired offer does not block other
 * edits) nor before the start, a value not above the price (VLR) or 0 to 100 (PTJ).
 */
export function offerErrors(values: PackageFormValues, original?: PackageFormValues, today = bogotaToday()): Partial<Record<keyof PackageFormValues, string>> {
  const errors: Partial<Record<keyof PackageFormValues, string>> = {};
  if (!values.applyOffer) return errors;
  const start = values.offerStartTime;
  const end = values.offerExpirationTime;
  if (!start) errors.offerStartTime = MESSAGES.required;
  else if (!isCalendarDay(start)) errors.offerStartTime = MESSAGES.invalidDate;
  if (!end) errors.offerExpirationTime = MESSAGES.required;
  else if (!isCalendarDay(end)) errors.offerExpirationTime = MESSAGES.invalidDate;
  else {
    const datesChanged = !original?.applyOffer || original.offerStartTime !== start || original.offerExpirationTime !== end;
    if (datesChanged && daysBetween(today, end) < 0) errors.offerExpirationTime = MESSAGES.offerEndPast;
    else if (isCalendarDay(start) && daysBetween(start, end) < 0) errors.offerExpirationTime = MESSAGES.offerEndBeforeStart;
  }
  const value = values.totalOffer;
  if (value === null || value === undefined || Number.isNaN(value)) errors.totalOffer = MESSAGES.required;
  else if (value < 0) errors.totalOffer = MESSAGES.offerAbovePrice;
  else if (values.offerTypeCode === 'PTJ' && value > 100) errors.totalOffer = MESSAGES.offerPercentage;
  else if (values.offerTypeCode === 'VLR' && /^\d+$/.test(values.packagePrice) && value > Number(values.packagePrice))
    errors.totalOffer = MESSAGES.offerAbovePrice;
  return errors;
}

type PackageFields = Omit<PackageCreate, 'packageCode'>;

/** The save payload's fields (PackageFields of the contract), without the image. */
export function payloadOf(values: PackageFormValues, today = bogotaToday()): PackageFields {
  const off = offerOff(today);
  return {
    packageName: values.packageName.trim(),
    packageDescription: values.packageDescription.trim(),
    packageTypeId: values.packageTypeId ?? 1,
    packagePrice: Number(values.packagePrice),
    taxIva: values.taxIva ?? 0,
    validityPeriod: values.validityPeriod ?? 1,
    validityTypeId: values.validityTypeId,
    relevance: values.relevance,
    order: values.order,
    publicVisibility: values.publicVisibility,
    customerIds: values.publicVisibility ? [] : [...values.customerIds].sort((a, b) => a - b),
    serviceIds: [...values.serviceIds].sort((a, b) => a - b),
    channelIds: [...values.channelIds].sort((a, b) => a - b),
    summaryHtml: summaryLength(values.summaryHtml) ? values.summaryHtml : null,
    applyOffer: values.applyOffer,
    offerTypeCode: values.applyOffer ? values.offerTypeCode : off.offerTypeCode,
    totalOffer: values.applyOffer ? (values.totalOffer ?? 0) : off.totalOffer,
    offerStartTime: values.applyOffer ? values.offerStartTime : off.offerStartTime,
    offerExpirationTime: values.applyOffer ? values.offerExpirationTime : off.offerExpirationTime,
  };
}

export function createPayload(values: PackageFormValues, today = bogotaToday()): PackageCreate {
  return {
    packageCode: values.packageCode.trim(),
    ...payloadOf(values, today),
    image: values.image ? { fileName: values.image.fileName, contentBase64: values.image.contentBase64 } : null,
  };
}

/**
 * The edit payload with the version read, or undefined when nothing changed (the save is
 * skipped). An offer that stays off is compared as stored, not as "reset to today".
 */
export function updatePayload(values: PackageFormValues, record: Package, today = bogotaToday()): PackageUpdate | undefined {
  const original = packageValues(record, today);
  const next = payloadOf(values, today);
  const before = payloadOf(original, today);
  const comparable = (payload: PackageFields) =>
    JSON.stringify(payload.applyOffer ? payload : { ...payload, offerTypeCode: null, totalOffer: null, offerStartTime: null, offerExpirationTime: null });
  if (!values.image && comparable(next) === comparable(before)) return undefined;
  return {
    ...next,
    image: values.image ? { fileName: values.image.fileName, contentBase64: values.image.contentBase64 } : null,
    version: record.version,
  };
}
