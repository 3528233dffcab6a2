import { Body, Controller } from '@nestjs/common';
import { AGREEMENT_MESSAGES } from '@licencias/common/rules';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams } from '../contract/params.decorator.js';
import type { OpBody, OpHeaders } from '../contract/types.js';
import { withFailureMessage } from '../errors/compat-failure.js';
import { invalidField, NotFoundError } from '../errors/errors.js';
import { toCompat } from './agreement.mapper.js';
import { AgreementService } from './agreement.service.js';
import type { Modification, ServiceLineInput } from './agreement.types.js';

type CompatItem = NonNullable<OpBody<'modifyContractCompat'>['ContractedServices']>[number];

/** A service row of the old front end as the domain reads it. */
function lineOf(item: CompatItem): ServiceLineInput {
  return {
    licenseId: item.licenseDetailId ?? null,
    packageCode: item.packageCode,
    quantityToAdd: item.quantityToAdd ?? 0,
    isUnlimited: item.IsUnlimited ?? false,
    validityType: item.typeValidity,
    validityPeriod: item.validityAmount,
    reassignmentQuota: item.reassignmentQuota ?? null,
    deviceTypeId: item.deviceType ?? null,
    credentialsDeliveryType: item.credentialsDeliveryType ?? null,
  };
}

/** The old product's agreement calls (licences-and-agreements §7), on the same service as /api/v1/agreements. */
@Controller()
export class AgreementCompatController {
  constructor(private readonly agreements: AgreementService) {}

  @Operation('createContractCompat')
  async create(@Body() body: OpBody<'createContractCompat'>, @CurrentUser() actor: AuthUser) {
    const saved = this.agreements.create(
      {
        contract: body.contract,
        customer: body.customer,
        supervisor: body.supervisor ?? null,
        services: body.servicesToAddContract.servicesToAdd.map(lineOf),
        alertOptions: body.userAlertOptions ?? null,
      },
      actor,
    );
    return envelope(toCompat(await withFailureMessage(saved, AGREEMENT_MESSAGES.notSaved)), AGREEMENT_MESSAGES.saved);
  }

  @Operation('listContractsCompat')
  async list(@Body() body: OpBody<'listContractsCompat'>) {
    return envelope(await this.agreements.compatList(body));
  }

  @Operation('searchContractCompat')
  async search(@Body() body: OpBody<'searchContractCompat'>) {
    let id = body.id ?? null;
    if (id == null && body.contractNumber?.trim()) id = (await this.agreements.byContractNumber(body.contractNumber))[0]?.id ?? null;
    if (id == null) throw new NotFoundError(AGREEMENT_MESSAGES.loadFailed);
    return envelope(toCompat(await this.agreements.get(id)));
  }

  @Operation('getContractsCompat')
  async contracts(@Body() body: OpBody<'getContractsCompat'>) {
    const number = body.contractNumber?.trim() ?? '';
    const contracts = number ? await this.agreements.byContractNumber(number) : [];
    const named = body.serviceName?.trim().toLowerCase();
    return envelope({
      existContract: contracts.length > 0,
      contracts: named ? contracts.filter((c) => c.serviceDescription.toLowerCase().includes(named)) : contracts,
    });
  }

  @Operation('modifyContractCompat')
  async modify(@Body() body: OpBody<'modifyContractCompat'>, @CurrentUser() actor: AuthUser) {
    const change = modificationOf(body);
    const ticket = { version: body.Version ?? null, ticketNumber: body.TicketId, observations: body.Observations };
    return envelope(
      toCompat(await withFailureMessage(this.agreements.modify(body.ContractId, ticket, change, actor), AGREEMENT_MESSAGES.notUpdated)),
      AGREEMENT_MESSAGES.updated,
    );
  }

  @Operation('getContractCustomerInfo')
  async customerInfo(@HeaderParams() h: OpHeaders<'getContractCustomerInfo'>) {
    return envelope(await this.agreements.customerInfo(h.personType, h.documentType, h.documentNumber));
  }

  @Operation('getContractSupervisorInfo')
  async supervisorInfo(@HeaderParams() h: OpHeaders<'getContractSupervisorInfo'>) {
    return envelope(await this.agreements.supervisorInfo(h.documentType, h.documentNumber));
  }

  @Operation('getAppParametersContracts')
  async parameters() {
    return envelope(await this.agreements.parameters());
  }
}

/** The block of the step; a step without its block is a 400 on that block. */
function modificationOf(body: OpBody<'modifyContractCompat'>): Modification {
  const missing = (field: string): never => invalidField(`body.${field}`, `es obligatorio con el paso ${body.Step}`);
  switch (body.Step) {
    case 'UPDATE_CONTRACT':
      return { step: body.Step, contract: body.Contract ?? missing('Contract') };
    case 'UPDATE_CUSTOMER':
      return { step: body.Step, customer: body.Customer ?? missing('Customer') };
    case 'UPDATE_SUPERVISOR':
      return { step: body.Step, supervisor: body.Supervisor ?? missing('Supervisor') };
    case 'UPDATE_CONTRACTEDSERVICES':
      return { step: body.Step, services: (body.ContractedServices ?? missing('ContractedServices')).map(lineOf) };
    case 'SET_CONTRACT_NOTIFICATION': {
      const n = body.ContractNotification ?? missing('ContractNotification');
      const daily = n.DeliveryFrequency === 'D';
      return {
        step: body.Step,
        alertOptions: {
          consumptionPercentageAlert: n.ConsumptionPercentageAlert,
          deliveryTime: n.NotificationDeliveryTime,
          deliveryFrequency: n.DeliveryFrequency,
          monday: !daily && !!n.Monday,
          tuesday: !daily && !!n.Tuesday,
          wednesday: !daily && !!n.Wednesday,
          thursday: !daily && !!n.Thursday,
          friday: !daily && !!n.Friday,
          saturday: !daily && !!n.Saturday,
          sunday: !daily && !!n.Sunday,
        },
      };
    }
  }
}
