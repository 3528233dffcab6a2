import { Injectable } from '@nestjs/common';
import { CustomerService } from '../customer/customer.service.js';
import type { IdentitySubscriber, IdentityVerdict, IdentityVerifier } from './identity-validation.types.js';

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');
const mail = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/**
 * The built-in identity validation, without network: the product's own customers are the record.
 * A customer holding that document whose registered e-mail or mobile is another is not validated
 * (someone is using another person's document); an unknown document, or matching data, is.
 */
@Injectable()
export class BuiltInIdentityVerifier implements IdentityVerifier {
  constructor(private readonly customers: CustomerService) {}

  async verify(subscriber: IdentitySubscriber): Promise<IdentityVerdict> {
    const known = await this.customers.byDocument(subscriber.documentType, subscriber.document);
    if (!known) return 'VALIDATED';
    if (known.email && mail(known.email) !== mail(subscriber.email)) return 'NOT_VALIDATED';
    if (known.cellphoneNumber && digits(known.cellphoneNumber) !== digits(subscriber.phoneNumber)) return 'NOT_VALIDATED';
    return 'VALIDATED';
  }
}
