import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/sql';
import { bogotaToday, endOfBogotaDay, startOfBogotaDay } from '@licencias/common/dates';
import { AGREEMENT_MESSAGES, canEditAgreement, commercialManagerPrivilege, productPrivilegeKey, ticketProblems, validityEndDay } from '@licencias/common/rules';
import type { AuthUser } from '../auth/auth-user.js';
import { CustomerService } from '../customer/customer.service.js';
import type { Page } from '../database/list-query.js';
import { AppError, BusinessRuleError, ConflictError, ForbiddenError, NotFoundError } from '../errors/errors.js';
import { RuleViolations } from '../errors/rule-violations.js';
import { UserService } from '../identity/user.service.js';
import { LicenceService } from '../licence/licence.service.js';
import { PackageService } from '../package/package.service.js';
import { ReferenceService } from '../reference/reference.service.js';
import { type AgreementProduct, ServiceService } from '../service/service.service.js';
import type { Agreement, AgreementService as Line } from './agreement.entities.js';
import { contractOf, customerFieldsOf, lineDto, optionsOf, summaryOf, toDto } from './agreement.mapper.js';
import { contractParameters, DEFAULT_ALERT } from './agreement.parameters.js';
import { type AgreementListQuery, AgreementRepository } from './agreement.repository.js';
import { type CheckedLine, checkAlertOptions, checkContract, checkCustomerDocument, checkLines, checkSupervisorJob, weekdayMask } from './agreement.rules.js';
import type {
  AgreementCreateInput,
  AgreementCustomerFields,
  AgreementDto,
  AgreementSummaryDto,
  AmendmentDto,
  ContractFields,
  ContractParameters,
  Modification,
  PersonLookup,
  ProductOption,
  ServiceLineInput,
  Ticket,
} from './agreement.types.js';

const FULL_ACCESS = 'LICENSE_FULL_ACCESS';

function has(actor: AuthUser, ...privileges: string[]): boolean {
  return privileges.some((p) => actor.privileges.includes(p));
}

/** A rule error whose fields are renamed under `prefix` (the customer service names its own fields). */
function prefixed(error: unknown, prefix: string): unknown {
  if (!(error instanceof BusinessRuleError)) return error;
  return new BusinessRuleError(
    error.message,
    error.details.map((d) => ({ ...d, field: d.field ? `${prefix}.${d.field}` : prefix })),
  );
}

/**
 * Agreements (convenios, licences-and-agreements §2–§9): create with the customer and one licence
 * per contracted service in one transaction, amend one block at a time with a ticket (history
 * kept, stale versions refused), and read. Other domains are reached through their services.
 */
@Injectable()
export class AgreementService {
  constructor(
    private readonly em: EntityManager,
    private readonly agreements: AgreementRepository,
    private readonly customers: CustomerService,
    private readonly licences: LicenceService,
    private readonly packages: PackageService,
    private readonly services: ServiceService,
    private readonly users: UserService,
    private readonly reference: ReferenceService,
  ) {}

  async parameters(): Promise<ContractParameters> {
    const [quota, years, alert, types] = await Promise.all([
      this.number('MAX_REASSIGNMENT_QUOTA', 5),
      this.number('MAX_CONTRACT_VALIDITY_YEARS', 2),
      this.number('DEFAULT_CONSUMPTION_ALERT', 90),
      this.reference.documentTypes(),
    ]);
    const documentTypes = types.records.map((d) => ({ value: d.id, text: d.description, documentTypeCode: d.documentTypeCode }));
    return contractParameters({ maxReassignmentQuota: quota, maxContractValidityYears: years, defaultConsumptionAlert: alert }, documentTypes);
  }

  /** §6: with LICENSE_FULL_ACCESS or LICENSE_CONTRACT_ALLPRODUCTS the products flagged isContractFullAccess; plus those named by LICENSE_{PRODUCT}_… privileges. */
  async products(actor: AuthUser): Promise<ProductOption[]> {
    return (await this.allowedProducts(actor)).map((p) => ({
      value: p.id,
      label: p.serviceNameContract ?? p.serviceName,
      name: p.serviceName,
      nameContract: p.serviceNameContract,
      contractedServices: p.contractedServices,
      requiresSupervision: p.requiresSupervision,
      isContractFullAccess: p.isContractFullAccess,
      deviceTypeId: p.deviceTypeIds.join(','),
    }));
  }

  async productPackages(serviceId: number, actor: AuthUser) {
    await this.product(serviceId, actor, 'notFound');
    return (await this.packagesOf(serviceId)).map((p) => ({ id: p.id, packageCode: p.packageCode, packageName: p.packageName }));
  }

  async contractNumberExists(contractNumber: string): Promise<boolean> {
    return this.agreements.contractNumberTaken(contractNumber);
  }

  async list(query: AgreementListQuery): Promise<Page<AgreementSummaryDto>> {
    const page = await this.agreements.page(query);
    const customers = new Map((await this.customers.summaries(page.items.map((a) => a.customerId))).map((c) => [c.id, c]));
    return { items: page.items.map((a) => summaryOf(a, customers.get(a.customerId))), total: page.total };
  }

  /** The compatibility list: ContractNumber and ServiceName both search the same text. */
  async compatList(body: { ContractNumber?: string | null; ServiceName?: string | null; skip?: number; take?: number }) {
    const q = [body.ContractNumber, body.ServiceName].find((t) => t?.trim())?.trim();
    const page = await this.list({ offset: body.skip ?? 0, limit: body.take ?? 100, filter: q ? { q } : {} });
    return { contractList: page.items, totalRecords: page.total };
  }

  async byContractNumber(contractNumber: string): Promise<AgreementSummaryDto[]> {
    const found = await this.agreements.byContractNumber(contractNumber);
    const customers = new Map((await this.customers.summaries(found.map((a) => a.customerId))).map((c) => [c.id, c]));
    return found.map((a) => summaryOf(a, customers.get(a.customerId)));
  }

  async get(id: number): Promise<AgreementDto> {
    const agreement = await this.agreements.findById(id);
    if (!agreement) throw new NotFoundError(AGREEMENT_MESSAGES.loadFailed);
    return this.dto(agreement);
  }

  async amendments(id: number): Promise<AmendmentDto[]> {
    if (!(await this.agreements.findById(id))) throw new NotFoundError(AGREEMENT_MESSAGES.loadFailed);
    return (await this.agreements.amendments(id)).map((a) => ({
      id: a.id,
      step: a.step,
      ticketNumber: a.ticketNumber,
      observations: a.observations,
      actor: a.actor,
      occurredAt: a.occurredAt.toISOString(),
      before: a.before,
      after: a.after,
    }));
  }

  async customerInfo(personType: 'J' | 'N' | undefined, documentTypeId: number, documentNumber: string): Promise<PersonLookup> {
    const customer = await this.customers.byDocument(documentTypeId, documentNumber.replace(/\s+/g, ''));
    if (!customer || (personType && customer.personType !== personType)) return emptyLookup();
    return {
      found: true,
      customerId: customer.id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      legalName: customer.legalName,
      legalDocumentTypeId: customer.legalDocumentTypeId,
      legalDocumentNumber: customer.legalDocumentNumber,
      legalFirstName: customer.legalFirstName,
      legalLastName: customer.legalLastName,
      fullAddress: customer.fulladdress,
      departmentId: customer.departmentId,
      cityId: customer.cityId,
      cellphoneNumber: customer.cellphoneNumber,
      phoneNumber: customer.cellphoneNumber,
      email: customer.email,
      jobTitle: null,
    };
  }

  async supervisorInfo(documentTypeId: number, documentNumber: string): Promise<PersonLookup> {
    const s = await this.agreements.supervisorByDocument(documentTypeId, documentNumber.replace(/\s+/g, ''));
    if (!s) return emptyLookup();
    return {
      ...emptyLookup(),
      found: true,
      firstName: s.firstName,
      lastName: s.lastName,
      fullAddress: s.fulladdress ?? null,
      departmentId: s.departmentId ?? null,
      cityId: s.cityId ?? null,
      phoneNumber: s.phoneNumber ?? null,
      cellphoneNumber: s.phoneNumber ?? null,
      email: s.email,
      jobTitle: s.jobTitle ?? null,
    };
  }

  /**
   * Saves a new agreement: the customer (created, or updated when its document exists), the
   * agreement, and one licence with its balances per contracted service (origin AGREEMENT), all in
   * one transaction. The unique contract number decides two concurrent creations.
   */
  async create(input: AgreementCreateInput, actor: AuthUser, now = new Date()): Promise<AgreementDto> {
    if (!has(actor, FULL_ACCESS, 'CONTRACT_CREATE')) throw new ForbiddenError();
    const today = bogotaToday(now);
    const params = await this.parameters();
    const v = new RuleViolations();
    const contract = { ...input.contract, contractNumber: input.contract.contractNumber.trim() };
    checkContract(contract, today, params.maxContractValidityYears, v);
    checkCustomerDocument(input.customer, v);
    const product = await this.product(contract.serviceId, actor, 'rule', v);
    if (product?.requiresSupervision && !input.supervisor) v.add('supervisor', AGREEMENT_MESSAGES.supervisorRequired);
    if (input.supervisor) checkSupervisorJob(input.supervisor.jobTitle, v);
    const alert = input.alertOptions ?? { consumptionPercentageAlert: params.defaultConsumptionAlert, ...DEFAULT_ALERT };
    checkAlertOptions(alert, v);
    await this.checkManager(contract.commercialManagerId, product, v);
    if (await this.agreements.contractNumberTaken(contract.contractNumber)) v.add('contract.contractNumber', AGREEMENT_MESSAGES.contractNumberTaken);
    const lines = product ? checkLines(input.services, this.lineContext(product, contract, params, [], new Set()), v) : [];
    const packages = product ? await this.resolvePackages(product.id, lines, v) : new Map();
    v.throwIfAny();
    try {
      const id = await this.em.transactional(async (em) => {
        const customerId = await this.saveCustomer(input.customer, actor);
        const agreement = this.agreements.create({
          contractNumber: contract.contractNumber,
          serviceId: contract.serviceId,
          serviceDescription: (product!.serviceNameContract ?? product!.serviceName).slice(0, 100),
          customerId,
          contractStartDate: contract.contractStartDate,
          contractEndDate: contract.contractEndDate,
          commercialManagerId: contract.commercialManagerId,
          paymentConditionId: contract.paymentConditionId,
          supervisor: input.supervisor ?? null,
          alertPercentage: alert.consumptionPercentageAlert,
          alertDeliveryTime: alert.deliveryTime,
          alertFrequency: alert.deliveryFrequency,
          alertWeekdays: weekdayMask(alert),
          alertSweptOn: null,
          createdBy: actor.username,
          createdAt: now,
          updatedBy: null,
          updatedAt: null,
        });
        await em.flush();
        await this.grantLines(agreement, customerId, lines, packages, 0, actor, now);
        await em.flush();
        return agreement.id;
      });
      return this.get(id);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new BusinessRuleError(AGREEMENT_MESSAGES.contractNumberTaken, [
          { field: 'contract.contractNumber', description: AGREEMENT_MESSAGES.contractNumberTaken },
        ]);
      }
      throw error;
    }
  }

  /**
   * One amendment: the block of its step, checked with the §5 rules, written with the ticket, the
   * actor and the block before and after, under the agreement's row lock. A stale version is a 409.
   */
  async modify(id: number, ticket: Ticket, change: Modification, actor: AuthUser, now = new Date()): Promise<AgreementDto> {
    if (!has(actor, FULL_ACCESS, 'CONTRACT_MODIFY')) throw new ForbiddenError();
    const tv = new RuleViolations();
    for (const p of ticketProblems(ticket)) tv.add(p.field === 'ticketNumber' ? 'ticketNumber' : 'observations', p.message);
    tv.throwIfAny();
    const params = await this.parameters();
    const today = bogotaToday(now);
    await this.em.transactional(async (em) => {
      const agreement = await this.agreements.lock(id);
      if (!agreement) throw new NotFoundError(AGREEMENT_MESSAGES.loadFailed);
      if (ticket.version != null && ticket.version !== agreement.version) throw new ConflictError(AGREEMENT_MESSAGES.staleEdit);
      if (!canEditAgreement({ modify: true, modifyDates: has(actor, FULL_ACCESS, 'CONTRACT_MODIFYDATES') }, agreement.contractEndDate, today)) {
        throw new ForbiddenError(AGREEMENT_MESSAGES.ended);
      }
      const product = await this.product(agreement.serviceId, actor, 'forbidden');
      const { before, after } = await this.apply(agreement, change, product, params, today, actor, now);
      agreement.updatedAt = now;
      agreement.updatedBy = actor.username;
      this.agreements.addAmendment({
        agreementId: agreement.id,
        step: change.step,
        ticketNumber: ticket.ticketNumber.trim(),
        observations: ticket.observations.trim(),
        actor: actor.username,
        occurredAt: now,
        before,
        after,
      });
      await em.flush();
    });
    return this.get(id);
  }

  private async apply(
    agreement: Agreement,
    change: Modification,
    product: AgreementProduct,
    params: ContractParameters,
    today: string,
    actor: AuthUser,
    now: Date,
  ): Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }> {
    const v = new RuleViolations();
    switch (change.step) {
      case 'UPDATE_CONTRACT': {
        const contract = { ...change.contract, contractNumber: change.contract.contractNumber.trim() };
        checkContract(contract, today, params.maxContractValidityYears, v);
        if (contract.serviceId !== agreement.serviceId) v.add('contract.serviceId', AGREEMENT_MESSAGES.productNotAllowed);
        await this.checkManager(contract.commercialManagerId, product, v);
        if (await this.agreements.contractNumberTaken(contract.contractNumber, agreement.id))
          v.add('contract.contractNumber', AGREEMENT_MESSAGES.contractNumberTaken);
        const lines = await this.agreements.lines(agreement.id);
        const ends = lines.map((l) => ({ line: l, end: endOfBogotaDay(this.lineEnd(contract.contractStartDate, l)) }));
        if (ends.some((e) => e.end > endOfBogotaDay(contract.contractEndDate))) v.add('contract.contractEndDate', AGREEMENT_MESSAGES.bagValidity);
        v.throwIfAny();
        const before = contractOf(agreement);
        const datesChanged = contract.contractStartDate !== agreement.contractStartDate;
        const numberChanged = contract.contractNumber !== agreement.contractNumber;
        Object.assign(agreement, {
          contractNumber: contract.contractNumber,
          contractStartDate: contract.contractStartDate,
          contractEndDate: contract.contractEndDate,
          commercialManagerId: contract.commercialManagerId,
          paymentConditionId: contract.paymentConditionId,
        });
        for (const { line, end } of ends) {
          if (datesChanged || numberChanged)
            await this.licences.setTerms(line.licenceId, {
              ...(datesChanged && { effectiveAt: startOfBogotaDay(contract.contractStartDate), expiresAt: end }),
              contractNumber: contract.contractNumber,
            });
        }
        try {
          await this.em.flush();
        } catch (error) {
          if (error instanceof UniqueConstraintViolationException)
            throw new BusinessRuleError(AGREEMENT_MESSAGES.contractNumberTaken, [
              { field: 'contract.contractNumber', description: AGREEMENT_MESSAGES.contractNumberTaken },
            ]);
          throw error;
        }
        return { before, after: contractOf(agreement) };
      }
      case 'UPDATE_CUSTOMER': {
        const current = await this.customers.get(agreement.customerId, actor);
        const documentNumber = change.customer.documentNumber.replace(/\s+/g, '');
        if (change.customer.documentTypeId !== current.documentTypeId || documentNumber !== current.documentNumber) {
          v.add('customer.documentNumber', AGREEMENT_MESSAGES.customerDocumentFixed);
        }
        checkCustomerDocument(change.customer, v);
        v.throwIfAny();
        const before = customerFieldsOf(current);
        await this.saveCustomer(change.customer, actor);
        return { before, after: customerFieldsOf(await this.customers.get(agreement.customerId, actor)) };
      }
      case 'UPDATE_SUPERVISOR': {
        checkSupervisorJob(change.supervisor.jobTitle, v);
        v.throwIfAny();
        const before = { ...(agreement.supervisor ?? {}) };
        agreement.supervisor = { ...change.supervisor };
        return { before, after: { ...change.supervisor } };
      }
      case 'UPDATE_CONTRACTEDSERVICES':
        return this.amendLines(agreement, change.services, product, params, actor, now);
      case 'SET_CONTRACT_NOTIFICATION': {
        checkAlertOptions(change.alertOptions, v);
        v.throwIfAny();
        const before = optionsOf(agreement);
        agreement.alertPercentage = change.alertOptions.consumptionPercentageAlert;
        agreement.alertDeliveryTime = change.alertOptions.deliveryTime;
        agreement.alertFrequency = change.alertOptions.deliveryFrequency;
        agreement.alertWeekdays = weekdayMask(change.alertOptions);
        return { before, after: optionsOf(agreement) };
      }
    }
  }

  /** New lines are granted; edited lines add their quantity through the ledger and move their end. */
  private async amendLines(
    agreement: Agreement,
    services: ServiceLineInput[],
    product: AgreementProduct,
    params: ContractParameters,
    actor: AuthUser,
    now: Date,
  ) {
    const v = new RuleViolations();
    const existing = await this.agreements.lines(agreement.id);
    const byLicence = new Map(existing.map((l) => [l.licenceId, l]));
    const edited = new Set(services.map((s) => s.licenseId).filter((id): id is number => id != null));
    const kept = new Set(existing.filter((l) => !edited.has(l.licenceId)).map((l) => l.identifierCode));
    const contract = { contractStartDate: agreement.contractStartDate, contractEndDate: agreement.contractEndDate };
    const lines = checkLines(services, this.lineContext(product, contract, params, existing, kept), v);
    const packages = await this.resolvePackages(product.id, lines, v);
    v.throwIfAny();
    const before = lines.filter((l) => l.input.licenseId != null).map((l) => lineDto(byLicence.get(l.input.licenseId!)!));
    const added = lines.filter((l) => l.input.licenseId == null);
    await this.grantLines(agreement, agreement.customerId, added, packages, existing.length, actor, now);
    for (const l of lines.filter((x) => x.input.licenseId != null)) {
      const line = byLicence.get(l.input.licenseId!)!;
      if (!l.unlimited && l.quantity > 0) {
        await this.licences.adjust(line.licenceId, l.quantity, `AGREEMENT:${agreement.id}`, actor.username, now);
        line.totalQuantity = (line.totalQuantity ?? 0) + l.quantity;
      }
      if (line.validityPeriod !== l.input.validityPeriod || line.validityType !== l.input.validityType) {
        await this.licences.setTerms(line.licenceId, { expiresAt: endOfBogotaDay(l.endDay) });
      }
      Object.assign(line, {
        validityType: l.input.validityType,
        validityPeriod: l.input.validityPeriod,
        identifierCode: l.identifierCode,
        reassignmentQuota: l.reassignmentQuota,
        deviceTypeId: l.deviceTypeId,
        credentialsDeliveryType: l.credentialsDeliveryType,
        updatedAt: now,
      });
    }
    await this.em.flush();
    const after = (await this.agreements.lines(agreement.id)).filter((l) => edited.has(l.licenceId) || !byLicence.has(l.licenceId)).map(lineDto);
    return { before: { services: before }, after: { services: after } };
  }

  private async grantLines(
    agreement: Agreement,
    customerId: number,
    lines: readonly CheckedLine[],
    packages: ReadonlyMap<string, PackageOfProduct>,
    offset: number,
    actor: AuthUser,
    now: Date,
  ): Promise<void> {
    let n = offset;
    for (const l of lines) {
      n += 1;
      const pkg = packages.get(l.input.packageCode.trim().toLowerCase())!;
      const licence = await this.licences.grant(
        {
          customerId,
          serviceId: agreement.serviceId,
          packageId: pkg.id,
          features: pkg.featureIds.map((serviceFeatureId) => ({ serviceFeatureId, quantity: l.unlimited ? null : l.quantity })),
          origin: 'AGREEMENT',
          originReference: `CONV-${agreement.id}/${n}`,
          contractNumber: agreement.contractNumber,
          effectiveAt: startOfBogotaDay(agreement.contractStartDate),
          expiresAt: endOfBogotaDay(l.endDay),
          purchaseDate: now,
          createdBy: actor.username.slice(0, 100),
        },
        now,
      );
      this.agreements.addLine({
        agreementId: agreement.id,
        licenceId: licence.id,
        packageId: pkg.id,
        packageCode: pkg.packageCode,
        packageName: pkg.packageName,
        unlimited: l.unlimited,
        totalQuantity: l.unlimited ? null : l.quantity,
        validityType: l.input.validityType,
        validityPeriod: l.input.validityPeriod,
        identifierCode: l.identifierCode,
        reassignmentQuota: l.reassignmentQuota,
        deviceTypeId: l.deviceTypeId,
        credentialsDeliveryType: l.credentialsDeliveryType,
        createdAt: now,
        updatedAt: null,
      });
    }
  }

  private lineEnd(start: string, line: Line): string {
    return validityEndDay(start, line.validityPeriod, line.validityType);
  }

  private lineContext(
    product: AgreementProduct,
    contract: Pick<ContractFields, 'contractStartDate' | 'contractEndDate'>,
    params: ContractParameters,
    existing: Line[],
    kept: Set<string>,
  ) {
    return {
      product,
      contractStartDate: contract.contractStartDate,
      contractEndDate: contract.contractEndDate,
      maxReassignmentQuota: params.maxReassignmentQuota,
      existing: new Map(existing.map((l) => [l.licenceId, { unlimited: l.unlimited, identifierCode: l.identifierCode }])),
      keptCodes: kept,
    };
  }

  /** The packages of the lines, by lower-case code; a code that is not an active package of the product is a 422. */
  private async resolvePackages(serviceId: number, lines: readonly CheckedLine[], v: RuleViolations): Promise<Map<string, PackageOfProduct>> {
    const byCode = new Map((await this.packagesOf(serviceId)).map((p) => [p.packageCode.toLowerCase(), p]));
    for (const l of lines) {
      if (!byCode.has(l.input.packageCode.trim().toLowerCase())) v.add(`services[${l.index}].packageCode`, AGREEMENT_MESSAGES.packageNotInProduct);
    }
    return byCode;
  }

  private async packagesOf(serviceId: number): Promise<PackageOfProduct[]> {
    const page = await this.packages.pageOfViews({ offset: 0, limit: 500, filter: { serviceId, idstate: 0 } });
    return page.items
      .map((view) => ({
        id: view.pkg.id,
        packageCode: view.pkg.packageCode,
        packageName: view.pkg.packageName,
        featureIds: view.links.features.filter((f) => f.serviceId === serviceId).map((f) => f.serviceFeatureId),
      }))
      .filter((p) => p.featureIds.length > 0);
  }

  /** The customer block saved through the customer service: updated when its document exists (keeping what agreements do not edit), else created. */
  private async saveCustomer(input: AgreementCustomerFields, actor: AuthUser): Promise<number> {
    const documentNumber = input.documentNumber.replace(/\s+/g, '');
    try {
      const existing = await this.customers.byDocument(input.documentTypeId, documentNumber);
      const fields = { ...input, documentNumber };
      // A company first known by its agreement links to other apps (the company form's default).
      if (!existing) return (await this.customers.create({ ...fields, linkToApp: 'otras_apps' }, actor)).id;
      await this.customers.update(
        existing.id,
        {
          ...fields,
          addressAdditionalInformation: existing.addressAdditionalInformation,
          linkToApp: (existing.linkToApp as 'biometria' | 'confronta' | 'otras_apps' | null) ?? null,
          contractStartDate: existing.contractStartDate,
          contractEndDate: existing.contractEndDate,
        },
        actor,
      );
      return existing.id;
    } catch (error) {
      throw error instanceof AppError ? prefixed(error, 'customer') : error;
    }
  }

  private async checkManager(managerId: string, product: AgreementProduct | null, v: RuleViolations): Promise<void> {
    if (!product) return;
    const managers = await this.users.byRole(commercialManagerPrivilege(product.serviceName));
    if (!managers.recordsData[0]?.users.some((u) => u.id === managerId)) v.add('contract.commercialManagerId', AGREEMENT_MESSAGES.managerNotAllowed);
  }

  private async allowedProducts(actor: AuthUser): Promise<AgreementProduct[]> {
    const all = (await this.services.agreementProducts()).filter((p) => p.active);
    const showAll = has(actor, FULL_ACCESS, 'LICENSE_CONTRACT_ALLPRODUCTS');
    const named = new Set(actor.privileges.filter((p) => p.startsWith('LICENSE_')).map((p) => p.split('_')[1]));
    return all.filter((p) => (showAll && p.isContractFullAccess) || named.has(productPrivilegeKey(p.serviceName)));
  }

  /** The product if the actor may use it; otherwise a 422 on the field, a 404 or a 403 as the caller says. */
  private async product(serviceId: number, actor: AuthUser, mode: 'rule' | 'notFound' | 'forbidden', v?: RuleViolations): Promise<AgreementProduct> {
    const found = (await this.allowedProducts(actor)).find((p) => p.id === serviceId);
    if (found) return found;
    if (mode === 'rule') {
      v?.add('contract.serviceId', AGREEMENT_MESSAGES.productNotAllowed);
      return null as unknown as AgreementProduct;
    }
    if (mode === 'notFound') throw new NotFoundError(AGREEMENT_MESSAGES.productNotAllowed);
    throw new ForbiddenError(AGREEMENT_MESSAGES.productNotAllowed);
  }

  private async dto(agreement: Agreement): Promise<AgreementDto> {
    const [customer, lines, product, manager] = await Promise.all([
      this.customers.byId(agreement.customerId),
      this.agreements.linesWithUse(agreement.id),
      this.services.agreementProducts().then((all) => all.find((p) => p.id === agreement.serviceId)!),
      this.users.byNameOrId(agreement.commercialManagerId).catch(() => null),
    ]);
    return toDto(agreement, { customer, lines, product, managerName: manager ? `${manager.names} ${manager.surnames}` : '' });
  }

  private async number(code: string, fallback: number): Promise<number> {
    try {
      const value = Number((await this.reference.systemParameter(code)).parameterValue);
      return Number.isFinite(value) ? value : fallback;
    } catch {
      return fallback;
    }
  }
}

interface PackageOfProduct {
  id: number;
  packageCode: string;
  packageName: string;
  featureIds: number[];
}

function emptyLookup(): PersonLookup {
  return {
    found: false,
    customerId: null,
    firstName: null,
    lastName: null,
    legalName: null,
    legalDocumentTypeId: null,
    legalDocumentNumber: null,
    legalFirstName: null,
    legalLastName: null,
    fullAddress: null,
    departmentId: null,
    cityId: null,
    cellphoneNumber: null,
    phoneNumber: null,
    email: null,
    jobTitle: null,
  };
}
