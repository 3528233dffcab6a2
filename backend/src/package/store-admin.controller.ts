import { Body, Controller } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams } from '../contract/params.decorator.js';
import type { OpBody, OpPath } from '../contract/types.js';
import { StorePriceTierService } from './store-price-tier.service.js';

/** What staff maintain for the store in the back office: the price tiers of employee packages. */
@Controller()
export class StoreAdminController {
  constructor(private readonly tiers: StorePriceTierService) {}

  @Operation('getPackagePriceTiers')
  priceTiers(@PathParams() { id }: OpPath<'getPackagePriceTiers'>) {
    return this.tiers.get(id);
  }

  @Operation('setPackagePriceTiers')
  setPriceTiers(@PathParams() { id }: OpPath<'setPackagePriceTiers'>, @Body() body: OpBody<'setPackagePriceTiers'>, @CurrentUser() actor: AuthUser) {
    return this.tiers.replace(id, body.version, body.tiers, actor);
  }
}
