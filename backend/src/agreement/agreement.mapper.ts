import { WEEKDAY_NAMES, WEEKDAYS } from '@licencias/common/rules';
import type { CustomerDto } from '../customer/customer.service.js';
import type { AgreementProduct } from '../service/service.service.js';
import type { Agreement, AgreementService as Line } from './agreement.entities.js';
import type { AgreementListRow, LineWithUse } from './agreement.repository.js';
import { PAYMENT_CONDITIONS } from './agreement.parameters.js';
import { maskToDays } from './agreement.rules.js';
import type { AgreementCustomerFields, AgreementDto, AgreementSummaryDto } from './agreement.types.js';

type Schemas = import('@licencias/common/schema').components['schemas'];

export function contractOf(a: Agreement): Record<string, unknown> & Schemas['AgreementContractFields'] {
  return {
    contractNumber: a.contractNumber,
    contractStartDate: a.contractStartDate,
    contractEndDate: a.contractEndDate,
    commercialManagerId: a.commercialManagerId,
    paymentConditionId: a.paymentConditionId,
    serviceId: a.serviceId,
  };
}

export function optionsOf(a: Agreement): Record<string, unknown> & Schemas['AlertOptions'] {
  return {
    consumptionPercentageAlert: a.alertPercentage,
    deliveryTime: a.alertDeliveryTime,
    deliveryFrequency: a.alertFrequency,
    ...maskToDays(a.alertWeekdays),
  };
}

export function customerFieldsOf(c: CustomerDto | null): Record<string, unknown> & Partial<AgreementCustomerFields> {
  if (!c) return {};
  return {
    personType: c.personType,
    documentTypeId: c.documentTypeId,
    documentNumber: c.documentNumber,
    legalName: c.legalName,
    firstName: c.firstName,
    lastName: c.lastName,
    fulladdress: c.fulladdress,
    addressLatGeocode: c.addressLatGeocode,
    addressLngGeocode: c.addressLngGeocode,
    departmentId: c.departmentId,
    cityId: c.cityId,
    cellphoneNumber: c.cellphoneNumber,
    email: c.email,
    legalDocumentTypeId: c.legalDocumentTypeId,
    legalDocumentNumber: c.legalDocumentNumber,
    legalFirstName: c.legalFirstName,
    legalLastName: c.legalLastName,
  };
}

/** A line's terms as the history records them. */
export function lineDto(l: Line): Record<string, unknown> {
  return {
    licenseId: l.licenceId,
    packageCode: l.packageCode,
    totalQuantity: l.totalQuantity,
    isUnlimited: l.unlimited,
    validityType: l.validityType,
    validityPeriod: l.validityPeriod,
    identifierCode: l.identifierCode,
    reassignmentQuota: l.reassignmentQuota,
    deviceTypeId: l.deviceTypeId,
    credentialsDeliveryType: l.credentialsDeliveryType,
  };
}

export function summaryOf(a: AgreementListRow, customer: { name: string; documentNumber: string } | undefined): AgreementSummaryDto {
  return {
    id: a.id,
    contractId: a.id,
    contractNumber: a.contractNumber,
    serviceId: a.serviceId,
    serviceDescription: a.serviceDescription,
    contractStartDate: a.contractStartDate,
    contractEndDate: a.contractEndDate,
    customerName: customer?.name ?? '',
    documentNumber: customer?.documentNumber ?? '',
    version: a.version,
  };
}

export interface DtoParts {
  customer: CustomerDto | null;
  lines: LineWithUse[];
  product: AgreementProduct;
  managerName: string;
}

export function toDto(a: Agreement, parts: DtoParts): AgreementDto {
  const c = parts.customer;
  const fields = customerFieldsOf(c) as AgreementCustomerFields;
  return {
    id: a.id,
    contractId: a.id,
    contract: contractOf(a),
    service: {
      id: parts.product.id,
      serviceName: parts.product.serviceName,
      serviceNameContract: parts.product.serviceNameContract,
      requiresSupervision: parts.product.requiresSupervision,
      contractedServices: parts.product.contractedServices,
    },
    commercialManager: { id: a.commercialManagerId, name: parts.managerName },
    paymentCondition: { id: a.paymentConditionId, name: PAYMENT_CONDITIONS.find((p) => Number(p.value) === a.paymentConditionId)?.text ?? 'Desconocido' },
    customer: {
      ...fields,
      customerId: a.customerId,
      dv: c?.dv ?? null,
      customerName: c?.name ?? '',
      legalRepresentativeName: c?.legalRepresentativeName ?? null,
    },
    supervisor: a.supervisor ?? null,
    contractedServices: parts.lines.map(({ line, used, effectiveAt, expiresAt }) => ({
      id: line.id,
      licenseId: line.licenceId,
      packageCode: line.packageCode,
      packageName: line.packageName ?? null,
      totalQuantity: line.unlimited ? null : (line.totalQuantity ?? null),
      isUnlimited: line.unlimited,
      validityType: line.validityType,
      validityPeriod: line.validityPeriod,
      identifierCode: line.identifierCode,
      reassignmentQuota: line.reassignmentQuota ?? null,
      deviceTypeId: line.deviceTypeId ?? null,
      credentialsDeliveryType: line.credentialsDeliveryType ?? null,
      effectiveDate: effectiveAt.toISOString(),
      expirationDate: (expiresAt ?? effectiveAt).toISOString(),
      used,
    })),
    alertOptions: optionsOf(a),
    version: a.version,
    createdBy: a.createdBy,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt?.toISOString() ?? null,
  };
}

/** The old product's shape of an agreement (§3 'Agreement (server shape)'). */
export function toCompat(dto: AgreementDto): Schemas['CompatAgreement'] {
  const o = dto.alertOptions;
  return {
    contractId: dto.id,
    contract: { ...dto.contract, serviceName: dto.service.serviceName },
    customer: dto.customer,
    supervisor: dto.supervisor,
    contractedServices: dto.contractedServices,
    userAlertOptions: {
      consumptionPercentageAlert: o.consumptionPercentageAlert,
      deliveryTime: o.deliveryTime,
      deliveryFrecuency: o.deliveryFrequency,
      alertDeliveryDays: WEEKDAYS.filter((d) => o[d]).map((d) => WEEKDAY_NAMES[d]),
    },
    version: dto.version,
  };
}
