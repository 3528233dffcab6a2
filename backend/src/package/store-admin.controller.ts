import { Body, Controller } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams } from '../contract/params.decorator.js';
import type { OpBody, OpPath } from '../contract/types.js';
import { StoreLinkService } from './store-link.service.js';
import { StorePriceTierService } from './store-price-tier.service.js';

/** What staff do for the store in the back office: the price tiers of employee packages and package links. */
@Controller()
export class StoreAdminController {
  constructor(
    private readonly tiers: StorePriceTierService,
    private readonly links: StoreLinkService,
  ) {}

  @Operation('createPackageLink')
  packageLink(@PathParams() { id }: OpPath<'createPackageLink'>, @Body() body: OpBody<'createPackageLink'>) {
    return this.links.create(id, body);
  }

  @Operation('getPackagePriceTiers')
  priceTiers(@PathParams() { id }: OpPath<'getPackagePriceTiers'>) {
    return this.tiers.get(id);
  }

  @Operation('setPackagePriceTiers')
  setPriceTiers(@PathParams() { id }: OpPath<'setPackagePriceTiers'>, @Body() body: OpBody<'setPackagePriceTiers'>, @CurrentUser() actor: AuthUser) {
    return this.tiers.replace(id, body.version, body.tiers, actor);
  }
}
