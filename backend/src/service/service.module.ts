import { Module } from '@nestjs/common';
import { registerDemoSeeder } from '../seed/seed.service.js';
import { ServiceCompatController } from './service-compat.controller.js';
import { ServiceController } from './service.controller.js';
import { seedDemoServices } from './service.demo.js';
import { ServiceRepository } from './service.repository.js';
import { ServiceService } from './service.service.js';

registerDemoSeeder('services', seedDemoServices);

@Module({
  controllers: [ServiceController, ServiceCompatController],
  providers: [ServiceRepository, ServiceService],
  exports: [ServiceRepository],
})
export class ServiceModule {}
