import {
  AGREEMENT_MESSAGES,
  type AgreementValidityType,
  agreementNitProblem,
  alertDaysProblem,
  contractNumberProblem,
  endDateProblem,
  identifierCode,
  jobTitleProblem,
  SINGLE_DELIVERY_DEVICE_TYPE,
  startDateProblem,
  validityEndDay,
  WEEKDAYS,
} from '@licencias/common/rules';
import type { RuleViolations } from '../errors/rule-violations.js';
import type { AgreementProduct } from '../service/service.service.js';
import { DEVICE_TYPES, MAX_VALIDITY_AMOUNT, PAYMENT_CONDITIONS, START_DATE_RULE } from './agreement.parameters.js';
import type { AlertOptionsFields, ContractFields, ServiceLineInput } from './agreement.types.js';

/** The ledger reads a quantity from UNLIMITED_QUANTITY (1,000,000) up as unlimited: a bag stays below it. */
export const MAX_BAG_QUANTITY = 999_999;
export const MAX_BAG_QUANTITY_MESSAGE = 'La cantidad máxima de una bolsa es 999,999; para más, márcala Ilimitada.';

/** §5 'Agreement start date', 'End date', 'Contract number', payment condition. */
export function checkContract(contract: ContractFields, today: string, maxYears: number, v: RuleViolations, prefix = 'contract'): void {
  const add = (field: string, message: string | null) => message && v.add(`${prefix}.${field}`, message);
  add('contractNumber', contractNumberProblem(contract.contractNumber));
  add('contractStartDate', startDateProblem(contract.contractStartDate, today, START_DATE_RULE));
  add('contractEndDate', endDateProblem(contract.contractEndDate, contract.contractStartDate, maxYears));
  if (!PAYMENT_CONDITIONS.some((p) => Number(p.value) === contract.paymentConditionId)) add('paymentConditionId', AGREEMENT_MESSAGES.required);
}

export function checkCustomerDocument(customer: { personType: string; documentTypeId: number; documentNumber: string }, v: RuleViolations): void {
  const nit = agreementNitProblem(customer.personType, customer.documentTypeId, customer.documentNumber);
  if (nit) v.add('customer.documentNumber', nit);
}

export function checkSupervisorJob(jobTitle: string | null | undefined, v: RuleViolations): void {
  const problem = jobTitleProblem(jobTitle);
  if (problem) v.add('supervisor.jobTitle', problem);
}

export function checkAlertOptions(options: AlertOptionsFields, v: RuleViolations, prefix = 'alertOptions'): void {
  const days = alertDaysProblem(options);
  if (days) v.add(`${prefix}.monday`, days);
}

/** The weekday bitmask of the alert options (bit 0 Monday … bit 6 Sunday); 0 when daily. */
export function weekdayMask(options: AlertOptionsFields): number {
  if (options.deliveryFrequency !== 'S') return 0;
  return WEEKDAYS.reduce((mask, day, i) => (options[day] ? mask | (1 << i) : mask), 0);
}

export function maskToDays(mask: number): Record<(typeof WEEKDAYS)[number], boolean> {
  return Object.fromEntries(WEEKDAYS.map((day, i) => [day, (mask & (1 << i)) !== 0])) as Record<(typeof WEEKDAYS)[number], boolean>;
}

/** A line as it is saved: the terms the server keeps, its identifier code and where its bag ends. */
export interface CheckedLine {
  input: ServiceLineInput;
  index: number;
  unlimited: boolean;
  quantity: number;
  identifierCode: string;
  endDay: string;
  deviceTypeId: number | null;
  credentialsDeliveryType: number | null;
  reassignmentQuota: number | null;
}

export interface LineContext {
  product: AgreementProduct;
  contractStartDate: string;
  contractEndDate: string;
  maxReassignmentQuota: number;
  /** Existing lines by licence id: whether unlimited and their identifier code. */
  existing: ReadonlyMap<number, { unlimited: boolean; identifierCode: string }>;
  /** Identifier codes already saved on the agreement and not edited by these lines. */
  keptCodes: ReadonlySet<string>;
}

/** §5 'Services': quantity, validity, ECD device fields, duplicates and the bag's validity. */
export function checkLines(lines: readonly ServiceLineInput[], ctx: LineContext, v: RuleViolations, prefix = 'services'): CheckedLine[] {
  const ecd = ctx.product.contractedServices === 'isComponentECD';
  const seen = new Set(ctx.keptCodes);
  const checked: CheckedLine[] = [];
  lines.forEach((input, index) => {
    const field = (name: string) => `${prefix}[${index}].${name}`;
    const before = input.licenseId != null ? ctx.existing.get(input.licenseId) : undefined;
    if (input.licenseId != null && !before) v.add(field('licenseId'), AGREEMENT_MESSAGES.invalidNumber);
    const unlimited = input.isUnlimited ?? false;
    const quantity = unlimited ? 0 : (input.quantityToAdd ?? 0);
    if (before && before.unlimited !== unlimited) v.add(field('isUnlimited'), AGREEMENT_MESSAGES.unlimitedChange);
    if (!unlimited && !before && quantity < 1) v.add(field('quantityToAdd'), AGREEMENT_MESSAGES.invalidNumber);
    if (!unlimited && quantity > MAX_BAG_QUANTITY) v.add(field('quantityToAdd'), MAX_BAG_QUANTITY_MESSAGE);
    const type = input.validityType as AgreementValidityType;
    const max = MAX_VALIDITY_AMOUNT[type];
    if (input.validityPeriod > max) v.add(field('validityPeriod'), AGREEMENT_MESSAGES.maxValidity(max));
    let deviceCode: string | null = null;
    let device: number | null = null;
    let delivery: number | null = null;
    let quota: number | null = null;
    if (ecd) {
      device = input.deviceTypeId ?? null;
      delivery = input.credentialsDeliveryType ?? null;
      quota = input.reassignmentQuota ?? null;
      const known = DEVICE_TYPES.find((d) => d.value === device);
      if (device == null) v.add(field('deviceTypeId'), AGREEMENT_MESSAGES.required);
      else if (!known || !ctx.product.deviceTypeIds.includes(device)) v.add(field('deviceTypeId'), AGREEMENT_MESSAGES.deviceForProduct);
      deviceCode = known?.code ?? null;
      if (delivery == null) v.add(field('credentialsDeliveryType'), AGREEMENT_MESSAGES.required);
      else if ((device === SINGLE_DELIVERY_DEVICE_TYPE && delivery !== 1) || delivery > 2)
        v.add(field('credentialsDeliveryType'), AGREEMENT_MESSAGES.deliveryForDevice);
      if (quota == null) v.add(field('reassignmentQuota'), AGREEMENT_MESSAGES.required);
      else if (quota > ctx.maxReassignmentQuota) v.add(field('reassignmentQuota'), AGREEMENT_MESSAGES.maxQuota(ctx.maxReassignmentQuota));
    }
    const code = identifierCode({ packageCode: input.packageCode.trim(), validityPeriod: input.validityPeriod, validityType: type, deviceCode });
    if (seen.has(code)) v.add(field('packageCode'), AGREEMENT_MESSAGES.duplicateService);
    seen.add(code);
    const endDay = validityEndDay(ctx.contractStartDate, input.validityPeriod, type);
    if (endDay > ctx.contractEndDate) v.add(field('validityPeriod'), AGREEMENT_MESSAGES.bagValidity);
    checked.push({
      input,
      index,
      unlimited,
      quantity,
      identifierCode: code,
      endDay,
      deviceTypeId: device,
      credentialsDeliveryType: delivery,
      reassignmentQuota: quota,
    });
  });
  return checked;
}
