import {
  addressCharactersProblem,
  ALPHANUMERIC_DOCUMENT_TYPES,
  COMPANY_MAX,
  COMPANY_MESSAGES,
  companyCheckDigit,
  documentNumberProblem,
  isCompanyPhone,
  legalNameProblem,
  nameProblem,
  NIT_DOCUMENT_TYPE,
  normalizeDocumentNumber,
} from './company.js';
import { isEmailDomainBlocked } from './email-blacklist.js';

/**
 * The rules of the purchase and activation form (store-and-purchase.md §5 'Form fields', §3
 * 'Billing and activation form fields' and the document types per brand), written once on the
 * company rules of company.ts: the storefront shows them under each field as the buyer types, and
 * RegisterPurchaseOrder refuses a request that breaks them (422, one detail per field, with the
 * same messages).
 */

/** The two sections of the form: billing ('Datos de facturación') and activation ('Datos de activación'). */
export const PURCHASE_SECTIONS = ['Billing', 'Service'] as const;
export type PurchaseSection = (typeof PURCHASE_SECTIONS)[number];

/** One customer of the purchase order request (`customerBilling`, `customerService`): anything may be missing. */
export interface PurchaseCustomerInput {
  personType?: string | null;
  documentTypeId?: number | null;
  documentNumber?: string | null;
  /** Derived (read-only on the form); the server computes its own. */
  dv?: string | null;
  legalName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  cellphoneNumber?: string | null;
  email?: string | null;
  departmentId?: number | null;
  cityId?: number | null;
  fulladdress?: string | null;
  addressAdditionalInformation?: string | null;
  addressLatGeocode?: number | null;
  addressLngGeocode?: number | null;
  legalDocumentTypeId?: number | null;
  legalDocumentNumber?: string | null;
  legalFirstName?: string | null;
  legalLastName?: string | null;
}

export type PurchaseCustomerField = Exclude<keyof PurchaseCustomerInput, 'dv' | 'addressLatGeocode' | 'addressLngGeocode'>;

/** The document types a brand accepts (the brand's `documentTypes`): natural (N), legal (J) persons and the legal representative (R). */
export interface BrandDocumentTypes {
  N: readonly number[];
  J: readonly number[];
  R: readonly number[];
}

export interface PurchaseRuleContext {
  documentTypes: BrandDocumentTypes;
  /** The rules of the e-mail blacklist (`regla`). */
  blockedDomains: readonly string[];
}

export const PURCHASE_MAX = {
  documentNumber: COMPANY_MAX.documentNumber,
  legalName: COMPANY_MAX.legalName,
  name: COMPANY_MAX.name,
  email: COMPANY_MAX.email,
  cellphoneNumber: COMPANY_MAX.cellphoneNumber,
  fulladdress: COMPANY_MAX.fulladdress,
  addressAdditionalInformation: COMPANY_MAX.addressAdditionalInformation,
  emailCode: 6,
} as const;

export const PURCHASE_MIN = { email: 10, fulladdress: 5 } as const;

/** Texts of §5; those the spec does not show are decided here and listed in docs/architecture.md. */
export const PURCHASE_MESSAGES = {
  required: COMPANY_MESSAGES.required,
  /** Department and city missing at submit (§5 writes it with a capital O). */
  requiredLocation: 'Campo Obligatorio',
  email: 'Debe ingresar una dirección de correo válida, mínimo 10 caracteres',
  blockedEmail: COMPANY_MESSAGES.blockedEmail,
  /** The activation phone: a mobile number, 10 digits. */
  servicePhone: 'El campo debe ser numérico de 10 cifras',
  /** The billing phone: a fixed line (7 digits) or a mobile (10), as the company record takes it. */
  billingPhone: COMPANY_MESSAGES.phone,
  nit: 'El NIT debe tener 9 dígitos, sin el dígito de verificación.',
  numericDocument: COMPANY_MESSAGES.numericDocument,
  alphanumericDocument: COMPANY_MESSAGES.alphanumericDocument,
  documentTypeForPerson: COMPANY_MESSAGES.documentTypeForPerson,
  legalDocumentType: 'El tipo de documento no es permitido para el representante legal.',
  personType: 'El tipo de persona debe ser natural o jurídica.',
  legalNameStart: 'El campo no puede comenzar con espacio, coma o comillas.',
  addressLength: 'La dirección debe tener entre 5 y 300 caracteres.',
  sameDocument: 'Nit y Número de Documento no deben ser iguales.',
  unregisteredDocument: 'Número de documento no registrado',
  terms: 'Debes aceptar la Política de Tratamiento de Datos Personales y Términos y Condiciones.',
  emailCode: 'Ingresa un código numérico de 6 caracteres.',
  maxLength: COMPANY_MESSAGES.maxLength,
} as const;

export interface PurchaseCustomerProblem {
  field: PurchaseCustomerField;
  message: string;
}

const EMAIL = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

function text(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

/** The e-mail rule of §5 (format, 10 to 100 characters, domain not on the blacklist), or null when valid. */
export function purchaseEmailProblem(value: string | null | undefined, blockedDomains: readonly string[]): string | null {
  const email = text(value);
  if (!email) return PURCHASE_MESSAGES.required;
  if (email.length > PURCHASE_MAX.email) return PURCHASE_MESSAGES.maxLength(PURCHASE_MAX.email);
  if (email.length < PURCHASE_MIN.email || !EMAIL.test(email)) return PURCHASE_MESSAGES.email;
  if (isEmailDomainBlocked(email, blockedDomains)) return PURCHASE_MESSAGES.blockedEmail;
  return null;
}

/** The phone of a section: billing takes 7 or 10 digits, activation a 10-digit mobile. */
export function purchasePhoneProblem(section: PurchaseSection, value: string | null | undefined): string | null {
  const phone = text(value);
  if (!phone) return PURCHASE_MESSAGES.required;
  if (section === 'Service') return /^\d{10}$/.test(phone) ? null : PURCHASE_MESSAGES.servicePhone;
  return isCompanyPhone(phone) ? null : PURCHASE_MESSAGES.billingPhone;
}

/**
 * A document number of that type for that person: NIT of a legal person exactly 9 digits (the DV
 * apart), passport letters and digits 5 to 15, the others digits 5 to 15. Spaces do not count.
 */
export function purchaseDocumentProblem(
  personType: string | null | undefined,
  documentTypeId: number | null | undefined,
  value: string | null | undefined,
): string | null {
  const number = normalizeDocumentNumber(value);
  if (!number) return PURCHASE_MESSAGES.required;
  if (documentTypeId === NIT_DOCUMENT_TYPE && personType === 'J') return /^\d{9}$/.test(number) ? null : PURCHASE_MESSAGES.nit;
  return documentNumberProblem(documentTypeId, number);
}

function legalNameStartProblem(value: string | null | undefined): string | null {
  const problem = legalNameProblem(value);
  if (problem) return problem;
  return /^[\s,"'“”‘’]/.test(value ?? '') ? PURCHASE_MESSAGES.legalNameStart : null;
}

function addressProblem(value: string | null | undefined): string | null {
  const address = text(value);
  if (!address) return PURCHASE_MESSAGES.required;
  if (address.length < PURCHASE_MIN.fulladdress || address.length > PURCHASE_MAX.fulladdress) return PURCHASE_MESSAGES.addressLength;
  return addressCharactersProblem(address);
}

/**
 * Every problem of one section of the form, one per field (the first rule it breaks). The legal
 * representative belongs to the activation section of a legal person only; a legal person gives
 * its legal name, a natural person its names.
 */
export function purchaseCustomerProblems(section: PurchaseSection, input: PurchaseCustomerInput, context: PurchaseRuleContext): PurchaseCustomerProblem[] {
  const problems: PurchaseCustomerProblem[] = [];
  const add = (field: PurchaseCustomerField, message: string | null) => {
    if (message) problems.push({ field, message });
  };
  const person = input.personType === 'J' || input.personType === 'N' ? input.personType : null;
  if (!input.personType) add('personType', PURCHASE_MESSAGES.required);
  else if (!person) add('personType', PURCHASE_MESSAGES.personType);

  if (input.documentTypeId == null) add('documentTypeId', PURCHASE_MESSAGES.required);
  else if (person && !context.documentTypes[person].includes(input.documentTypeId)) add('documentTypeId', PURCHASE_MESSAGES.documentTypeForPerson);
  add('documentNumber', purchaseDocumentProblem(person, input.documentTypeId, input.documentNumber));

  if (person === 'J') {
    add('legalName', legalNameStartProblem(input.legalName));
    if (section === 'Service') {
      if (input.legalDocumentTypeId == null) add('legalDocumentTypeId', PURCHASE_MESSAGES.required);
      else if (!context.documentTypes.R.includes(input.legalDocumentTypeId)) add('legalDocumentTypeId', PURCHASE_MESSAGES.legalDocumentType);
      const legalNumber = normalizeDocumentNumber(input.legalDocumentNumber);
      const legalProblem = documentNumberProblem(input.legalDocumentTypeId, legalNumber);
      add('legalDocumentNumber', legalProblem ?? (legalNumber === normalizeDocumentNumber(input.documentNumber) ? PURCHASE_MESSAGES.sameDocument : null));
      add('legalFirstName', nameProblem(input.legalFirstName));
      add('legalLastName', nameProblem(input.legalLastName));
    }
  } else if (person === 'N') {
    add('firstName', nameProblem(input.firstName));
    add('lastName', nameProblem(input.lastName));
  }

  add('cellphoneNumber', purchasePhoneProblem(section, input.cellphoneNumber));
  add('email', purchaseEmailProblem(input.email, context.blockedDomains));
  if (input.departmentId == null) add('departmentId', PURCHASE_MESSAGES.requiredLocation);
  if (input.cityId == null) add('cityId', PURCHASE_MESSAGES.requiredLocation);
  add('fulladdress', addressProblem(input.fulladdress));
  if (text(input.addressAdditionalInformation).length > PURCHASE_MAX.addressAdditionalInformation) {
    add('addressAdditionalInformation', PURCHASE_MESSAGES.maxLength(PURCHASE_MAX.addressAdditionalInformation));
  }
  return problems;
}

/**
 * The customer as an order keeps it: the fields its person type and section do not use (a natural
 * person's legal name, a legal person's names, the legal representative outside the activation
 * section of a legal person) are dropped, since the rules above do not check them and nothing
 * unchecked may travel on into the company, the e-mails or the payment rows.
 */
export function keptPurchaseCustomer<T extends PurchaseCustomerInput>(section: PurchaseSection, input: T): T {
  const kept: PurchaseCustomerInput = { ...input };
  const drop = (...fields: (keyof PurchaseCustomerInput)[]) => {
    for (const field of fields) if (field in kept) kept[field] = null;
  };
  if (input.personType !== 'J') drop('legalName');
  if (input.personType !== 'N') drop('firstName', 'lastName');
  if (input.personType !== 'J' || section !== 'Service') drop('legalDocumentTypeId', 'legalDocumentNumber', 'legalFirstName', 'legalLastName');
  return kept as T;
}

/** What RegisterPurchaseOrder checks with these rules: the two customers of the request. */
export interface PurchaseOrderCustomers {
  customerBilling?: PurchaseCustomerInput | null;
  customerService?: PurchaseCustomerInput | null;
}

export interface PurchaseOrderProblem {
  /** `customerBilling.<field>` or `customerService.<field>`, or the customer itself when it is missing. */
  field: string;
  message: string;
}

/**
 * Every problem of a purchase order's customers, for the server's 422 (one `statusDetails` entry
 * each). A free cart sends its activation data as billing too, so both are always checked.
 */
export function purchaseOrderProblems(request: PurchaseOrderCustomers, context: PurchaseRuleContext): PurchaseOrderProblem[] {
  const problems: PurchaseOrderProblem[] = [];
  for (const section of PURCHASE_SECTIONS) {
    const key = section === 'Billing' ? 'customerBilling' : 'customerService';
    const customer = request[key];
    if (!customer) {
      problems.push({ field: key, message: PURCHASE_MESSAGES.required });
      continue;
    }
    for (const problem of purchaseCustomerProblems(section, customer, context)) problems.push({ field: `${key}.${problem.field}`, message: problem.message });
  }
  return problems;
}

/** The form as the storefront holds it: both sections and the terms checkbox. */
export interface PurchaseFormInput {
  billing: PurchaseCustomerInput;
  service: PurchaseCustomerInput;
  legalTermsCheck: boolean;
}

/** A form field's name as §3 writes it: the customer field with its section's suffix (`documentNumberBilling`), or `legalTermsCheck`. */
export type PurchaseFormField = `${PurchaseCustomerField}${PurchaseSection}` | 'legalTermsCheck';

/**
 * Every problem of the form, by field name. `withBilling` is false for a free cart, whose form has
 * only the activation section (its data is sent as billing too).
 */
export function purchaseFormProblems(form: PurchaseFormInput, context: PurchaseRuleContext, withBilling: boolean): Partial<Record<PurchaseFormField, string>> {
  const problems: Partial<Record<PurchaseFormField, string>> = {};
  const sections: [PurchaseSection, PurchaseCustomerInput][] = withBilling
    ? [
        ['Billing', form.billing],
        ['Service', form.service],
      ]
    : [['Service', form.service]];
  for (const [section, input] of sections) {
    for (const problem of purchaseCustomerProblems(section, input, context)) problems[`${problem.field}${section}`] = problem.message;
  }
  if (!form.legalTermsCheck) problems.legalTermsCheck = PURCHASE_MESSAGES.terms;
  return problems;
}

/** The DV shown read-only beside a NIT: once the number has more than 5 digits (§5). */
export function purchaseCheckDigit(documentTypeId: number | null | undefined, documentNumber: string | null | undefined): string | null {
  return companyCheckDigit(documentTypeId, documentNumber, true);
}

/**
 * What typing leaves in a document number (§5 keyboard filtering): digits only, letters too for a
 * passport; spaces stripped; at most 15 characters.
 */
export function filterDocumentInput(documentTypeId: number | null | undefined, typed: string): string {
  const alphanumeric = documentTypeId != null && ALPHANUMERIC_DOCUMENT_TYPES.includes(documentTypeId);
  return typed.replace(alphanumeric ? /[^A-Za-z0-9]/g : /\D/g, '').slice(0, PURCHASE_MAX.documentNumber);
}

/** What typing leaves in a phone number: digits, at most 10. */
export function filterPhoneInput(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, PURCHASE_MAX.cellphoneNumber);
}

/** The e-mail verification code: exactly 6 digits (§5), or the message. */
export function emailCodeProblem(value: string | null | undefined): string | null {
  return /^\d{6}$/.test(text(value)) ? null : PURCHASE_MESSAGES.emailCode;
}
