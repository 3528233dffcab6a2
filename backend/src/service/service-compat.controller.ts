import { Body, Controller } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { changeRecordState, idstateOf, registerRecord } from '../contract/compat-state.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody } from '../contract/types.js';
import { SERVICE_SAVED_MESSAGE, SERVICE_STATE_MESSAGES, ServiceService } from './service.service.js';

/** The old product's service calls, over the same rules as the resource API. */
@Controller()
export class ServiceCompatController {
  constructor(private readonly services: ServiceService) {}

  @Operation('getAllServices')
  async all() {
    return envelope({ records: await this.services.all() });
  }

  @Operation('registerService')
  async register(@Body() body: OpBody<'registerService'>, @CurrentUser() actor: AuthUser) {
    const input = {
      serviceTypeId: body.serviceTypeId,
      serviceName: body.serviceName,
      descriptionService: body.description,
      serviceNameContract: body.serviceNameContract,
      requiresSupervision: body.requiresSupervision,
      isContractFullAccess: body.isContractFullAccess,
      addManualLicense: body.addManualLicense,
      appName: body.appName,
      idstate: idstateOf(body.Status),
    };
    return registerRecord(this.services, { id: body.Id, version: body.Version }, input, actor, SERVICE_SAVED_MESSAGE);
  }

  @Operation('changeStateService')
  changeState(@Body() body: OpBody<'changeStateService'>, @CurrentUser() actor: AuthUser) {
    return changeRecordState(this.services, body, actor, SERVICE_STATE_MESSAGES);
  }

  @Operation('getAllServiceTypes')
  async types() {
    return envelope({ records: await this.services.types() });
  }
}
