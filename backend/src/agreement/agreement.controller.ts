import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import { listQuery, sendPage } from '../contract/resource-list.js';
import type { OpBody, OpPath, OpQuery } from '../contract/types.js';
import { AgreementAlertService } from './agreement-alert.service.js';
import { AgreementService } from './agreement.service.js';

/** Resource API of agreements: the back office's 'Convenios'. */
@Controller()
export class AgreementController {
  constructor(
    private readonly agreements: AgreementService,
    private readonly alerts: AgreementAlertService,
  ) {}

  @Operation('listAgreements')
  async list(@QueryParams() query: OpQuery<'listAgreements'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = listQuery(query, 100);
    return sendPage(reply, 'agreements', list, await this.agreements.list(list));
  }

  @Operation('createAgreement')
  create(@Body() body: OpBody<'createAgreement'>, @CurrentUser() actor: AuthUser) {
    return this.agreements.create(body, actor);
  }

  @Operation('getAgreement')
  get(@PathParams() { id }: OpPath<'getAgreement'>) {
    return this.agreements.get(id);
  }

  @Operation('updateAgreementContract')
  contract(@PathParams() { id }: OpPath<'updateAgreementContract'>, @Body() body: OpBody<'updateAgreementContract'>, @CurrentUser() actor: AuthUser) {
    return this.agreements.modify(id, body, { step: 'UPDATE_CONTRACT', contract: body.contract }, actor);
  }

  @Operation('updateAgreementCustomer')
  customer(@PathParams() { id }: OpPath<'updateAgreementCustomer'>, @Body() body: OpBody<'updateAgreementCustomer'>, @CurrentUser() actor: AuthUser) {
    return this.agreements.modify(id, body, { step: 'UPDATE_CUSTOMER', customer: body.customer }, actor);
  }

  @Operation('updateAgreementSupervisor')
  supervisor(@PathParams() { id }: OpPath<'updateAgreementSupervisor'>, @Body() body: OpBody<'updateAgreementSupervisor'>, @CurrentUser() actor: AuthUser) {
    return this.agreements.modify(id, body, { step: 'UPDATE_SUPERVISOR', supervisor: body.supervisor }, actor);
  }

  @Operation('updateAgreementServices')
  services(@PathParams() { id }: OpPath<'updateAgreementServices'>, @Body() body: OpBody<'updateAgreementServices'>, @CurrentUser() actor: AuthUser) {
    return this.agreements.modify(id, body, { step: 'UPDATE_CONTRACTEDSERVICES', services: body.services }, actor);
  }

  @Operation('updateAgreementAlertOptions')
  alertOptions(
    @PathParams() { id }: OpPath<'updateAgreementAlertOptions'>,
    @Body() body: OpBody<'updateAgreementAlertOptions'>,
    @CurrentUser() actor: AuthUser,
  ) {
    return this.agreements.modify(id, body, { step: 'SET_CONTRACT_NOTIFICATION', alertOptions: body.alertOptions }, actor);
  }

  @Operation('listAgreementAmendments')
  amendments(@PathParams() { id }: OpPath<'listAgreementAmendments'>) {
    return this.agreements.amendments(id);
  }

  @Operation('listAgreementAlerts')
  async alertList(@PathParams() { id }: OpPath<'listAgreementAlerts'>) {
    await this.agreements.get(id);
    return this.alerts.listForAgreement(id);
  }

  @Operation('getAgreementContractNumber')
  async contractNumber(@PathParams() { contractNumber }: OpPath<'getAgreementContractNumber'>) {
    return { contractNumber, exists: await this.agreements.contractNumberExists(contractNumber) };
  }

  @Operation('listAgreementProducts')
  products(@CurrentUser() actor: AuthUser) {
    return this.agreements.products(actor);
  }

  @Operation('listAgreementProductPackages')
  packages(@PathParams() { id }: OpPath<'listAgreementProductPackages'>, @CurrentUser() actor: AuthUser) {
    return this.agreements.productPackages(id, actor);
  }

  @Operation('getAgreementParameters')
  parameters() {
    return this.agreements.parameters();
  }
}
