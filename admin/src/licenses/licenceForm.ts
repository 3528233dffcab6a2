import type { components } from '@licencias/common/schema';
import { addDays, bogotaDay } from '@licencias/common/dates';
import { RANGE_VALUE_MAX, rangeProblems } from '@licencias/common/rules';
import { errorBody, errorStatus } from '../components/errors';

export type Licence = components['schemas']['Licence'];
type AddBody = components['schemas']['AddNewCustomerLicense'];

/** The unlimited package: it also takes a contract number and its own dates (§2, §9). */
export const UNLIMITED_PACKAGE_CODE = 'BIILIMITADO';
/** The screen reloads this long after a licence is added (§4, §9). */
export const LICENCE_RELOAD_MS = 3000;

/** Texts of the licence screens (licences-and-agreements §2 and §8). */
export const LICENCE_MESSAGES = {
  added: '¡Licencia añadida con éxito!',
  updated: '¡Licencia actualizada con éxito!',
  successTitle: '¡Perfecto!',
  addFailed: 'Se ha presentado un error al añadir la licencia al cliente',
  updateRejected: 'No se pudo actualizar la licencia al cliente.',
  updateFailed: 'Se ha presentado un error al actualizar la licencia al cliente',
  cancelCreate: '¿Quieres cancelar la creación de esta nueva licencia?',
  cancelEdit: '¿Quieres cancelar la edición para esta licencia?',
  required: 'Campo obligatorio',
} as const;

export interface RangeValues {
  id?: number | null;
  rangeMinimum: number | null;
  rangeMaximum: number | null;
  rangePrice: number | null;
}

export interface LicenceValues {
  serviceId: number | null;
  packageId: number | null;
  contractNumber: string;
  /** Bogotá days, 'yyyy-MM-dd'. */
  startDate: string;
  finalDate: string;
  transactionRanges: RangeValues[];
}

/** A new licence starts today and, when unlimited, ends at the end of the following day (§2). */
export function newLicenceValues(now = new Date()): LicenceValues {
  const today = bogotaDay(now);
  return { serviceId: null, packageId: null, contractNumber: '', startDate: today, finalDate: addDays(today, 1), transactionRanges: [emptyRange()] };
}

export const emptyRange = (): RangeValues => ({ rangeMinimum: null, rangeMaximum: null, rangePrice: null });

/** A licence as 'Editar Licencia' shows it: everything locked but its ranges. */
export function licenceValues(licence: Licence): LicenceValues {
  return {
    serviceId: licence.serviceId,
    packageId: licence.packageId,
    contractNumber: licence.contractNumber ?? '',
    startDate: bogotaDay(licence.effectiveAt),
    finalDate: licence.expiresAt ? bogotaDay(licence.expiresAt) : '',
    transactionRanges: licence.transactionRanges.map(({ id, rangeMinimum, rangeMaximum, rangePrice }) => ({ id, rangeMinimum, rangeMaximum, rangePrice })),
  };
}

/** Changing the start resets the end to the following day (of today when the start is past: §4). */
export function endForStart(startDay: string, now = new Date()): string {
  const today = bogotaDay(now);
  return addDays(startDay < today ? today : startDay, 1);
}

const inRange = (value: number | null) => value !== null && Number.isInteger(value) && value >= 1 && value <= RANGE_VALUE_MAX;

/** The form's errors by field ('transactionRanges.0.rangeMinimum', 'contractNumber', ...). */
export function licenceErrors(values: LicenceValues, packageCode: string | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.serviceId) errors.serviceId = LICENCE_MESSAGES.required;
  if (!values.packageId) errors.packageId = LICENCE_MESSAGES.required;
  if (packageCode === UNLIMITED_PACKAGE_CODE) {
    if (!values.contractNumber.trim()) errors.contractNumber = LICENCE_MESSAGES.required;
    if (!values.startDate) errors.startDate = LICENCE_MESSAGES.required;
    if (!values.finalDate) errors.finalDate = LICENCE_MESSAGES.required;
    else if (values.startDate && values.finalDate <= values.startDate)
      errors.finalDate = `La fecha debe ser posterior a ${values.startDate.split('-').reverse().join('/')}`;
  }
  const ranges = values.transactionRanges;
  if (!ranges.length) errors.transactionRanges = LICENCE_MESSAGES.required;
  ranges.forEach((range, index) => {
    for (const field of ['rangeMinimum', 'rangeMaximum'] as const)
      if (!inRange(range[field])) errors[`transactionRanges.${index}.${field}`] = LICENCE_MESSAGES.required;
    if (range.rangePrice === null || !(range.rangePrice >= 0)) errors[`transactionRanges.${index}.rangePrice`] = LICENCE_MESSAGES.required;
  });
  // The overlap rules compare the ranges already complete, each at its own place in the list.
  const complete = ranges.flatMap((range, index) =>
    inRange(range.rangeMinimum) && inRange(range.rangeMaximum) ? [{ index, range: range as { rangeMinimum: number; rangeMaximum: number } }] : [],
  );
  for (const problem of rangeProblems(complete.map((c) => c.range))) {
    const at = complete[problem.index]?.index;
    errors[`transactionRanges.${at}.${problem.field}`] ??= problem.message;
  }
  return errors;
}

/** Saving is enabled only with service, package and complete ranges, and for BIILIMITADO a contract number (§4). */
export const licenceReady = (values: LicenceValues, packageCode: string | undefined) => Object.keys(licenceErrors(values, packageCode)).length === 0;

const rangesBody = (ranges: RangeValues[]) =>
  ranges.map((range) => ({
    id: range.id ?? null,
    rangeMinimum: Number(range.rangeMinimum),
    rangeMaximum: Number(range.rangeMaximum),
    rangePrice: Number(range.rangePrice),
  }));

/** The call's body: the unlimited package sends its contract number and dates, the others take the server's defaults. */
export function addLicenceBody(customerId: number, values: LicenceValues, packageCode: string | undefined, now = new Date()): AddBody {
  const body: AddBody = {
    customerId,
    serviceId: Number(values.serviceId),
    packageId: Number(values.packageId),
    transactionRanges: rangesBody(values.transactionRanges),
  };
  if (packageCode !== UNLIMITED_PACKAGE_CODE) return body;
  // Today's start is left to the server: start of today plus one minute.
  return {
    ...body,
    contractNumber: values.contractNumber.trim(),
    startDate: values.startDate === bogotaDay(now) ? null : values.startDate,
    finalDate: values.finalDate,
  };
}

export const setRangesBody = (licenceId: number, values: LicenceValues) => ({
  PurchaseOrderLicenseId: licenceId,
  licenseTransactionRange: rangesBody(values.transactionRanges),
});

/** What a failed add or update says (§8): a 422 shows the server's reason (add) or the update warning. */
export function licenceFailure(error: unknown, kind: 'add' | 'update'): { message: string; warning: boolean } {
  if (errorStatus(error) === 422) {
    if (kind === 'update') return { message: LICENCE_MESSAGES.updateRejected, warning: true };
    const body = errorBody(error);
    return { message: body?.statusDetails[0]?.description ?? body?.statusMessage ?? LICENCE_MESSAGES.addFailed, warning: true };
  }
  return { message: kind === 'add' ? LICENCE_MESSAGES.addFailed : LICENCE_MESSAGES.updateFailed, warning: false };
}
