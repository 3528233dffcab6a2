import { Body, Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { IDENTITY_MESSAGES } from '@licencias/common/rules';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody } from '../contract/types.js';
import { ReferenceService } from '../reference/reference.service.js';
import { IdentityValidationService } from './identity-validation.service.js';
import { IDENTITY_VALIDATED_CODE } from './identity-validation.types.js';

/** register-identity-validation (public: the buyer is an anonymous visitor). */
@Controller()
export class IdentityValidationController {
  constructor(
    private readonly validation: IdentityValidationService,
    private readonly reference: ReferenceService,
  ) {}

  @Operation('registerIdentityValidation')
  async register(@Body() body: OpBody<'registerIdentityValidation'>, @Req() request: FastifyRequest) {
    const appName = body.appName ?? (await this.reference.brandNameForHost(request.headers.host));
    await this.validation.validate(appName, body);
    return envelope({ code: IDENTITY_VALIDATED_CODE }, IDENTITY_MESSAGES.validatedTitle);
  }
}
