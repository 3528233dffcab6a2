import { Module } from '@nestjs/common';
import { ServiceCompatController } from './service-compat.controller.js';
import { ServiceController } from './service.controller.js';
import { ServiceRepository } from './service.repository.js';
import { ServiceService } from './service.service.js';

@Module({
  controllers: [ServiceController, ServiceCompatController],
  providers: [ServiceRepository, ServiceService],
  exports: [ServiceRepository],
})
export class ServiceModule {}
