import { Module } from '@nestjs/common';
import { ReferenceModule } from '../reference/reference.module.js';
import { ServiceCompatController } from './service-compat.controller.js';
import { ServiceController } from './service.controller.js';
import { ServiceRepository } from './service.repository.js';
import { ServiceService } from './service.service.js';

@Module({
  imports: [ReferenceModule],
  controllers: [ServiceController, ServiceCompatController],
  providers: [ServiceRepository, ServiceService],
  exports: [ServiceService],
})
export class ServiceModule {}
