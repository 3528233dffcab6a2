import { Body, Controller } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams } from '../contract/params.decorator.js';
import type { OpBody, OpHeaders } from '../contract/types.js';
import { toCompatLicence, toLicenceBag } from './licence.mapper.js';
import { LicenceService } from './licence.service.js';

export const LICENCE_ADDED_MESSAGE = '¡Licencia añadida con éxito!';
export const LICENCE_UPDATED_MESSAGE = '¡Licencia actualizada con éxito!';

/** The old product's licence calls of 'Licencias y consumos' (licences-and-agreements §7). */
@Controller()
export class LicenceCompatController {
  constructor(private readonly licences: LicenceService) {}

  @Operation('addNewCustomerLicense')
  async add(@Body() body: OpBody<'addNewCustomerLicense'>, @CurrentUser() actor: AuthUser) {
    return envelope(toCompatLicence(await this.licences.addManual(body, actor)), LICENCE_ADDED_MESSAGE);
  }

  @Operation('getLicenseInformation')
  async get(@HeaderParams() headers: OpHeaders<'getLicenseInformation'>) {
    return envelope(toCompatLicence(await this.licences.get(headers.purchaseOrderLicenseId)));
  }

  /** 'Ver bolsas': the company's bags, filtered by company and product and sorted. */
  @Operation('getDetailsLicenseCustomer')
  async bags(@Body() body: OpBody<'getDetailsLicenseCustomer'>) {
    const ids = (type: 'Customer' | 'Service') => (body.filters ?? []).filter((f) => f.type === type).map((f) => Number(f.value));
    const bags = await this.licences.bags({
      licenceId: body.purchaseOrderLicenseId,
      customerIds: ids('Customer'),
      serviceIds: ids('Service'),
      sort: body.sortType,
    });
    return envelope({ records: bags.map(toLicenceBag) });
  }

  @Operation('setLicenseTransactionRange')
  async setRanges(@Body() body: OpBody<'setLicenseTransactionRange'>) {
    return envelope(toCompatLicence(await this.licences.setRanges(body.PurchaseOrderLicenseId, body.licenseTransactionRange)), LICENCE_UPDATED_MESSAGE);
  }
}
