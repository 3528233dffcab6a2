import { Body, Controller } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody } from '../contract/types.js';
import { StoreBaseService } from './store-base.service.js';
import { StoreLinkService } from './store-link.service.js';

/** The store's calls that are not prepared reads (store §7): they depend on who asks or on what is sent. */
@Controller()
export class StoreCompatController {
  constructor(
    private readonly base: StoreBaseService,
    private readonly links: StoreLinkService,
  ) {}

  @Operation('decryptPackage')
  async decryptPackage(@Body() body: OpBody<'decryptPackage'>) {
    return envelope(await this.links.open(body.package));
  }

  @Operation('getPackageBaseCustomer')
  async packageBaseCustomer(@Body() body: OpBody<'getPackageBaseCustomer'>, @CurrentUser() actor: AuthUser) {
    return envelope({ records: await this.base.baseOf(body, actor) });
  }
}
