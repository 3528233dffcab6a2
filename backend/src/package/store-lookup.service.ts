import { Injectable } from '@nestjs/common';
import type { components } from '@licencias/common/schema';
import { type AuthUser, hasAnyPrivilege } from '../auth/auth-user.js';
import { CustomerService } from '../customer/customer.service.js';
import { ForbiddenError, NotFoundError } from '../errors/errors.js';
import { ReferenceService } from '../reference/reference.service.js';

type CustomerLookup = components['schemas']['CustomerLookup'];
type CustomerDto = components['schemas']['Customer'];

/** store §8: the purchase form's text for a document no customer has. */
export const DOCUMENT_NOT_REGISTERED_MESSAGE = 'Número de documento no registrado';
export const UNKNOWN_BRAND_MESSAGE = 'La marca no existe';

/** Whether the asker may see the company's billing data: the company itself, or staff holding licences. */
function mayReadAll(actor: AuthUser | undefined, customerId: number): boolean {
  return !!actor && (hasAnyPrivilege(actor, ['LICENSES']) || actor.customerId === String(customerId));
}

/** The named lookup result (store §3), whole or reduced to what anyone may know. */
function toLookup(c: CustomerDto, complete: boolean): CustomerLookup {
  const legal = c.personType === 'J';
  const shown = <T>(value: T | null): T | null => (complete ? value : null);
  return {
    complete,
    personType: c.personType,
    documentTypeId: c.documentTypeId,
    documentNumber: c.documentNumber,
    dv: complete || legal ? c.dv : null,
    firstName: shown(c.firstName),
    lastName: shown(c.lastName),
    // A legal person's name is public (the RUES shows it); a natural person's is not.
    legalName: complete || legal ? c.legalName : null,
    cellphoneNumber: shown(c.cellphoneNumber),
    email: shown(c.email),
    fullAddress: shown(c.fulladdress),
    departmentId: shown(c.departmentId),
    cityId: shown(c.cityId),
    city: complete && c.cityId !== null && c.departmentId !== null ? { id: c.cityId, stateId: c.departmentId } : null,
    addressAdditionalInformation: shown(c.addressAdditionalInformation),
    legalDocumentTypeId: shown(c.legalDocumentTypeId),
    legalDocumentNumber: shown(c.legalDocumentNumber),
    legalFirstName: shown(c.legalFirstName),
    legalLastName: shown(c.legalLastName),
  };
}

/**
 * The purchase form's lookups by document (store §3 "named lookup", §5, §7): from the product's
 * own customers, never an outside registry. Anyone learns a legal person's name and that a
 * natural person exists; the billing data only go to the company itself and to staff.
 */
@Injectable()
export class StoreLookupService {
  constructor(
    private readonly customers: CustomerService,
    private readonly reference: ReferenceService,
  ) {}

  /** GetRazonSocialByDocTypeAndDoc: public, whole only for whom it belongs to. */
  async razonSocial(appName: string, documentTypeId: number, documentNumber: string, actor: AuthUser | undefined): Promise<CustomerLookup> {
    if (!(await this.reference.brandExists(appName))) throw new NotFoundError(UNKNOWN_BRAND_MESSAGE);
    const customer = await this.customers.byDocument(documentTypeId, documentNumber);
    if (!customer) throw new NotFoundError(DOCUMENT_NOT_REGISTERED_MESSAGE);
    return toLookup(customer, mayReadAll(actor, customer.id));
  }

  /** GetCustomerInformation: the billing data a signed-in customer's form fills and locks; its own company only. */
  async information(documentTypeId: number, documentNumber: string, actor: AuthUser): Promise<CustomerLookup> {
    const customer = await this.customers.byDocument(documentTypeId, documentNumber);
    if (!customer) {
      // A customer learns nothing of documents that are not its own.
      if (!hasAnyPrivilege(actor, ['LICENSES'])) throw new ForbiddenError();
      throw new NotFoundError(DOCUMENT_NOT_REGISTERED_MESSAGE);
    }
    if (!mayReadAll(actor, customer.id)) throw new ForbiddenError();
    return toLookup(customer, true);
  }
}
