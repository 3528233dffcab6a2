import type { components } from '@licencias/common/schema';
import { type CompanyInput, companyProblems, normalizeDocumentNumber } from '@licencias/common/rules';

export type Customer = components['schemas']['Customer'];
type CustomerFields = components['schemas']['CustomerFields'];

/** The company form's values: every field of §3 the form edits (the coordinates come with the record). */
export interface CompanyValues {
  personType: 'J' | 'N';
  documentTypeId: number | null;
  documentNumber: string;
  legalName: string;
  firstName: string;
  lastName: string;
  legalDocumentTypeId: number | null;
  legalDocumentNumber: string;
  legalFirstName: string;
  legalLastName: string;
  fulladdress: string;
  addressAdditionalInformation: string;
  departmentId: number | null;
  cityId: number | null;
  cellphoneNumber: string;
  email: string;
  linkToApp: 'biometria' | 'confronta' | 'otras_apps' | null;
  contractStartDate: string | null;
  contractEndDate: string | null;
  /** Tax profile (docs/architecture.md "Colombian taxes"). */
  largeTaxpayer: boolean;
  ivaWithholdingAgent: boolean;
  icaWithholdingAgent: boolean;
}

/** A new company: a legal person with a NIT, as the form opens. */
export function newCompanyValues(): CompanyValues {
  return {
    personType: 'J',
    documentTypeId: 4,
    documentNumber: '',
    legalName: '',
    firstName: '',
    lastName: '',
    legalDocumentTypeId: null,
    legalDocumentNumber: '',
    legalFirstName: '',
    legalLastName: '',
    fulladdress: '',
    addressAdditionalInformation: '',
    departmentId: null,
    cityId: null,
    cellphoneNumber: '',
    email: '',
    linkToApp: null,
    contractStartDate: null,
    contractEndDate: null,
    largeTaxpayer: false,
    ivaWithholdingAgent: false,
    icaWithholdingAgent: false,
  };
}

export function companyValues(record?: Customer): CompanyValues {
  if (!record) return newCompanyValues();
  const empty = newCompanyValues();
  return Object.fromEntries((Object.keys(empty) as (keyof CompanyValues)[]).map((key) => [key, record[key] ?? empty[key]])) as unknown as CompanyValues;
}

const text = (value: string) => value.trim() || null;

/** What the API receives: the fields that apply to the person type, trimmed; the coordinates as read. */
export function companyFields(values: CompanyValues, record?: Customer): CustomerFields {
  const legal = values.personType === 'J';
  const biometria = values.linkToApp === 'biometria';
  return {
    personType: values.personType,
    documentTypeId: values.documentTypeId ?? 0,
    documentNumber: normalizeDocumentNumber(values.documentNumber),
    legalName: legal ? text(values.legalName) : null,
    firstName: legal ? null : text(values.firstName),
    lastName: legal ? null : text(values.lastName),
    legalDocumentTypeId: legal ? values.legalDocumentTypeId : null,
    legalDocumentNumber: legal ? normalizeDocumentNumber(values.legalDocumentNumber) || null : null,
    legalFirstName: legal ? text(values.legalFirstName) : null,
    legalLastName: legal ? text(values.legalLastName) : null,
    fulladdress: text(values.fulladdress),
    addressAdditionalInformation: text(values.addressAdditionalInformation),
    addressLatGeocode: record?.addressLatGeocode ?? null,
    addressLngGeocode: record?.addressLngGeocode ?? null,
    departmentId: values.departmentId,
    cityId: values.cityId,
    cellphoneNumber: text(values.cellphoneNumber),
    email: text(values.email),
    linkToApp: values.linkToApp,
    contractStartDate: biometria ? values.contractStartDate : null,
    contractEndDate: biometria ? values.contractEndDate : null,
    largeTaxpayer: values.largeTaxpayer,
    ivaWithholdingAgent: values.ivaWithholdingAgent,
    icaWithholdingAgent: values.icaWithholdingAgent,
  };
}

/** The problems of the form by field, from the rules the server applies (@licencias/common/rules). */
export function companyErrors(values: CompanyValues, blockedDomains: readonly string[]): Partial<Record<keyof CompanyValues, string>> {
  const input: CompanyInput = { ...values };
  return Object.fromEntries(companyProblems(input, blockedDomains).map((problem) => [problem.field, problem.message]));
}
