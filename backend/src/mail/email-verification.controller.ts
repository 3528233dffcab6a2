import { Body, Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { clientAddress, throttleKey } from '../auth/client-address.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams } from '../contract/params.decorator.js';
import type { OpBody, OpHeaders } from '../contract/types.js';
import { ReferenceService } from '../reference/reference.service.js';
import { EMAIL_VERIFICATION_MESSAGES, EmailVerificationService } from './email-verification.service.js';

/** The buyer's e-mail verification calls of the purchase form (public: the buyer is anonymous). */
@Controller()
export class EmailVerificationController {
  constructor(
    private readonly verification: EmailVerificationService,
    private readonly reference: ReferenceService,
  ) {}

  @Operation('checkIsValidEmail')
  async check(@HeaderParams() headers: OpHeaders<'checkIsValidEmail'>, @Req() request: FastifyRequest) {
    const { message, result } = await this.verification.check(
      headers.pEmail,
      headers.pAppName,
      headers.pResendEmail ?? false,
      throttleKey(clientAddress(request)),
    );
    return envelope(result, message);
  }

  @Operation('validationMailCode')
  async validate(@Body() body: OpBody<'validationMailCode'>, @Req() request: FastifyRequest) {
    const appName = body.appName ?? (await this.reference.brandNameForHost(request.headers.host));
    await this.verification.validate(body.email, body.code, appName);
    return envelope({ approved: true }, EMAIL_VERIFICATION_MESSAGES.success);
  }
}
