import {
  filterDocumentInput,
  filterPhoneInput,
  NIT_DOCUMENT_TYPE,
  normalizeDocumentNumber,
  PURCHASE_MAX,
  PURCHASE_MESSAGES,
  purchaseCheckDigit,
  purchaseFormProblems,
  type BrandDocumentTypes,
  type PurchaseCustomerInput,
  type PurchaseFormField,
  type PurchaseRuleContext,
  type PurchaseSection,
} from '@licencias/common/rules';
import type { CustomerLookup } from './types';

/**
 * The purchase and activation form as the page holds it (store §3 "Billing and activation form
 * fields"): one section's values as typed, the rules of `purchaseFormProblems` (common, shared
 * with RegisterPurchaseOrder) and what the buyer has touched. Nothing here re-states a rule.
 */

export type PersonType = 'J' | 'N';

/** One section as typed: numbers of selects are `''` until chosen. */
export interface SectionValues {
  personType: PersonType;
  documentTypeId: number | '';
  documentNumber: string;
  legalName: string;
  firstName: string;
  lastName: string;
  cellphoneNumber: string;
  email: string;
  departmentId: number | '';
  cityId: number | '';
  fulladdress: string;
  /** The chosen suggestion's coordinates (maps autocomplete); null for a typed address. */
  addressLatGeocode: number | null;
  addressLngGeocode: number | null;
  addressAdditionalInformation: string;
  legalDocumentTypeId: number | '';
  legalDocumentNumber: string;
  legalFirstName: string;
  legalLastName: string;
}

export interface FormValues {
  billing: SectionValues;
  service: SectionValues;
  legalTermsCheck: boolean;
}

export type SectionField = keyof SectionValues;
export type FormErrors = Partial<Record<PurchaseFormField, string>>;

/** An empty section: a legal person with the brand's first document type for it. */
export function emptySection(types: BrandDocumentTypes, personType: PersonType = 'J'): SectionValues {
  return {
    personType,
    documentTypeId: types[personType][0] ?? '',
    documentNumber: '',
    legalName: '',
    firstName: '',
    lastName: '',
    cellphoneNumber: '',
    email: '',
    departmentId: '',
    cityId: '',
    fulladdress: '',
    addressLatGeocode: null,
    addressLngGeocode: null,
    addressAdditionalInformation: '',
    legalDocumentTypeId: types.R[0] ?? '',
    legalDocumentNumber: '',
    legalFirstName: '',
    legalLastName: '',
  };
}

export function emptyForm(types: BrandDocumentTypes): FormValues {
  return { billing: emptySection(types), service: emptySection(types), legalTermsCheck: false };
}

const orNull = (value: number | ''): number | null => (value === '' ? null : value);
const textOrNull = (value: string): string | null => (value.trim() ? value.trim() : null);

/**
 * A section as the rules and the order request read it. A legal person sends no names and a
 * natural person no legal name nor legal representative (hidden fields keep what was typed, so
 * switching back restores it, but never travel).
 */
export function toCustomerInput(values: SectionValues, section: PurchaseSection): PurchaseCustomerInput {
  const legal = values.personType === 'J';
  const documentNumber = normalizeDocumentNumber(values.documentNumber);
  const withRepresentative = legal && section === 'Service';
  return {
    personType: values.personType,
    documentTypeId: orNull(values.documentTypeId),
    documentNumber,
    dv: purchaseCheckDigit(orNull(values.documentTypeId), documentNumber),
    legalName: legal ? values.legalName : null,
    firstName: legal ? null : values.firstName,
    lastName: legal ? null : values.lastName,
    cellphoneNumber: values.cellphoneNumber,
    email: values.email.trim(),
    departmentId: orNull(values.departmentId),
    cityId: orNull(values.cityId),
    fulladdress: values.fulladdress,
    addressLatGeocode: values.addressLatGeocode,
    addressLngGeocode: values.addressLngGeocode,
    addressAdditionalInformation: textOrNull(values.addressAdditionalInformation),
    legalDocumentTypeId: withRepresentative ? orNull(values.legalDocumentTypeId) : null,
    legalDocumentNumber: withRepresentative ? normalizeDocumentNumber(values.legalDocumentNumber) : null,
    legalFirstName: withRepresentative ? values.legalFirstName : null,
    legalLastName: withRepresentative ? values.legalLastName : null,
  };
}

/**
 * Every problem of the form (common's `purchaseFormProblems`), by §3 field name. A free cart has
 * only the activation section.
 */
export function formProblems(values: FormValues, context: PurchaseRuleContext, withBilling: boolean): FormErrors {
  return purchaseFormProblems(
    { billing: toCustomerInput(values.billing, 'Billing'), service: toCustomerInput(values.service, 'Service'), legalTermsCheck: values.legalTermsCheck },
    context,
    withBilling,
  );
}

/** The form field name of a section's field (`documentNumberBilling`). */
export function fieldName(field: SectionField, section: PurchaseSection): PurchaseFormField {
  return `${field}${section}` as PurchaseFormField;
}

/** The DV shown read-only beside a NIT (common's rule: only for NIT, from 6 digits). */
export function checkDigitOf(values: SectionValues): string {
  return purchaseCheckDigit(orNull(values.documentTypeId), values.documentNumber) ?? '';
}

export function isNit(values: SectionValues): boolean {
  return values.documentTypeId === NIT_DOCUMENT_TYPE;
}

/**
 * A change typed into a field, with §5's keyboard filters: document numbers keep digits (letters
 * too for a passport) without spaces, phones digits; a person type brings its first document type;
 * a department clears its city.
 */
export function applyChange(values: SectionValues, field: SectionField, raw: string | number, types: BrandDocumentTypes): SectionValues {
  switch (field) {
    case 'personType': {
      const personType: PersonType = raw === 'N' ? 'N' : 'J';
      if (personType === values.personType) return values;
      return { ...values, personType, documentTypeId: types[personType][0] ?? '', documentNumber: '' };
    }
    case 'documentTypeId':
      return { ...values, documentTypeId: Number(raw), documentNumber: filterDocumentInput(Number(raw), values.documentNumber) };
    case 'legalDocumentTypeId':
      return { ...values, legalDocumentTypeId: Number(raw), legalDocumentNumber: filterDocumentInput(Number(raw), values.legalDocumentNumber) };
    case 'documentNumber':
      return { ...values, documentNumber: filterDocumentInput(orNull(values.documentTypeId), String(raw)) };
    case 'legalDocumentNumber':
      return { ...values, legalDocumentNumber: filterDocumentInput(orNull(values.legalDocumentTypeId), String(raw)) };
    case 'cellphoneNumber':
      return { ...values, cellphoneNumber: filterPhoneInput(String(raw)) };
    case 'email':
      return { ...values, email: String(raw).slice(0, PURCHASE_MAX.email) };
    case 'departmentId':
      return { ...values, departmentId: raw === '' ? '' : Number(raw), cityId: '' };
    case 'cityId':
      return { ...values, cityId: raw === '' ? '' : Number(raw) };
    // A typed address is no longer the chosen suggestion: its coordinates go.
    case 'fulladdress':
      return { ...values, fulladdress: String(raw), addressLatGeocode: null, addressLngGeocode: null };
    default:
      return { ...values, [field]: String(raw) };
  }
}

/** A section filled from the customer's record (GetCustomerInformation / the named lookup). */
export function sectionFromLookup(found: CustomerLookup, types: BrandDocumentTypes): SectionValues {
  const base = emptySection(types, found.personType);
  const departmentId = found.departmentId ?? found.city?.stateId ?? '';
  return {
    ...base,
    documentTypeId: found.documentTypeId,
    documentNumber: found.documentNumber,
    legalName: found.legalName ?? '',
    firstName: found.firstName ?? '',
    lastName: found.lastName ?? '',
    cellphoneNumber: found.cellphoneNumber ?? '',
    email: found.email ?? '',
    departmentId,
    cityId: found.cityId ?? found.city?.id ?? '',
    fulladdress: found.fullAddress ?? '',
    addressAdditionalInformation: found.addressAdditionalInformation ?? '',
    legalDocumentTypeId: found.legalDocumentTypeId ?? base.legalDocumentTypeId,
    legalDocumentNumber: found.legalDocumentNumber ?? '',
    legalFirstName: found.legalFirstName ?? '',
    legalLastName: found.legalLastName ?? '',
  };
}

/** Whether the activation document is another customer's than the signed-in one (§4 changeCustomer). */
export function isOtherCustomer(service: SectionValues, registered: { documentTypeId: number; documentNumber: string } | undefined): boolean {
  if (!registered) return false;
  return (
    service.documentTypeId !== registered.documentTypeId ||
    normalizeDocumentNumber(service.documentNumber) !== normalizeDocumentNumber(registered.documentNumber)
  );
}

export { PURCHASE_MESSAGES };

/** A suggestion chosen in the address autocomplete: its address and coordinates, and its department and city when the DANE list names them. */
export function applyPlace(
  values: SectionValues,
  place: { fulladdress: string; latitude: number; longitude: number; departmentId: number | null; cityId: number | null },
): SectionValues {
  const department = place.departmentId ?? values.departmentId;
  return {
    ...values,
    fulladdress: place.fulladdress,
    addressLatGeocode: place.latitude,
    addressLngGeocode: place.longitude,
    departmentId: department,
    cityId: place.departmentId === null ? values.cityId : (place.cityId ?? (department === values.departmentId ? values.cityId : '')),
  };
}
