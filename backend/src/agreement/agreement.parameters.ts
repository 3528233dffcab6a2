import type { ContractParameters } from './agreement.types.js';

/**
 * The fixed lists of agreements (licences-and-agreements §3 'Contract parameters', §9). The
 * numbers an operator tunes (maximum reassignment quota, maximum contract validity, default alert
 * percentage) are system parameters; these lists change with a release.
 */
export const PAYMENT_CONDITIONS = [
  { value: '1', text: 'Contado' },
  { value: '2', text: 'Crédito 30 días' },
  { value: '3', text: 'Crédito 60 días' },
  { value: '4', text: 'Anticipado' },
] as const;

export const VALIDITY_TYPE_OPTIONS = [
  { value: 'D', text: 'Días' },
  { value: 'M', text: 'Meses' },
  { value: 'A', text: 'Años' },
] as const;

/** The ECD devices: a physical token is delivered physically; a cloud certificate either way. */
export const DEVICE_TYPES = [
  { value: 1, text: 'Token físico', code: 'TOKEN' },
  { value: 2, text: 'Certificado en la nube', code: 'NUBE' },
] as const;

export const CREDENTIAL_DELIVERY_TYPES = [
  { value: '1', text: 'Entrega física' },
  { value: '2', text: 'Correo electrónico' },
] as const;

export const ALERT_PERIODICITY = [
  { value: 'D', text: 'Diaria' },
  { value: 'S', text: 'Semanal' },
] as const;

/** The most of each validity type a bag may have (the contract's maximum is 2 years by default). */
export const MAX_VALIDITY_AMOUNT = { D: 730, M: 24, A: 2 } as const;

/** Start dates may be up to 30 days ahead ('A constant 30 … exists', §9). */
export const START_DATE_RULE = { isBeyondOneMonth: true, dateUnit: 'D', quantity: 30 } as const;

/** Alert options of an agreement saved without them (the percentage is a system parameter). */
export const DEFAULT_ALERT = { deliveryTime: '08:00', deliveryFrequency: 'D' } as const;

export type Tunables = Pick<ContractParameters, 'maxReassignmentQuota' | 'maxContractValidityYears' | 'defaultConsumptionAlert'>;

export function contractParameters(tunables: Tunables, documentTypes: ContractParameters['documentTypes']): ContractParameters {
  return {
    paymentTypes: PAYMENT_CONDITIONS.map((o) => ({ ...o })),
    documentTypes,
    validityTypes: VALIDITY_TYPE_OPTIONS.map((o) => ({ ...o })),
    deviceTypes: DEVICE_TYPES.map((o) => ({ ...o })),
    credentialDeliveryTypes: CREDENTIAL_DELIVERY_TYPES.map((o) => ({ ...o })),
    showLegalRepresentative: true,
    startDate: { ...START_DATE_RULE },
    maxValidityAmount: { ...MAX_VALIDITY_AMOUNT },
    alertPeriodicity: ALERT_PERIODICITY.map((o) => ({ ...o })),
    ...tunables,
  };
}
