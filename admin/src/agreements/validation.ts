import {
  addressCharactersProblem,
  AGREEMENT_MAX,
  AGREEMENT_MESSAGES,
  agreementNitProblem,
  alertDaysProblem,
  type CompanyInput,
  companyProblems,
  contractNumberProblem,
  documentNumberProblem,
  endDateProblem,
  identifierCode,
  isCompanyPhone,
  jobTitleProblem,
  nameProblem,
  startDateProblem,
  validityEndDay,
} from '@licencias/common/rules';
import type { ContractedServicesKind, ContractParameters } from './types';
import type { AlertValues, ContractValues, CustomerValues, ServiceRow, SupervisorValues } from './values';

export type Errors<T> = Partial<Record<keyof T, string>>;

const REQUIRED = AGREEMENT_MESSAGES.required;
/** The foreign documents agreements admit for natural persons besides the company form's (§9). */
const FOREIGN_DOCUMENT_TYPES = [10, 13];

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

/** 'Información Contrato': the shared date rules; `numberTaken` when the opportunity number exists. */
export function contractErrors(
  values: ContractValues,
  parameters: ContractParameters | undefined,
  today: string,
  numberTaken: boolean,
): Errors<ContractValues> {
  const rule = parameters?.startDate ?? { isBeyondOneMonth: false, dateUnit: 'D' as const, quantity: 0 };
  const errors: Errors<ContractValues> = {
    serviceId: values.serviceId === null ? REQUIRED : undefined,
    contractNumber: contractNumberProblem(values.contractNumber) ?? (numberTaken ? AGREEMENT_MESSAGES.contractNumberTaken : undefined),
    contractStartDate: startDateProblem(values.contractStartDate, today, rule) ?? undefined,
    contractEndDate: endDateProblem(values.contractEndDate, values.contractStartDate, parameters?.maxContractValidityYears ?? 2) ?? undefined,
    commercialManagerId: values.commercialManagerId ? undefined : REQUIRED,
    paymentConditionId: values.paymentConditionId === null ? REQUIRED : undefined,
  };
  return errors;
}

/** An e-mail's problem under the company rules (format, length, blacklist). */
function emailProblem(email: string, blockedDomains: readonly string[]): string | undefined {
  return companyProblems({ email }, blockedDomains).find((p) => p.field === 'email')?.message;
}

function addressProblem(value: string): string | undefined {
  const address = value.trim();
  if (!address) return REQUIRED;
  if (address.length > AGREEMENT_MAX.fulladdress) return AGREEMENT_MESSAGES.maxLength(AGREEMENT_MAX.fulladdress);
  return addressCharactersProblem(address) ?? undefined;
}

/**
 * 'Información Cliente': the company rules (@licencias/common companyProblems) without the linked
 * app, the agreement's address limit (200), the NIT of 9 digits, and the legal representative only
 * when the parameters show it.
 */
export function customerErrors(values: CustomerValues, blockedDomains: readonly string[], showLegalRepresentative: boolean): Errors<CustomerValues> {
  const input: CompanyInput = { ...values, linkToApp: 'otras_apps' };
  const errors: Errors<CustomerValues> = {};
  const legalFields: readonly string[] = ['legalDocumentTypeId', 'legalDocumentNumber', 'legalFirstName', 'legalLastName'];
  for (const problem of companyProblems(input, blockedDomains)) {
    if (problem.field === 'fulladdress') continue;
    if (!showLegalRepresentative && legalFields.includes(problem.field)) continue;
    if (
      problem.field === 'documentTypeId' &&
      values.personType === 'N' &&
      values.documentTypeId !== null &&
      FOREIGN_DOCUMENT_TYPES.includes(values.documentTypeId)
    )
      continue;
    if (problem.field in values) errors[problem.field as keyof CustomerValues] ??= problem.message;
  }
  errors.fulladdress = addressProblem(values.fulladdress);
  const nit = agreementNitProblem(values.personType, values.documentTypeId, values.documentNumber);
  if (nit && !errors.documentNumber) errors.documentNumber = nit;
  return errors;
}

/** 'Información Supervisor': phone and position optional. */
export function supervisorErrors(values: SupervisorValues, blockedDomains: readonly string[]): Errors<SupervisorValues> {
  const phone = values.phoneNumber.trim();
  const email = values.email.trim();
  return {
    documentTypeId: values.documentTypeId === null ? REQUIRED : undefined,
    documentNumber: documentNumberProblem(values.documentTypeId, values.documentNumber) ?? undefined,
    firstName: nameProblem(values.firstName) ?? undefined,
    lastName: nameProblem(values.lastName) ?? undefined,
    fulladdress: addressProblem(values.fulladdress),
    departmentId: values.departmentId === null ? REQUIRED : undefined,
    cityId: values.cityId === null ? REQUIRED : undefined,
    phoneNumber:
      phone && !isCompanyPhone(phone)
        ? (companyProblems({ cellphoneNumber: phone }, []).find((p) => p.field === 'cellphoneNumber')?.message ?? REQUIRED)
        : undefined,
    email: email ? emailProblem(email, blockedDomains) : REQUIRED,
    jobTitle: jobTitleProblem(values.jobTitle) ?? undefined,
  };
}

/** A quantity: digits only, positive, at most 10 characters; anything else 'Dato inválido'. */
function quantityProblem(text: string, allowZero: boolean): string | undefined {
  if (!text.trim()) return REQUIRED;
  if (text.length > AGREEMENT_MAX.quantityDigits || !/^\d+$/.test(text)) return AGREEMENT_MESSAGES.invalidNumber;
  if (!allowZero && Number(text) <= 0) return AGREEMENT_MESSAGES.invalidNumber;
  return undefined;
}

/** The line of the services form (§5 'Services'). A saved bag may add nothing (0). */
export function serviceRowErrors(row: ServiceRow, kind: ContractedServicesKind, parameters: ContractParameters | undefined): Errors<ServiceRow> {
  const errors: Errors<ServiceRow> = {
    packageCode: row.packageCode ? undefined : REQUIRED,
    quantity: row.isUnlimited ? undefined : quantityProblem(row.quantity, row.isExist),
    validityType: row.validityType ? undefined : REQUIRED,
  };
  const maxDigits = kind === 'isComponentECD' && row.isExist ? AGREEMENT_MAX.validityDigitsEcd : AGREEMENT_MAX.validityDigits;
  if (!row.validityAmount) errors.validityAmount = REQUIRED;
  else if (!/^\d+$/.test(row.validityAmount) || row.validityAmount.length > maxDigits) errors.validityAmount = AGREEMENT_MESSAGES.invalidNumber;
  else if (row.validityType && parameters && Number(row.validityAmount) > parameters.maxValidityAmount[row.validityType]) {
    errors.validityAmount = AGREEMENT_MESSAGES.maxValidity(parameters.maxValidityAmount[row.validityType]);
  }
  if (kind === 'isComponentECD') {
    errors.deviceTypeId = row.deviceTypeId === null ? REQUIRED : undefined;
    errors.credentialsDeliveryType = row.credentialsDeliveryType === null ? REQUIRED : undefined;
    if (!row.reassignmentQuota) errors.reassignmentQuota = REQUIRED;
    else if (!/^\d+$/.test(row.reassignmentQuota) || row.reassignmentQuota.length > AGREEMENT_MAX.reassignmentDigits)
      errors.reassignmentQuota = AGREEMENT_MESSAGES.invalidNumber;
  }
  return errors;
}

/** The device code a line's identifier carries (ECD), from the parameters. */
export function deviceCode(row: ServiceRow, parameters: ContractParameters | undefined): string | null {
  if (row.deviceTypeId === null) return null;
  return parameters?.deviceTypes.find((d) => d.value === row.deviceTypeId)?.code ?? String(row.deviceTypeId);
}

export function rowIdentifier(row: ServiceRow, parameters: ContractParameters | undefined): string {
  if (!row.validityType) return row.packageCode;
  return identifierCode({
    packageCode: row.packageCode,
    validityType: row.validityType,
    validityPeriod: Number(row.validityAmount),
    deviceCode: deviceCode(row, parameters),
  });
}

/**
 * 'Ya existe el producto en la lista.' (§5): the same identifier (product, device, validity) is
 * already in the list; in the services variant a new line (no licenseId) of a product already
 * listed is rejected too. The line being edited is not compared with itself.
 */
export function isDuplicateService(
  rows: readonly ServiceRow[],
  candidate: ServiceRow,
  kind: ContractedServicesKind,
  parameters: ContractParameters | undefined,
): boolean {
  const others = rows.filter((row) => row.key !== candidate.key);
  const id = rowIdentifier(candidate, parameters);
  if (others.some((row) => rowIdentifier(row, parameters) === id)) return true;
  return kind === 'isComponentServices' && candidate.licenseId === null && others.some((row) => row.packageCode === candidate.packageCode);
}

/** Whether the bag's validity, counted from the contract start, ends after the contract ('Vigencia de la bolsa'). */
export function exceedsContract(row: ServiceRow, contractStart: string, contractEnd: string): boolean {
  if (!row.validityType || !/^\d+$/.test(row.validityAmount) || !contractStart || !contractEnd) return false;
  return validityEndDay(contractStart, Number(row.validityAmount), row.validityType) > contractEnd;
}

/** 'Periodicidad de alertas'. */
export function alertErrors(values: AlertValues): Errors<AlertValues> & { days?: string } {
  return {
    consumptionPercentageAlert: values.consumptionPercentageAlert < 1 || values.consumptionPercentageAlert > 100 ? REQUIRED : undefined,
    deliveryTime: /^([01]\d|2[0-3]):[0-5]\d$/.test(values.deliveryTime) ? undefined : REQUIRED,
    deliveryFrequency: values.deliveryFrequency ? undefined : REQUIRED,
    days: alertDaysProblem(values) ?? undefined,
  };
}
