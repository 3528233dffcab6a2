import { Module } from '@nestjs/common';
import { CustomerCompatController } from './customer-compat.controller.js';
import { CustomerController } from './customer.controller.js';
import { CustomerRepository } from './customer.repository.js';
import { CustomerService } from './customer.service.js';

@Module({
  controllers: [CustomerController, CustomerCompatController],
  providers: [CustomerRepository, CustomerService],
  exports: [CustomerService],
})
export class CustomerModule {}
