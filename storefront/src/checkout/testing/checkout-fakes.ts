import { memoryStorage, type KeyValueStorage } from '@licencias/common/session';
import { VALID_PURCHASE_CUSTOMERS } from '@licencias/common/testing/purchase-form.cases';
import { vi } from 'vitest';
import { CartStore } from '../../cart/cart-store';
import type { CartPackage } from '../../cart/types';
import { sectionFromLookup, type FormValues } from '../form';
import type { CheckoutServices, CustomerLookup } from '../types';

/** What the checkout's component tests share: reference data, a valid form, fake calls and a stored cart. */

export const COLNOMINA_TYPES = { N: [1, 2], J: [4], R: [1, 2, 6] };

export const REFERENCE = {
  states: [
    { id: 11, stateName: 'Bogotá, D.C.', city: [{ id: 11001, cityName: 'Bogotá, D.C.' }] },
    { id: 5, stateName: 'Antioquia', city: [{ id: 5001, cityName: 'Medellín' }] },
  ],
  documentTypeNames: { 1: 'CC - Cédula de ciudadanía', 2: 'CE - Cédula de extranjería', 4: 'NIT - Número de identificación tributaria', 6: 'PA - Pasaporte' },
  blockedDomains: ['yopmail.com'],
};

/** The DIAN as a lookup answers it (its NIT 800197268, DV 4). */
export const DIAN: CustomerLookup = {
  complete: true,
  personType: 'J',
  documentTypeId: 4,
  documentNumber: '800197268',
  dv: '4',
  firstName: null,
  lastName: null,
  legalName: VALID_PURCHASE_CUSTOMERS.customerService.legalName,
  cellphoneNumber: VALID_PURCHASE_CUSTOMERS.customerService.cellphoneNumber,
  email: VALID_PURCHASE_CUSTOMERS.customerService.email,
  fullAddress: VALID_PURCHASE_CUSTOMERS.customerService.fulladdress,
  departmentId: 11,
  cityId: 11001,
  city: { id: 11001, stateId: 11 },
  addressAdditionalInformation: null,
  legalDocumentTypeId: 1,
  legalDocumentNumber: VALID_PURCHASE_CUSTOMERS.customerService.legalDocumentNumber,
  legalFirstName: VALID_PURCHASE_CUSTOMERS.customerService.legalFirstName,
  legalLastName: VALID_PURCHASE_CUSTOMERS.customerService.legalLastName,
};

/** A complete form: the hand-written valid request of common's cases, as the page holds it. */
export function validForm(): FormValues {
  const section = sectionFromLookup(DIAN, COLNOMINA_TYPES);
  return { billing: { ...section, email: 'compras@dian.gov.co' }, service: section, legalTermsCheck: true };
}

export function fakeServices(overrides: Partial<CheckoutServices> = {}): CheckoutServices {
  return {
    referenceData: vi.fn(() => Promise.resolve(REFERENCE)),
    customerInformation: vi.fn(() => Promise.resolve({ kind: 'notRegistered' as const })),
    lookupCompany: vi.fn(() => Promise.resolve(undefined)),
    checkEmail: vi.fn(() => Promise.resolve({ approvalMail: true, codeSent: false, expiresAt: null, resendAfterSeconds: 0 })),
    validateCode: vi.fn(() => Promise.resolve({ approved: true, message: '¡Verificación Exitosa!' })),
    registerOrder: vi.fn(() => Promise.reject(new Error('sin servidor'))),
    openPayment: vi.fn(),
    ...overrides,
  };
}

/** Local storage holding a cart of the brand with these packages. */
export async function storedCart(appName: string, ...packages: CartPackage[]): Promise<KeyValueStorage> {
  const storage = memoryStorage();
  const store = new CartStore(storage, appName, 999, { priceTiers: () => Promise.resolve([]), validatePromo: () => Promise.reject(new Error('no')) });
  for (const pkg of packages) await store.add(pkg);
  return storage;
}
