import { Body, Controller, Headers, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody } from '../contract/types.js';
import { PartnerTokenService } from './partner-token.service.js';

/** `POST /api/v1/oauth/token`: API clients get their access tokens here. */
@Controller()
export class PartnerTokenController {
  constructor(private readonly tokens: PartnerTokenService) {}

  @Operation('issuePartnerToken')
  issue(
    @Body() body: OpBody<'issuePartnerToken'> | undefined,
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // RFC 6749 §5.1: token answers are never cached.
    void reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    return this.tokens.issue(body ?? {}, authorization);
  }
}
