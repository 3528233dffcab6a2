import type { components } from '@licencias/common/schema';
import type { OrderRequest, OrderResponse } from './order';

/** The billing data of a company or person by its document (store §3 named lookup; GetCustomerInformation). */
export type CustomerLookup = components['schemas']['CustomerLookup'];
export type EmailCheck = components['schemas']['EmailCheckResult'];
export type DocumentTypeInfo = components['schemas']['DocumentType'];

/** A department with its municipalities (GetListStatesAndCities, DIVIPOLA). */
export interface State {
  id: number;
  stateName: string;
  city: { id: number; cityName: string }[];
}

/** What the form reads before it shows: departments, document type names and the e-mail blacklist. */
export interface ReferenceData {
  states: State[];
  /** Name of each document type by id ('CC - Cédula de ciudadanía'). */
  documentTypeNames: Record<number, string>;
  blockedDomains: string[];
}

/** The signed-in customer's record: found, not registered (404), or not readable now (the form stays open to typing). */
export type CustomerRecord = { kind: 'found'; customer: CustomerLookup } | { kind: 'notRegistered' } | { kind: 'unavailable' };

/** The answer of the code validation: approved, with the server's message either way. */
export interface CodeValidation {
  approved: boolean;
  message: string;
}

/** The server calls of the checkout, injected so the page can be tested without a server. */
export interface CheckoutServices {
  referenceData(): Promise<ReferenceData>;
  /** The signed-in customer's own billing data (GetCustomerInformation). */
  customerInformation(documentTypeId: number, documentNumber: string, appName: string): Promise<CustomerRecord>;
  /** The named lookup (GetRazonSocialByDocTypeAndDoc): a known company's legal name for anyone; undefined when unknown. */
  lookupCompany(appName: string, documentTypeId: number, documentNumber: string): Promise<CustomerLookup | undefined>;
  /** checkisvalidemail: approved, or a code was sent (`resend` asks for a new one). Throws an ApiError with the server's message. */
  checkEmail(email: string, resend: boolean, appName: string): Promise<EmailCheck>;
  /** validationmailcode: a refusal (422) is `{approved: false, message}`; other failures throw. */
  validateCode(email: string, code: string, appName: string): Promise<CodeValidation>;
  /** RegisterPurchaseOrder with its Idempotency-Key; throws an ApiError (422 with ER15/ER16/ER17 or the fields). */
  registerOrder(request: OrderRequest, idempotencyKey: string): Promise<OrderResponse>;
  /** Leaves the store for the gateway's payment page (a full page load: it is not a store route). */
  openPayment(url: string): void;
}
