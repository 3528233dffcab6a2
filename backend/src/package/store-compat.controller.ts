import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, OptionalUser } from '../auth/current-user.decorator.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams } from '../contract/params.decorator.js';
import type { OpBody, OpPath } from '../contract/types.js';
import { StoreBaseService } from './store-base.service.js';
import { StoreLinkService } from './store-link.service.js';
import { StoreLookupService } from './store-lookup.service.js';

/** The store's calls that are not prepared reads (store §7): they depend on who asks or on what is sent. */
@Controller()
export class StoreCompatController {
  constructor(
    private readonly base: StoreBaseService,
    private readonly links: StoreLinkService,
    private readonly lookups: StoreLookupService,
  ) {}

  @Operation('getRazonSocialByDocTypeAndDoc')
  async razonSocial(
    @PathParams() { appName, docType, doc }: OpPath<'getRazonSocialByDocTypeAndDoc'>,
    @OptionalUser() actor: AuthUser | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // The answer depends on who asks: never kept by a shared cache.
    void reply.header('cache-control', 'private, no-store').header('vary', 'Authorization');
    return envelope(await this.lookups.razonSocial(appName, docType, doc, actor));
  }

  @Operation('getCustomerInformation')
  async customerInformation(@Body() body: OpBody<'getCustomerInformation'>, @CurrentUser() actor: AuthUser) {
    return envelope(await this.lookups.information(body.DocumentType, body.DocumentNumber, actor));
  }

  @Operation('decryptPackage')
  async decryptPackage(@Body() body: OpBody<'decryptPackage'>) {
    return envelope(await this.links.open(body.package));
  }

  @Operation('getPackageBaseCustomer')
  async packageBaseCustomer(@Body() body: OpBody<'getPackageBaseCustomer'>, @CurrentUser() actor: AuthUser) {
    return envelope({ records: await this.base.baseOf(body, actor) });
  }
}
