import { Module } from '@nestjs/common';
import { ReferenceModule } from '../reference/reference.module.js';
import { CustomerCompatController } from './customer-compat.controller.js';
import { CustomerController } from './customer.controller.js';
import { CustomerRepository } from './customer.repository.js';
import { CustomerService } from './customer.service.js';

@Module({
  imports: [ReferenceModule],
  controllers: [CustomerController, CustomerCompatController],
  providers: [CustomerRepository, CustomerService],
  exports: [CustomerService],
})
export class CustomerModule {}
