import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Operation } from '../contract/operation.decorator.js';
import { ResourceController } from '../contract/resource-controller.js';
import { sendAll } from '../contract/resource-list.js';
import { ServiceService } from './service.service.js';

/** Resource API of products or services. */
@Controller()
export class ServiceController extends ResourceController<ServiceService>({
  resource: 'services',
  list: 'listServices',
  get: 'getService',
  create: 'createService',
  update: 'editService',
  setState: 'setServiceState',
}) {
  constructor(services: ServiceService) {
    super(services);
  }

  @Operation('listServiceTypes')
  async types(@Res({ passthrough: true }) reply: FastifyReply) {
    return sendAll(reply, 'service-types', await this.service.types());
  }
}
