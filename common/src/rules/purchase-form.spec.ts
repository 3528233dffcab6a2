import { BLOCKED_DOMAINS, COLNOMINA_DOCUMENT_TYPES, PURCHASE_ORDER_CASES, VALID_PURCHASE_CUSTOMERS } from '../testing/purchase-form.cases.js';
import {
  emailCodeProblem,
  filterDocumentInput,
  filterPhoneInput,
  type PurchaseCustomerInput,
  purchaseCheckDigit,
  purchaseFormProblems,
  purchaseOrderProblems,
} from './purchase-form.js';

function applyChange(change: (typeof PURCHASE_ORDER_CASES)[number]['change']) {
  const merged: { customerBilling: PurchaseCustomerInput | null; customerService: PurchaseCustomerInput | null } = { ...VALID_PURCHASE_CUSTOMERS };
  for (const key of ['customerBilling', 'customerService'] as const) {
    if (!(key in change)) continue;
    const value = change[key];
    merged[key] = value === null ? null : { ...VALID_PURCHASE_CUSTOMERS[key], ...value };
  }
  return merged;
}

describe('purchaseOrderProblems (store §5, the cases the server runs too)', () => {
  it.each(PURCHASE_ORDER_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const problems = purchaseOrderProblems(applyChange(c.change), {
      documentTypes: c.documentTypes ?? COLNOMINA_DOCUMENT_TYPES,
      blockedDomains: BLOCKED_DOMAINS,
    });
    expect(Object.fromEntries(problems.map((p) => [p.field, p.message]))).toEqual(c.problems);
  });
});

describe('purchaseFormProblems', () => {
  const context = { documentTypes: COLNOMINA_DOCUMENT_TYPES, blockedDomains: [] };
  const form = { billing: VALID_PURCHASE_CUSTOMERS.customerBilling, service: VALID_PURCHASE_CUSTOMERS.customerService, legalTermsCheck: true };

  it('names fields with their section suffix and asks for the terms', () => {
    expect(purchaseFormProblems(form, context, true)).toEqual({});
    expect(purchaseFormProblems({ ...form, billing: { ...form.billing, email: '' }, legalTermsCheck: false }, context, true)).toEqual({
      emailBilling: 'Campo obligatorio',
      legalTermsCheck: 'Debes aceptar la Política de Tratamiento de Datos Personales y Términos y Condiciones.',
    });
  });

  it('leaves the billing section out for a free cart', () => {
    expect(purchaseFormProblems({ ...form, billing: {} }, context, false)).toEqual({});
    expect(purchaseFormProblems({ ...form, service: { ...form.service, cityId: null } }, context, false)).toEqual({ cityIdService: 'Campo Obligatorio' });
  });
});

describe('purchaseCheckDigit', () => {
  it('shows the DV of a NIT once it has more than 5 digits', () => {
    expect(purchaseCheckDigit(4, '800197268')).toBe('4');
    expect(purchaseCheckDigit(4, '900123456')).toBe('8');
    expect(purchaseCheckDigit(4, '12345')).toBeNull();
    expect(purchaseCheckDigit(4, '123456')).toBe('3'); // 6*3+5*7+4*13+3*17+2*19+1*23 = 217, 217 % 11 = 8, 11 - 8
    expect(purchaseCheckDigit(1, '800197268')).toBeNull();
  });
});

describe('keyboard filtering', () => {
  it('keeps digits only, letters too for a passport, without spaces, at most 15', () => {
    expect(filterDocumentInput(4, '800.197.268-4')).toBe('8001972684');
    expect(filterDocumentInput(1, ' 79 123 456a')).toBe('79123456');
    expect(filterDocumentInput(6, 'PA 123-45x')).toBe('PA12345x');
    expect(filterDocumentInput(1, '1234567890123456789')).toBe('123456789012345');
    expect(filterPhoneInput('(310) 444-5566 7')).toBe('3104445566');
  });
});

describe('emailCodeProblem', () => {
  it('takes exactly 6 digits', () => {
    expect(emailCodeProblem('123456')).toBeNull();
    for (const code of ['12345', '1234567', '12345a', '', undefined]) expect(emailCodeProblem(code)).toBe('Ingresa un código numérico de 6 caracteres.');
  });
});
