import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, OptionalUser } from '../auth/current-user.decorator.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams } from '../contract/params.decorator.js';
import type { OpBody, OpHeaders } from '../contract/types.js';
import { PaymentSupportService } from './payment-support.service.js';
import { PAYMENT_SUPPORT_MESSAGES } from './payment-support.types.js';
import { SummaryOrderService } from './summary-order.service.js';

/** The purchase summary and the cash proofs (store §7: getsummaryorder, uploadPaymentSupport, getpaymentsupport). */
@Controller()
export class PaymentSupportController {
  constructor(
    private readonly summaries: SummaryOrderService,
    private readonly supports: PaymentSupportService,
  ) {}

  @Operation('getSummaryOrder')
  async summary(@HeaderParams() headers: OpHeaders<'getSummaryOrder'>, @Res({ passthrough: true }) reply: FastifyReply) {
    // It changes when a file is attached: never kept by a cache.
    void reply.header('cache-control', 'private, no-store');
    return envelope({ summaryOrder: await this.summaries.summary(headers.pReferenceUuid, headers.pAppName) });
  }

  @Operation('uploadPaymentSupport')
  async upload(@Body() body: OpBody<'uploadPaymentSupport'>, @OptionalUser() actor: AuthUser | undefined) {
    const saved = await this.supports.upload(body, actor);
    return envelope(
      {
        fileId: saved.fileId,
        fileName: saved.fileName,
        supportType: saved.supportType,
        contentType: saved.contentType as 'image/jpeg' | 'image/png' | 'image/gif' | 'application/pdf',
        size: saved.size,
        uploadedAt: saved.uploadedAt.toISOString(),
      },
      PAYMENT_SUPPORT_MESSAGES.attached,
    );
  }

  @Operation('getPaymentSupport')
  async file(@HeaderParams() headers: OpHeaders<'getPaymentSupport'>, @CurrentUser() actor: AuthUser) {
    // Cache-Control: no-store, as every answer to a signed-in caller (web/security-headers).
    const file = await this.supports.file(headers.ReferenceUuid, headers.SupportType, actor);
    return envelope({
      resultUploadSupport: {
        fileName: file.fileName,
        contentType: file.contentType as 'image/jpeg' | 'image/png' | 'image/gif' | 'application/pdf',
        base64: file.content.toString('base64'),
      },
    });
  }
}
