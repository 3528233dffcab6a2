import { dayToText, isCalendarDay } from '../dates.js';
import type { components } from '../schema.js';
import { isEmailDomainBlocked } from './email-blacklist.js';
import { nitCheckDigit } from './nit.js';

/**
 * The rules of the company form (licences-and-agreements.md §5 'Company form' and 'Customer
 * document number'), written once: the server refuses with them (422, one detail per field) and
 * the back office shows them under each field before sending.
 */

export const NIT_DOCUMENT_TYPE = 4;
/** Passport (6) and the foreign documents 10 and 13 take letters and digits. */
export const ALPHANUMERIC_DOCUMENT_TYPES: readonly number[] = [6, 10, 13];
export const DOCUMENT_TYPES_BY_PERSON: Readonly<Record<'J' | 'N', readonly number[]>> = { J: [4], N: [1, 2, 4, 6] };
export const LEGAL_REPRESENTATIVE_DOCUMENT_TYPES: readonly number[] = [1, 2, 6];
export const LINKABLE_APPS = ['biometria', 'confronta', 'otras_apps'] as const;
export type LinkableApp = (typeof LINKABLE_APPS)[number];

export const COMPANY_MAX = {
  documentNumber: 15,
  legalName: 450,
  name: 100,
  fulladdress: 300,
  addressAdditionalInformation: 100,
  cellphoneNumber: 10,
  email: 100,
} as const;

export const COMPANY_MESSAGES = {
  required: 'Campo obligatorio',
  numericDocument: 'El campo debe ser numérico, mínimo 5 y máximo 15 caracteres.',
  alphanumericDocument: 'El campo debe ser alfanumérico, mínimo 5 y máximo 15 caracteres.',
  documentTypeForPerson: 'El tipo de documento no es permitido para el tipo de persona.',
  legalDocumentType: 'El tipo de documento del representante legal debe ser cédula de ciudadanía, cédula de extranjería o pasaporte.',
  specialCharacters: 'El campo no admite caracteres especiales.',
  lettersOnly: 'El campo solo admite letras.',
  minLetters: 'El campo debe tener mínimo 3 letras.',
  address: 'La dirección solo admite letras, números, espacios y los caracteres # - , .',
  phone: 'El teléfono debe tener 7 o 10 dígitos.',
  email: 'El correo electrónico no es válido.',
  blockedEmail: 'El dominio de correo ingresado no es permitido.',
  invalidDate: 'Fecha no válida',
  maxLength: (max: number) => `Máximo ${max} caracteres.`,
  endAfter: (startDay: string) => `La fecha debe ser posterior a ${dayToText(startDay)}`,
} as const;

/** The company as a form or a request holds it (the contract's fields): anything may be missing or blank. */
export type CompanyInput = { [K in keyof components['schemas']['CustomerFields']]?: components['schemas']['CustomerFields'][K] | null };

export interface CompanyProblem {
  field: keyof CompanyInput;
  message: string;
}

/** Spaces are never part of a document number (the form strips them as typed). */
export function normalizeDocumentNumber(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, '');
}

/** The message for a document number of that type, or null when it is valid. */
export function documentNumberProblem(documentTypeId: number | null | undefined, value: string | null | undefined): string | null {
  const number = normalizeDocumentNumber(value);
  if (!number) return COMPANY_MESSAGES.required;
  if (documentTypeId != null && ALPHANUMERIC_DOCUMENT_TYPES.includes(documentTypeId)) {
    return /^[A-Za-z0-9]{5,15}$/.test(number) ? null : COMPANY_MESSAGES.alphanumericDocument;
  }
  return /^\d{5,15}$/.test(number) ? null : COMPANY_MESSAGES.numericDocument;
}

/**
 * The check digit (DV) of a company document: only NIT (type 4) has one. `forDisplay` follows the
 * form, which shows it once the number has more than 5 digits; the server stores it for every NIT.
 */
export function companyCheckDigit(documentTypeId: number | null | undefined, value: string | null | undefined, forDisplay = false): string | null {
  const number = normalizeDocumentNumber(value);
  if (documentTypeId !== NIT_DOCUMENT_TYPE || !/^\d{1,15}$/.test(number)) return null;
  if (forDisplay && number.length <= 5) return null;
  return nitCheckDigit(number);
}

const NAME = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ ]+$/;
const LEGAL_NAME = /^[\p{L}\p{N} .,&'()-]+$/u;
const ADDRESS = /^[\p{L}\p{N} #,.-]+$/u;
const PHONE = /^(\d{7}|\d{10})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function blank(value: string | null | undefined): boolean {
  return !value?.trim();
}

/** A person's first or last name (letters with accents, at least 3, at most 100), or null when valid. */
export function nameProblem(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!text) return COMPANY_MESSAGES.required;
  if (text.length > COMPANY_MAX.name) return COMPANY_MESSAGES.maxLength(COMPANY_MAX.name);
  if (!NAME.test(text)) return COMPANY_MESSAGES.lettersOnly;
  if (text.replace(/ /g, '').length < 3) return COMPANY_MESSAGES.minLetters;
  return null;
}

/** A legal name (at most 450, no special characters), or null when valid. */
export function legalNameProblem(value: string | null | undefined): string | null {
  const legalName = value?.trim() ?? '';
  if (!legalName) return COMPANY_MESSAGES.required;
  if (legalName.length > COMPANY_MAX.legalName) return COMPANY_MESSAGES.maxLength(COMPANY_MAX.legalName);
  if (!LEGAL_NAME.test(legalName)) return COMPANY_MESSAGES.specialCharacters;
  return null;
}

/** The characters an address may hold (letters, digits, space, # - , .), or null when they are fine. */
export function addressCharactersProblem(value: string): string | null {
  return ADDRESS.test(value) ? null : COMPANY_MESSAGES.address;
}

/** Whether a phone number has 7 or 10 digits. */
export function isCompanyPhone(value: string): boolean {
  return PHONE.test(value);
}

/**
 * Every problem of a company, one per field (the first rule it breaks). `blockedDomains` are the
 * rules of the e-mail blacklist. Fields that do not apply (names of the other person type, the
 * legal representative of a natural person, contract dates outside biometria) are not checked.
 */
export function companyProblems(input: CompanyInput, blockedDomains: readonly string[]): CompanyProblem[] {
  const problems: CompanyProblem[] = [];
  const add = (field: keyof CompanyInput, message: string | null) => {
    if (message) problems.push({ field, message });
  };
  const person = input.personType === 'J' || input.personType === 'N' ? input.personType : null;
  if (!person) add('personType', COMPANY_MESSAGES.required);

  if (input.documentTypeId == null) add('documentTypeId', COMPANY_MESSAGES.required);
  else if (person && !DOCUMENT_TYPES_BY_PERSON[person].includes(input.documentTypeId)) add('documentTypeId', COMPANY_MESSAGES.documentTypeForPerson);
  add('documentNumber', documentNumberProblem(input.documentTypeId, input.documentNumber));

  if (person === 'J') {
    add('legalName', legalNameProblem(input.legalName));
    if (input.legalDocumentTypeId == null) add('legalDocumentTypeId', COMPANY_MESSAGES.required);
    else if (!LEGAL_REPRESENTATIVE_DOCUMENT_TYPES.includes(input.legalDocumentTypeId)) add('legalDocumentTypeId', COMPANY_MESSAGES.legalDocumentType);
    add('legalDocumentNumber', documentNumberProblem(input.legalDocumentTypeId, input.legalDocumentNumber));
    add('legalFirstName', nameProblem(input.legalFirstName));
    add('legalLastName', nameProblem(input.legalLastName));
  } else if (person === 'N') {
    add('firstName', nameProblem(input.firstName));
    add('lastName', nameProblem(input.lastName));
  }

  const address = input.fulladdress?.trim() ?? '';
  if (!address) add('fulladdress', COMPANY_MESSAGES.required);
  else if (address.length > COMPANY_MAX.fulladdress) add('fulladdress', COMPANY_MESSAGES.maxLength(COMPANY_MAX.fulladdress));
  else add('fulladdress', addressCharactersProblem(address));
  if ((input.addressAdditionalInformation?.trim().length ?? 0) > COMPANY_MAX.addressAdditionalInformation) {
    add('addressAdditionalInformation', COMPANY_MESSAGES.maxLength(COMPANY_MAX.addressAdditionalInformation));
  }
  if (input.departmentId == null) add('departmentId', COMPANY_MESSAGES.required);
  if (input.cityId == null) add('cityId', COMPANY_MESSAGES.required);

  const phone = input.cellphoneNumber?.trim() ?? '';
  if (!phone) add('cellphoneNumber', COMPANY_MESSAGES.required);
  else if (!isCompanyPhone(phone)) add('cellphoneNumber', COMPANY_MESSAGES.phone);

  const email = input.email?.trim() ?? '';
  if (!email) add('email', COMPANY_MESSAGES.required);
  else if (email.length > COMPANY_MAX.email) add('email', COMPANY_MESSAGES.maxLength(COMPANY_MAX.email));
  else if (!EMAIL.test(email)) add('email', COMPANY_MESSAGES.email);
  else if (isEmailDomainBlocked(email, blockedDomains)) add('email', COMPANY_MESSAGES.blockedEmail);

  if (blank(input.linkToApp)) add('linkToApp', COMPANY_MESSAGES.required);
  if (input.linkToApp === 'biometria') {
    const start = input.contractStartDate?.trim() ?? '';
    const end = input.contractEndDate?.trim() ?? '';
    if (!start) add('contractStartDate', COMPANY_MESSAGES.required);
    else if (!isCalendarDay(start)) add('contractStartDate', COMPANY_MESSAGES.invalidDate);
    if (!end) add('contractEndDate', COMPANY_MESSAGES.required);
    else if (!isCalendarDay(end)) add('contractEndDate', COMPANY_MESSAGES.invalidDate);
    else if (isCalendarDay(start) && end <= start) add('contractEndDate', COMPANY_MESSAGES.endAfter(start));
  }
  return problems;
}
