import { Body, Controller } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody } from '../contract/types.js';
import { MyPlanService } from './my-plan.service.js';

/** The store's My Plan calls (store §7): a customer reads its own company's plan and employee months. */
@Controller()
export class MyPlanController {
  constructor(private readonly plans: MyPlanService) {}

  @Operation('getDetailLicenseCustomerMyPlan')
  async customerPlan(@Body() body: OpBody<'getDetailLicenseCustomerMyPlan'>, @CurrentUser() actor: AuthUser) {
    return envelope({ records: await this.plans.customerPlan(body, actor) });
  }

  @Operation('getDetailLicenseEmployeeMyPlan')
  async employeeMonths(@Body() body: OpBody<'getDetailLicenseEmployeeMyPlan'>, @CurrentUser() actor: AuthUser) {
    return envelope({ records: await this.plans.employeeMonths(body, actor) });
  }

  @Operation('setDetailLicenseEmployeeMyPlan')
  async employeeMonth(@Body() body: OpBody<'setDetailLicenseEmployeeMyPlan'>, @CurrentUser() actor: AuthUser) {
    return envelope({ records: await this.plans.employeeMonth(body, actor) });
  }
}
