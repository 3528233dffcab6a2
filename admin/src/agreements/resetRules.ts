import { SINGLE_DELIVERY_DEVICE_TYPE, WEEKDAYS } from '@licencias/common/rules';
import type { ContractParameters } from './types';
import type { AlertValues, ContractValues, CustomerValues, ServiceRow, SupervisorValues } from './values';
import { emptySupervisor } from './values';

/**
 * The reset rules of licences-and-agreements.md §4, as pure functions: each takes the values,
 * the field that changed and its new value, and answers the next values (and, for the contract,
 * whether the service list empties).
 */

export interface ContractChange {
  values: ContractValues;
  /** Another product, start or end empties 'Servicios Contratados'. */
  clearServices: boolean;
}

export function changeContract<K extends keyof ContractValues>(values: ContractValues, field: K, value: ContractValues[K]): ContractChange {
  if (values[field] === value) return { values, clearServices: false };
  const next: ContractValues = { ...values, [field]: value };
  if (field === 'serviceId') return { values: { ...next, commercialManagerId: '', contractNumber: '' }, clearServices: true };
  if (field === 'contractStartDate') return { values: { ...next, contractEndDate: '' }, clearServices: true };
  if (field === 'contractEndDate') return { values: next, clearServices: true };
  return { values: next, clearServices: false };
}

export function changeCustomer<K extends keyof CustomerValues>(values: CustomerValues, field: K, value: CustomerValues[K]): CustomerValues {
  if (values[field] === value) return values;
  const next: CustomerValues = { ...values, [field]: value };
  if (field === 'personType') {
    return { ...next, documentTypeId: value === 'J' ? 4 : null, documentNumber: '', legalName: '', firstName: '', lastName: '' };
  }
  if (field === 'departmentId') return { ...next, cityId: null };
  return next;
}

export function changeSupervisor<K extends keyof SupervisorValues>(values: SupervisorValues, field: K, value: SupervisorValues[K]): SupervisorValues {
  if (values[field] === value) return values;
  if (field === 'documentTypeId') return { ...emptySupervisor(), documentTypeId: value as SupervisorValues['documentTypeId'] };
  const next: SupervisorValues = { ...values, [field]: value };
  if (field === 'departmentId') return { ...next, cityId: null };
  return next;
}

/** Digits only: a validity amount of 0 or less, or above the type's maximum, is cleared (§5). */
function boundedAmount(text: string, max: number | undefined): string {
  if (text === '') return '';
  if (!/^\d+$/.test(text)) return text;
  const amount = Number(text);
  if (amount <= 0 || (max !== undefined && amount > max)) return '';
  return text;
}

/** A reassignment quota: a leading 0 becomes '0'; negative or above the maximum is cleared (§5). */
function boundedQuota(text: string, max: number): string {
  if (text === '') return '';
  if (/^-/.test(text)) return '';
  if (!/^\d+$/.test(text)) return text;
  const quota = Number(text);
  if (quota > max) return '';
  return String(quota);
}

/** The delivery types a device type admits: type 1 only delivery 1 (§4). */
export function deliveryChoices<T extends { value: string }>(deviceTypeId: number | null, deliveries: readonly T[]): T[] {
  return deviceTypeId === SINGLE_DELIVERY_DEVICE_TYPE ? deliveries.filter((d) => d.value === String(SINGLE_DELIVERY_DEVICE_TYPE)) : [...deliveries];
}

export function changeServiceRow<K extends keyof ServiceRow>(row: ServiceRow, field: K, value: ServiceRow[K], parameters?: ContractParameters): ServiceRow {
  if (row[field] === value) return row;
  const next: ServiceRow = { ...row, [field]: value };
  switch (field) {
    case 'isUnlimited':
      return { ...next, quantity: '' };
    case 'validityType':
      return { ...next, validityAmount: '' };
    case 'validityAmount': {
      const type = next.validityType;
      const max = type && parameters ? parameters.maxValidityAmount[type] : undefined;
      return { ...next, validityAmount: boundedAmount(String(value), max) };
    }
    case 'reassignmentQuota':
      return { ...next, reassignmentQuota: boundedQuota(String(value), parameters?.maxReassignmentQuota ?? 5) };
    case 'packageCode':
      return { ...next, deviceTypeId: null, credentialsDeliveryType: null };
    case 'deviceTypeId':
      return value === SINGLE_DELIVERY_DEVICE_TYPE && next.credentialsDeliveryType !== SINGLE_DELIVERY_DEVICE_TYPE
        ? { ...next, credentialsDeliveryType: null }
        : next;
    default:
      return next;
  }
}

/** Daily alerts keep every weekday off. */
export function changeAlerts<K extends keyof AlertValues>(values: AlertValues, field: K, value: AlertValues[K]): AlertValues {
  const next: AlertValues = { ...values, [field]: value };
  if (field === 'deliveryFrequency' && value === 'D') {
    for (const day of WEEKDAYS) next[day] = false;
  }
  return next;
}
