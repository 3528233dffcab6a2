import { Module } from '@nestjs/common';
import { CustomerModule } from '../customer/customer.module.js';
import { MailModule } from '../mail/mail.module.js';
import { StoreModule } from '../package/store.module.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { BuiltInIdentityVerifier } from './builtin-identity.verifier.js';
import { IdentityValidationController } from './identity-validation.controller.js';
import { IdentityValidationService } from './identity-validation.service.js';
import { IDENTITY_VERIFIER } from './identity-validation.types.js';

/** firmaya's identity validation before a purchase (issue 12, store §4 "Continue"); bind another `IdentityVerifier` here for a real provider. */
@Module({
  imports: [CustomerModule, StoreModule, MailModule, ReferenceModule],
  controllers: [IdentityValidationController],
  providers: [IdentityValidationService, { provide: IDENTITY_VERIFIER, useClass: BuiltInIdentityVerifier }],
})
export class IdentityValidationModule {}
