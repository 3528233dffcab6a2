/**
 * Cases of the purchase form's rule set (common/src/rules/purchase-form.ts), written by hand from
 * store-and-purchase.md §3 and §5. Common runs them against `purchaseOrderProblems`; the server
 * runs them against RegisterPurchaseOrder (each change applied to VALID_PURCHASE_CUSTOMERS must be
 * refused with exactly these `statusDetails`), and the storefront against its form.
 */

/** colnomina's document types (brand data): natural CC, CE; legal NIT; legal representative CC, CE, PA. */
export const COLNOMINA_DOCUMENT_TYPES = { N: [1, 2], J: [4], R: [1, 2, 6] } as const;
/** firmaya's: natural CC only, legal NIT, legal representative CC only. */
export const FIRMAYA_DOCUMENT_TYPES = { N: [1], J: [4], R: [1] } as const;
export const BLOCKED_DOMAINS = ['yopmail.com', '*.tk'] as const;

/** A legal person buying (billing) and a legal person activating with its legal representative: no problem. */
export const VALID_PURCHASE_CUSTOMERS = {
  customerBilling: {
    personType: 'J',
    documentTypeId: 4,
    documentNumber: '800197268',
    legalName: 'Dirección de Impuestos y Aduanas Nacionales',
    cellphoneNumber: '6017428973',
    email: 'compras@dian.gov.co',
    departmentId: 11,
    cityId: 11001,
    fulladdress: 'Carrera 8 # 6C-38',
    addressAdditionalInformation: 'Edificio San Agustín',
  },
  customerService: {
    personType: 'J',
    documentTypeId: 4,
    documentNumber: '800197268',
    legalName: 'Dirección de Impuestos y Aduanas Nacionales',
    cellphoneNumber: '3104445566',
    email: 'nomina@dian.gov.co',
    departmentId: 11,
    cityId: 11001,
    fulladdress: 'Carrera 8 # 6C-38',
    legalDocumentTypeId: 1,
    legalDocumentNumber: '79123456',
    legalFirstName: 'Luisa',
    legalLastName: 'Fernández Ríos',
  },
};

type Customer = Record<string, string | number | null>;

export interface PurchaseOrderCase {
  name: string;
  /** Fields replaced in VALID_PURCHASE_CUSTOMERS (a customer's whole object when given as null). */
  change: { customerBilling?: Customer | null; customerService?: Customer | null };
  /** The brand's document types (colnomina's when absent). */
  documentTypes?: { N: readonly number[]; J: readonly number[]; R: readonly number[] };
  /** Field path → message, exactly. */
  problems: Record<string, string>;
}

const REQUIRED = 'Campo obligatorio';

export const PURCHASE_ORDER_CASES: readonly PurchaseOrderCase[] = [
  { name: 'a complete legal person is accepted', change: {}, problems: {} },
  {
    name: 'a natural person with CC and names is accepted, without legal name nor legal representative',
    change: {
      customerService: {
        personType: 'N',
        documentTypeId: 1,
        documentNumber: '1020304050',
        legalName: null,
        firstName: 'María José',
        lastName: 'Núñez',
        legalDocumentTypeId: null,
        legalDocumentNumber: null,
        legalFirstName: null,
        legalLastName: null,
      },
    },
    problems: {},
  },
  {
    name: "every missing field is 'Campo obligatorio', department and city 'Campo Obligatorio', the additional information is optional",
    change: {
      customerService: {
        documentTypeId: null,
        documentNumber: '',
        legalName: ' ',
        cellphoneNumber: null,
        email: '',
        departmentId: null,
        cityId: null,
        fulladdress: '',
        legalDocumentTypeId: null,
        legalDocumentNumber: null,
        legalFirstName: '',
        legalLastName: null,
      },
    },
    problems: {
      'customerService.documentTypeId': REQUIRED,
      'customerService.documentNumber': REQUIRED,
      'customerService.legalName': REQUIRED,
      'customerService.legalDocumentTypeId': REQUIRED,
      'customerService.legalDocumentNumber': REQUIRED,
      'customerService.legalFirstName': REQUIRED,
      'customerService.legalLastName': REQUIRED,
      'customerService.cellphoneNumber': REQUIRED,
      'customerService.email': REQUIRED,
      'customerService.departmentId': 'Campo Obligatorio',
      'customerService.cityId': 'Campo Obligatorio',
      'customerService.fulladdress': REQUIRED,
    },
  },
  { name: 'a missing customer', change: { customerBilling: null }, problems: { customerBilling: REQUIRED } },
  {
    name: 'a natural person needs first and last names (letters with accents, at least 3)',
    change: { customerBilling: { personType: 'N', documentTypeId: 1, documentNumber: '52123456', firstName: 'Jo', lastName: 'Pérez2' } },
    problems: { 'customerBilling.firstName': 'El campo debe tener mínimo 3 letras.', 'customerBilling.lastName': 'El campo solo admite letras.' },
  },
  {
    name: 'document types follow the brand and the person type',
    change: {
      customerBilling: { personType: 'J', documentTypeId: 1, documentNumber: '52123456' },
      customerService: { personType: 'N', documentTypeId: 6, documentNumber: 'AB12345', firstName: 'Ana', lastName: 'Ruiz' },
    },
    problems: {
      'customerBilling.documentTypeId': 'El tipo de documento no es permitido para el tipo de persona.',
      'customerService.documentTypeId': 'El tipo de documento no es permitido para el tipo de persona.',
    },
  },
  {
    name: 'a passport is a natural document for the configurable brand and bemyself',
    documentTypes: { N: [1, 2, 6], J: [4], R: [1, 2, 6] },
    change: { customerService: { personType: 'N', documentTypeId: 6, documentNumber: 'AB12345', firstName: 'Ana', lastName: 'Ruiz' } },
    problems: {},
  },
  {
    name: "firmaya's legal representative is a CC only",
    documentTypes: { N: [1], J: [4], R: [1] },
    change: { customerService: { legalDocumentTypeId: 2, legalDocumentNumber: '345678' } },
    problems: { 'customerService.legalDocumentTypeId': 'El tipo de documento no es permitido para el representante legal.' },
  },
  {
    name: 'a NIT of a legal person has exactly 9 digits (the DV apart); spaces do not count',
    change: { customerBilling: { documentNumber: '8001972684' }, customerService: { documentNumber: '800 197 268' } },
    problems: { 'customerBilling.documentNumber': 'El NIT debe tener 9 dígitos, sin el dígito de verificación.' },
  },
  {
    name: 'other documents have 5 to 15 digits, a passport letters and digits',
    change: {
      customerService: { legalDocumentNumber: '1234' },
      customerBilling: { personType: 'N', documentTypeId: 1, documentNumber: '12A45', firstName: 'Ana', lastName: 'Ruiz' },
    },
    problems: {
      'customerService.legalDocumentNumber': 'El campo debe ser numérico, mínimo 5 y máximo 15 caracteres.',
      'customerBilling.documentNumber': 'El campo debe ser numérico, mínimo 5 y máximo 15 caracteres.',
    },
  },
  {
    name: 'a passport of the legal representative takes letters; a bad one is refused',
    change: { customerService: { legalDocumentTypeId: 6, legalDocumentNumber: 'PA-12' } },
    problems: { 'customerService.legalDocumentNumber': 'El campo debe ser alfanumérico, mínimo 5 y máximo 15 caracteres.' },
  },
  {
    name: 'the legal representative may not carry the NIT as its document',
    change: { customerService: { legalDocumentNumber: '800197268' } },
    problems: { 'customerService.legalDocumentNumber': 'Nit y Número de Documento no deben ser iguales.' },
  },
  {
    name: 'the legal name: at most 450, no special characters, not starting with a comma, quotation mark or space',
    change: { customerBilling: { legalName: ',Acme S.A.S.' }, customerService: { legalName: 'Acme <S.A.S>' } },
    problems: {
      'customerBilling.legalName': 'El campo no puede comenzar con espacio, coma o comillas.',
      'customerService.legalName': 'El campo no admite caracteres especiales.',
    },
  },
  {
    name: 'a legal name of 451 characters',
    change: { customerBilling: { legalName: 'A'.repeat(451) } },
    problems: { 'customerBilling.legalName': 'Máximo 450 caracteres.' },
  },
  {
    name: 'the billing phone takes 7 or 10 digits, the activation phone 10',
    change: { customerBilling: { cellphoneNumber: '60123' }, customerService: { cellphoneNumber: '6041234' } },
    problems: {
      'customerBilling.cellphoneNumber': 'El teléfono debe tener 7 o 10 dígitos.',
      'customerService.cellphoneNumber': 'El campo debe ser numérico de 10 cifras',
    },
  },
  { name: 'a 7-digit billing phone is accepted', change: { customerBilling: { cellphoneNumber: '6041234' } }, problems: {} },
  {
    name: 'the e-mail: a valid address of 10 to 100 characters whose domain is not blocked',
    change: { customerBilling: { email: 'a@b.co' }, customerService: { email: 'compras@' } },
    problems: {
      'customerBilling.email': 'Debe ingresar una dirección de correo válida, mínimo 10 caracteres',
      'customerService.email': 'Debe ingresar una dirección de correo válida, mínimo 10 caracteres',
    },
  },
  {
    name: 'blocked domains and over-long addresses',
    change: { customerBilling: { email: 'compras@mx.yopmail.com' }, customerService: { email: `${'a'.repeat(95)}@x.com` } },
    problems: { 'customerBilling.email': 'El dominio de correo ingresado no es permitido.', 'customerService.email': 'Máximo 100 caracteres.' },
  },
  {
    name: 'the address has 5 to 300 characters of letters, digits, space and # - , .; the additional information at most 100',
    change: { customerBilling: { fulladdress: 'Cl 1', addressAdditionalInformation: 'x'.repeat(101) }, customerService: { fulladdress: 'Calle 10 @ 43' } },
    problems: {
      'customerBilling.fulladdress': 'La dirección debe tener entre 5 y 300 caracteres.',
      'customerBilling.addressAdditionalInformation': 'Máximo 100 caracteres.',
      'customerService.fulladdress': 'La dirección solo admite letras, números, espacios y los caracteres # - , .',
    },
  },
  {
    name: 'a person type other than J or N',
    change: { customerBilling: { personType: 'X' } },
    problems: { 'customerBilling.personType': 'El tipo de persona debe ser natural o jurídica.' },
  },
];
