import { normalizeDocumentNumber, WEEKDAYS } from '@licencias/common/rules';
import type {
  AgreementCreate,
  Agreement,
  AlertOptionsFields,
  ContractFields,
  ContractParameters,
  ContractedServiceInput,
  CustomerFields,
  SupervisorFields,
} from './types';
import { calendarDay } from './format';
import { rowIdentifier } from './validation';
import type { AlertValues, ContractValues, CustomerValues, ServiceRow, SupervisorValues } from './values';
import { defaultAlerts, emptySupervisor, rowKey } from './values';

const text = (value: string) => value.trim() || null;

export function contractFields(values: ContractValues): ContractFields {
  return {
    contractNumber: values.contractNumber.trim(),
    contractStartDate: values.contractStartDate,
    contractEndDate: values.contractEndDate,
    commercialManagerId: values.commercialManagerId,
    paymentConditionId: values.paymentConditionId ?? 0,
    serviceId: values.serviceId ?? 0,
  };
}

export function customerFields(values: CustomerValues, showLegalRepresentative: boolean): CustomerFields {
  const legal = values.personType === 'J';
  const representative = legal && showLegalRepresentative;
  return {
    personType: values.personType,
    documentTypeId: values.documentTypeId ?? 0,
    documentNumber: normalizeDocumentNumber(values.documentNumber),
    legalName: legal ? text(values.legalName) : null,
    firstName: legal ? null : text(values.firstName),
    lastName: legal ? null : text(values.lastName),
    fulladdress: text(values.fulladdress),
    departmentId: values.departmentId,
    cityId: values.cityId,
    cellphoneNumber: text(values.cellphoneNumber),
    email: text(values.email),
    legalDocumentTypeId: representative ? values.legalDocumentTypeId : null,
    legalDocumentNumber: representative ? normalizeDocumentNumber(values.legalDocumentNumber) || null : null,
    legalFirstName: representative ? text(values.legalFirstName) : null,
    legalLastName: representative ? text(values.legalLastName) : null,
  };
}

export function supervisorFields(values: SupervisorValues): SupervisorFields {
  return {
    documentTypeId: values.documentTypeId ?? 0,
    documentNumber: normalizeDocumentNumber(values.documentNumber),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    fulladdress: text(values.fulladdress),
    departmentId: values.departmentId,
    cityId: values.cityId,
    phoneNumber: text(values.phoneNumber),
    email: values.email.trim(),
    jobTitle: text(values.jobTitle),
  };
}

/** A line as the API takes it: quantityToAdd 0 when unlimited; what is added for a saved bag. */
export function serviceInput(row: ServiceRow, parameters: ContractParameters | undefined): ContractedServiceInput {
  const ecd = row.deviceTypeId !== null;
  return {
    licenseId: row.licenseId,
    packageCode: row.packageCode,
    quantityToAdd: row.isUnlimited ? 0 : Number(row.quantity || 0),
    isUnlimited: row.isUnlimited,
    validityType: row.validityType || 'D',
    validityPeriod: Number(row.validityAmount),
    identifierCode: rowIdentifier(row, parameters),
    reassignmentQuota: ecd ? Number(row.reassignmentQuota || 0) : null,
    deviceTypeId: row.deviceTypeId,
    credentialsDeliveryType: row.credentialsDeliveryType,
  };
}

/** 'Servicios Contratados' of the edit screen sends only new or edited lines. */
export function changedServices(rows: readonly ServiceRow[], parameters: ContractParameters | undefined): ContractedServiceInput[] {
  return rows.filter((row) => !row.isExist || row.isUpdate).map((row) => serviceInput(row, parameters));
}

export function alertFields(values: AlertValues): AlertOptionsFields {
  const daily = values.deliveryFrequency === 'D';
  const days = Object.fromEntries(WEEKDAYS.map((day) => [day, daily ? false : values[day]])) as Record<(typeof WEEKDAYS)[number], boolean>;
  return {
    consumptionPercentageAlert: values.consumptionPercentageAlert,
    deliveryTime: values.deliveryTime,
    deliveryFrequency: values.deliveryFrequency,
    ...days,
  };
}

export interface WizardValues {
  contract: ContractValues;
  customer: CustomerValues;
  supervisor: SupervisorValues;
  services: ServiceRow[];
}

/** The body of 'Finalizar y guardar': the supervisor only when the product requires supervision. */
export function createBody(values: WizardValues, requiresSupervision: boolean, parameters: ContractParameters | undefined): AgreementCreate {
  return {
    contract: contractFields(values.contract),
    customer: customerFields(values.customer, parameters?.showLegalRepresentative ?? false),
    supervisor: requiresSupervision ? supervisorFields(values.supervisor) : null,
    services: values.services.map((row) => serviceInput(row, parameters)),
    alertOptions: null,
  };
}

/** The values of each step of 'Editar Convenio', from the saved agreement. */
export function contractValuesOf(agreement: Agreement): ContractValues {
  const c = agreement.contract;
  return {
    serviceId: c.serviceId,
    contractNumber: c.contractNumber,
    contractStartDate: calendarDay(c.contractStartDate),
    contractEndDate: calendarDay(c.contractEndDate),
    commercialManagerId: c.commercialManagerId,
    paymentConditionId: c.paymentConditionId,
  };
}

export function customerValuesOf(agreement: Agreement): CustomerValues {
  const c = agreement.customer;
  return {
    personType: c.personType,
    documentTypeId: c.documentTypeId,
    documentNumber: c.documentNumber,
    legalName: c.legalName ?? '',
    firstName: c.firstName ?? '',
    lastName: c.lastName ?? '',
    fulladdress: c.fulladdress ?? '',
    departmentId: c.departmentId ?? null,
    cityId: c.cityId ?? null,
    cellphoneNumber: c.cellphoneNumber ?? '',
    email: c.email ?? '',
    legalDocumentTypeId: c.legalDocumentTypeId ?? null,
    legalDocumentNumber: c.legalDocumentNumber ?? '',
    legalFirstName: c.legalFirstName ?? '',
    legalLastName: c.legalLastName ?? '',
  };
}

export function supervisorValuesOf(agreement: Agreement): SupervisorValues {
  const s = agreement.supervisor;
  if (!s) return emptySupervisor();
  return {
    documentTypeId: s.documentTypeId,
    documentNumber: s.documentNumber,
    firstName: s.firstName,
    lastName: s.lastName,
    fulladdress: s.fulladdress ?? '',
    departmentId: s.departmentId ?? null,
    cityId: s.cityId ?? null,
    phoneNumber: s.phoneNumber ?? '',
    email: s.email,
    jobTitle: s.jobTitle ?? '',
  };
}

export function serviceRowsOf(agreement: Agreement): ServiceRow[] {
  return agreement.contractedServices.map((service) => ({
    key: rowKey(),
    licenseId: service.licenseId,
    packageCode: service.packageCode,
    quantity: '',
    isUnlimited: service.isUnlimited,
    validityType: service.validityType,
    validityAmount: String(service.validityPeriod),
    deviceTypeId: service.deviceTypeId,
    credentialsDeliveryType: service.credentialsDeliveryType,
    reassignmentQuota: service.reassignmentQuota === null ? '' : String(service.reassignmentQuota),
    isExist: true,
    isUpdate: false,
    savedQuantity: service.totalQuantity,
    used: service.used,
  }));
}

export function alertValuesOf(agreement: Agreement): AlertValues {
  const a = agreement.alertOptions;
  return {
    ...defaultAlerts(),
    consumptionPercentageAlert: a.consumptionPercentageAlert,
    deliveryTime: a.deliveryTime,
    deliveryFrequency: a.deliveryFrequency,
    monday: a.monday ?? false,
    tuesday: a.tuesday ?? false,
    wednesday: a.wednesday ?? false,
    thursday: a.thursday ?? false,
    friday: a.friday ?? false,
    saturday: a.saturday ?? false,
    sunday: a.sunday ?? false,
  };
}
