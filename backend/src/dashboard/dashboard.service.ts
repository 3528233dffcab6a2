import { Injectable } from '@nestjs/common';
import { bogotaDay, bogotaToday, daysBetween, endOfBogotaDay, startOfBogotaDay } from '@licencias/common/dates';
import { DASHBOARD_MESSAGES, MOVEMENT_EXPORT_MAX_ROWS, movementDay, movementRangeProblems } from '@licencias/common/rules';
import { AgreementService } from '../agreement/agreement.service.js';
import { type AuthUser, hasAnyPrivilege } from '../auth/auth-user.js';
import { type CustomerCard, CustomerService } from '../customer/customer.service.js';
import { BusinessRuleError, NotFoundError } from '../errors/errors.js';
import { RuleViolations } from '../errors/rule-violations.js';
import { ServiceFeatureService } from '../feature/service-feature.service.js';
import { LicenceService } from '../licence/licence.service.js';
import type { BalanceView, FeatureMovementFilter, LicenceView } from '../licence/licence.types.js';
import { ReferenceService } from '../reference/reference.service.js';
import { ServiceService } from '../service/service.service.js';
import type {
  ConsumptionHistoryDto,
  ConsumptionSeriesDto,
  ContractDetailDto,
  ContractServiceDetailDto,
  DashboardServiceDto,
  MovementCard,
  MovementExport,
  MovementQuery,
  PackageDetailDto,
} from './dashboard.types.js';

const COMPANY_NOT_FOUND_MESSAGE = 'La empresa no existe';
const SERVICE_NOT_FOUND_MESSAGE = 'No se encontró el servicio';
const PACKAGE_NOT_FOUND_MESSAGE = 'La empresa no tiene ese paquete';
const FEATURE_NOT_FOUND_MESSAGE = 'No se encontró la característica';
const CONTRACT_NOT_FOUND_MESSAGE = 'No se encontró el contrato';
/** The package code and name of licences granted with features and no package. */
const NO_PACKAGE_CODE = 'SIN-PAQUETE';
const NO_PACKAGE_NAME = 'Características sin paquete';
/** The longest range the chart shows day by day; past it, month by month. */
const SERIES_DAILY_MAX_DAYS = 62;
/** Staff who may open any company's dashboard (catalogue §2.3, §6; licences §6). */
const STAFF_PRIVILEGES = ['LICENSES', 'REPORTS'] as const;

const collatorEs = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
const packageCodeOf = (l: LicenceView) => l.packageSnapshot.packageCode ?? NO_PACKAGE_CODE;
const packageNameOf = (l: LicenceView) => l.packageSnapshot.packageName ?? l.packageSnapshot.packageCode ?? NO_PACKAGE_NAME;
/** A licence's contract: its contract number, or (order, trial, manual without one) its origin reference. */
const contractOf = (l: LicenceView) => l.contractNumber ?? l.originReference;
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Sums of bags: totals and availability null as soon as one is unlimited; used always the ledger's. */
function accumulate(bags: readonly BalanceView[]): { total: number | null; available: number | null; used: number; unlimited: boolean } {
  const unlimited = bags.some((b) => b.unlimited);
  const sum = (pick: (b: BalanceView) => number | null) => bags.reduce((n, b) => n + (pick(b) ?? 0), 0);
  return {
    total: unlimited ? null : sum((b) => b.total),
    available: unlimited ? null : sum((b) => b.available),
    used: sum((b) => b.used),
    unlimited,
  };
}

/**
 * The customer dashboards (catalogue-and-dashboards §2.4–2.7): what a company holds and used, read
 * from the one ledger of `licence` through LicenceService, the company through CustomerService, the
 * product through ServiceService and agreements through AgreementService. It has no tables of its
 * own, so no repository: each domain it reads owns its queries.
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly customers: CustomerService,
    private readonly licences: LicenceService,
    private readonly services: ServiceService,
    private readonly features: ServiceFeatureService,
    private readonly agreements: AgreementService,
    private readonly reference: ReferenceService,
  ) {}

  /** 'Productos adquiridos': the company's services, each with the packages it was granted. */
  async customerServices(documentType: number, documentNumber: string, actor: AuthUser): Promise<DashboardServiceDto[]> {
    const customer = await this.company(documentType, documentNumber, actor);
    const licences = await this.licences.ofCustomer(customer.id);
    const services = new Map((await this.services.all()).map((s) => [s.id, s]));
    const byService = new Map<number, LicenceView[]>();
    for (const licence of licences) byService.set(licence.serviceId, [...(byService.get(licence.serviceId) ?? []), licence]);
    return [...byService.entries()]
      .flatMap(([serviceId, own]) => {
        const service = services.get(serviceId);
        if (!service) return [];
        const packages = new Map<string, string>();
        for (const l of own) if (!packages.has(packageCodeOf(l))) packages.set(packageCodeOf(l), packageNameOf(l));
        return [
          {
            serviceName: service.serviceName,
            requiresSupervision: service.requiresSupervision,
            name: service.descriptionService?.trim() || service.serviceName,
            contractedServices: [...packages.entries()]
              .map(([packageCode, packageDescription]) => ({ packageCode, packageDescription }))
              .sort((a, b) => collatorEs.compare(a.packageDescription, b.packageDescription)),
          },
        ];
      })
      .sort((a, b) => collatorEs.compare(a.name, b.name));
  }

  /**
   * The balance panel of a package: its principal feature's bags in the company's licences of the
   * package, summed, and one row per contract.
   */
  async packageDetail(
    query: { documentType: number; documentNumber: string; serviceName: string; packageCode: string },
    actor: AuthUser,
  ): Promise<PackageDetailDto> {
    const customer = await this.company(query.documentType, query.documentNumber, actor);
    const service = await this.service(query.serviceName);
    const licences = (await this.licences.ofCustomer(customer.id)).filter((l) => l.serviceId === service.id && sameText(packageCodeOf(l), query.packageCode));
    const featureId = await this.principalFeature(service.id, licences);
    if (featureId === null) throw new NotFoundError(PACKAGE_NOT_FOUND_MESSAGE);
    const bagOf = (l: LicenceView) => l.balances.filter((b) => b.serviceFeatureId === featureId);
    const contracts = new Map<string, LicenceView[]>();
    for (const l of licences) if (bagOf(l).length) contracts.set(contractOf(l), [...(contracts.get(contractOf(l)) ?? []), l]);
    const rows: ContractServiceDetailDto[] = [...contracts.entries()].map(([contractNumber, own]) => {
      const sums = accumulate(own.flatMap(bagOf));
      const ends = own.map((l) => l.expiresAt);
      return {
        contractNumber,
        effectiveDate: bogotaDay(new Date(Math.min(...own.map((l) => l.effectiveAt.getTime())))),
        expirationDate: ends.some((e) => e === null) ? null : bogotaDay(new Date(Math.max(...ends.map((e) => e?.getTime() ?? 0)))),
        totalAmmount: sums.total,
        totalBalance: sums.available,
        totalUsed: sums.used,
        isUnlimited: sums.unlimited,
        serviceFeatureId: featureId,
      };
    });
    rows.sort((a, b) => b.effectiveDate.localeCompare(a.effectiveDate) || collatorEs.compare(a.contractNumber, b.contractNumber));
    const all = accumulate(licences.flatMap(bagOf));
    const code = licences.flatMap(bagOf)[0]?.serviceFeatureCode ?? '';
    return {
      serviceName: service.serviceName,
      packageCode: licences[0] ? packageCodeOf(licences[0]) : query.packageCode,
      quantityAccumulated: all.total,
      balanceAccumulated: all.available,
      usedAccumulated: all.used,
      isUnlimited: all.unlimited,
      serviceFeatureCode: code,
      contractServiceDetail: rows,
    };
  }

  /** 'Movimiento del producto': the card and a page of the feature's movements in the Bogotá days, newest first. */
  async consumptionHistory(query: MovementQuery, offset: number, limit: number, actor: AuthUser): Promise<ConsumptionHistoryDto> {
    const { card, filter } = await this.movementFilter(query, actor);
    const page = await this.licences.featureMovements(filter, offset, limit);
    return {
      ...card,
      totalRecords: page.total,
      consumptionDetailHistory: page.items.map((m) => ({
        serviceFeatureDescription: m.featureName,
        event: KIND_EVENTS[m.kind],
        quantity: m.quantity,
        consumptionDate: m.occurredAt.toISOString(),
      })),
    };
  }

  /**
   * The chart of the same movements: per Bogotá day, or per month past SERIES_DAILY_MAX_DAYS days
   * (or as asked), from the ledger's daily rollup.
   */
  async consumptionSeries(query: MovementQuery, interval: 'day' | 'month' | undefined, actor: AuthUser): Promise<ConsumptionSeriesDto> {
    const { filter, startDay, endDay } = await this.movementFilter(query, actor);
    const chosen = interval ?? (daysBetween(startDay, endDay) + 1 > SERIES_DAILY_MAX_DAYS ? 'month' : 'day');
    const rows = await this.licences.featureUseSeries(filter, chosen);
    return { interval: chosen, points: rows.map((r) => ({ ...r, used: r.consumed - r.reversed })) };
  }

  /**
   * The Excel download of the same movements: everything is checked (dates 422, company, service
   * and feature 404, more than `maxRows` movements 422) before the caller sends the 200.
   */
  async movementExport(query: MovementQuery, actor: AuthUser, maxRows = MOVEMENT_EXPORT_MAX_ROWS, batchSize?: number): Promise<MovementExport> {
    const { card, filter, startDay, endDay } = await this.movementFilter(query, actor);
    if ((await this.licences.countFeatureMovements(filter)) > maxRows) {
      throw new BusinessRuleError(maxRows === MOVEMENT_EXPORT_MAX_ROWS ? DASHBOARD_MESSAGES.tooManyRows : tooManyRows(maxRows));
    }
    return { card, startDay, endDay, batches: this.licences.featureMovementBatches(filter, batchSize) };
  }

  /**
   * 'Detalle del contrato': from the agreement of that number when there is one, else from the
   * licences of that contract number (or origin reference). A customer sees only its own (404).
   */
  async contractDetail(contractNumber: string, serviceFeatureId: number | null, actor: AuthUser): Promise<ContractDetailDto> {
    const number = contractNumber.trim();
    const [agreement] = await this.agreements.byContractNumber(number);
    if (agreement) {
      const full = await this.agreements.get(agreement.id);
      const customer = await this.customers.card({ id: full.customer.customerId });
      if (!customer || !this.mayRead(actor, customer.id)) throw new NotFoundError(CONTRACT_NOT_FOUND_MESSAGE);
      const licences = new Map((await this.licences.ofCustomer(customer.id)).map((l) => [l.id, l]));
      const holds = (licenceId: number) =>
        serviceFeatureId === null || !!licences.get(licenceId)?.balances.some((b) => b.serviceFeatureId === serviceFeatureId);
      return {
        contractNumber: full.contract.contractNumber,
        customer: {
          ...(await this.customerCard(customer)),
          contractStartDate: full.contract.contractStartDate.slice(0, 10),
          contractEndDate: full.contract.contractEndDate.slice(0, 10),
          serviceName: agreement.serviceDescription,
        },
        services: full.contractedServices
          .filter((line) => holds(line.licenseId))
          .map((line) => ({
            packageDescription: line.packageName ?? line.packageCode,
            quantity: line.isUnlimited ? null : line.totalQuantity,
            // Instants: their Bogotá day (a bag ends at 23:59:59.999 Bogotá, already the next day in UTC).
            effectiveDate: bogotaDay(line.effectiveDate),
            expirationDate: bogotaDay(line.expirationDate),
          })),
      };
    }
    const licences = (await this.licences.ofContract(number)).filter((l) => this.mayRead(actor, l.customerId));
    const first = licences[0];
    const customer = first ? await this.customers.card({ id: first.customerId }) : null;
    if (!first || !customer) throw new NotFoundError(CONTRACT_NOT_FOUND_MESSAGE);
    const own = licences.filter((l) => l.customerId === customer.id);
    const shown = own.filter((l) => serviceFeatureId === null || l.balances.some((b) => b.serviceFeatureId === serviceFeatureId));
    const ends = own.map((l) => l.expiresAt);
    const serviceNames = await this.services.namesOf([...new Set(own.map((l) => l.serviceId))]);
    return {
      contractNumber: contractOf(first),
      customer: {
        ...(await this.customerCard(customer)),
        contractStartDate: bogotaDay(new Date(Math.min(...own.map((l) => l.effectiveAt.getTime())))),
        contractEndDate: ends.some((e) => e === null) ? null : bogotaDay(new Date(Math.max(...ends.map((e) => e?.getTime() ?? 0)))),
        serviceName: [...serviceNames.values()].join(', '),
      },
      services: shown.map((l) => {
        const bags = l.balances.filter((b) => serviceFeatureId === null || b.serviceFeatureId === serviceFeatureId);
        return {
          packageDescription: packageNameOf(l),
          quantity: accumulate(bags).total,
          effectiveDate: bogotaDay(l.effectiveAt),
          expirationDate: l.expiresAt ? bogotaDay(l.expiresAt) : null,
        };
      }),
    };
  }

  /** The dates (422 with the filter's messages), then the company, service and feature (404). */
  private async movementFilter(
    query: MovementQuery,
    actor: AuthUser,
  ): Promise<{ card: MovementCard; filter: FeatureMovementFilter; startDay: string; endDay: string }> {
    const problems = movementRangeProblems({ startDate: query.startDate, endDate: query.endDate }, bogotaToday());
    const violations = new RuleViolations();
    if (problems.startDate) violations.add('startDate', problems.startDate);
    if (problems.endDate) violations.add('endDate', problems.endDate);
    violations.throwIfAny();
    const startDay = movementDay(query.startDate) ?? '';
    const endDay = movementDay(query.endDate) ?? '';
    const customer = await this.company(query.documentType, query.documentNumber, actor);
    const service = await this.service(query.serviceName);
    const code = query.serviceFeatureCode.trim();
    const feature = (await this.features.described([service.id])).find((f) => f.serviceFeatureCode === code);
    if (!feature) throw new NotFoundError(FEATURE_NOT_FOUND_MESSAGE);
    const { documentNumber, documentType, email, personType } = await this.customerCard(customer);
    const card: MovementCard = {
      documentNumber,
      documentType,
      email,
      personType,
      customerName: customer.customerName,
      descriptionService: service.descriptionService?.trim() || service.serviceName,
      phoneNumber: customer.cellphoneNumber,
      serviceName: service.serviceName,
    };
    const filter = {
      customerId: customer.id,
      serviceId: service.id,
      featureCode: code,
      from: startOfBogotaDay(startDay),
      to: endOfBogotaDay(endDay),
      featureName: feature.featureDescription,
    };
    return { card, filter, startDay, endDay };
  }

  private async customerCard(customer: CustomerCard) {
    const types = await this.reference.documentTypes();
    return {
      cellphoneNumber: customer.cellphoneNumber,
      documentNumber: customer.documentNumber,
      documentType: types.records.find((t) => t.id === customer.documentTypeId)?.documentTypeCode ?? String(customer.documentTypeId),
      email: customer.email,
      name: customer.customerName,
      personType: customer.personType === 'N' ? ('N' as const) : ('J' as const),
    };
  }

  /**
   * The company of the document. Staff with LICENSES or REPORTS open any; a customer only its own:
   * any other document is the same 404 as a company that does not exist, so existence does not leak.
   */
  private async company(documentType: number, documentNumber: string, actor: AuthUser): Promise<CustomerCard> {
    const customer = await this.customers.card({ documentTypeId: documentType, documentNumber });
    if (!customer || !this.mayRead(actor, customer.id)) throw new NotFoundError(COMPANY_NOT_FOUND_MESSAGE);
    return customer;
  }

  private mayRead(actor: AuthUser, customerId: number): boolean {
    return hasAnyPrivilege(actor, STAFF_PRIVILEGES) || (actor.customerId !== undefined && actor.customerId === String(customerId));
  }

  private async service(name: string) {
    const service = await this.services.findByName(name);
    if (!service) throw new NotFoundError(SERVICE_NOT_FOUND_MESSAGE);
    return service;
  }

  /**
   * The feature a package's panel shows: of the features its bags hold, the first principal one
   * (no parent feature) by id, else the first by id; null when the licences hold no bag.
   */
  private async principalFeature(serviceId: number, licences: readonly LicenceView[]): Promise<number | null> {
    const held = [...new Set(licences.flatMap((l) => l.balances.map((b) => b.serviceFeatureId)))].sort((a, b) => a - b);
    if (!held.length) return null;
    const parents = new Map((await this.features.described([serviceId])).map((f) => [f.id, f.featureRelation]));
    return held.find((id) => parents.get(id) == null) ?? held[0];
  }
}

/** The history's event names (the ledger's kinds in Spanish, as 'Detalle de consumo' names them). */
export const KIND_EVENTS = {
  GRANT: 'Asignación',
  CONSUMPTION: 'Consumo',
  REVERSAL: 'Reverso',
  EXPIRY: 'Vencimiento',
  ADJUSTMENT: 'Ajuste',
} as const;

const tooManyRows = (max: number) => `El rango tiene más de ${max.toLocaleString('es-CO')} movimientos; acorta las fechas para descargarlo en Excel.`;
