import { Body, Controller } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { compatSearch } from '../contract/compat-paging.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams } from '../contract/params.decorator.js';
import type { OpBody, OpHeaders } from '../contract/types.js';
import { toCompatLicence, toCustomerLicensed, toLicenceBag, toLicenseUsage } from './licence.mapper.js';
import { LicenceService } from './licence.service.js';

export const LICENCE_ADDED_MESSAGE = '¡Licencia añadida con éxito!';
export const LICENCE_UPDATED_MESSAGE = '¡Licencia actualizada con éxito!';
/** Companies per page of GetCustomersLicensed (licences-and-agreements §9: customer list page 10). */
const CUSTOMERS_PAGE = 10;
/** Consumptions per page of getLicenseUsage without pTake. */
const USAGE_PAGE = 20;

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

  /** The companies holding licences, 10 a page unless told, searched by `filter`. */
  @Operation('getCustomersLicensed')
  async customersLicensed(@HeaderParams() headers: OpHeaders<'getCustomersLicensed'>, @CurrentUser() actor: AuthUser) {
    const page = await this.licences.customersLicensed(
      compatSearch(headers.filter),
      headers.startRegister ?? 0,
      headers.registerNumber ?? CUSTOMERS_PAGE,
      actor,
    );
    return envelope({ records: page.items.map(toCustomerLicensed), totalRecords: page.total });
  }

  /** A company's consumptions and reversals, newest first, paged by pSkip and pTake. */
  @Operation('getLicenseUsage')
  async usage(@HeaderParams() headers: OpHeaders<'getLicenseUsage'>, @Body() body: OpBody<'getLicenseUsage'>, @CurrentUser() actor: AuthUser) {
    const offset = headers.pSkip ?? 0;
    const page = await this.licences.usage(
      {
        documentTypeId: body.DocumentType,
        documentNumber: body.DocumentNumber,
        serviceName: body.ServiceName,
        q: body.pFilter,
        offset,
        limit: headers.pTake ?? USAGE_PAGE,
      },
      actor,
    );
    const next = offset + page.items.length;
    return envelope({
      records: { licenseUsageList: page.items.map(toLicenseUsage), countRecords: page.total, nextSkipLicense: next < page.total ? next : null },
    });
  }

  @Operation('setLicenseTransactionRange')
  async setRanges(@Body() body: OpBody<'setLicenseTransactionRange'>) {
    return envelope(toCompatLicence(await this.licences.setRanges(body.PurchaseOrderLicenseId, body.licenseTransactionRange)), LICENCE_UPDATED_MESSAGE);
  }
}
