import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { DriverException } from '@mikro-orm/core';
import { startOfBogotaDay, TIME_ZONE } from '@licencias/common/dates';
import { Decimal } from 'decimal.js';
import { availabilityLabel, NO_AVAILABILITY_LABEL, percentageUsed, RANGE_MIN_TAKEN_MESSAGE } from '@licencias/common/rules';
import type { AuthUser } from '../auth/auth-user.js';
import { CustomerService } from '../customer/customer.service.js';
import type { Page } from '../database/list-query.js';
import { AppError, BusinessRuleError, InvalidRequestError, NotFoundError } from '../errors/errors.js';
import { REQUIRED_MESSAGE } from '../errors/messages.js';
import { RuleViolations } from '../errors/rule-violations.js';
import { ServiceFeatureService } from '../feature/service-feature.service.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { PackageService } from '../package/package.service.js';
import { ReferenceService } from '../reference/reference.service.js';
import { ServiceService } from '../service/service.service.js';
import { GroupCommit, type Outcome } from './group-commit.js';

export { GroupCommit, type Outcome } from './group-commit.js';
import {
  type BalanceRow,
  type FeatureMovementRow,
  type LedgerEntry,
  type LicenceListQuery,
  LicenceRepository,
  type LicenceTerms,
  type MovementRow,
} from './licence.repository.js';
import {
  checkRanges,
  isActiveAt,
  licenceEnd,
  manualLicenceDates,
  PACKAGE_NOT_OF_SERVICE_MESSAGE,
  stateAt,
  UNLIMITED_PACKAGE_CODE,
  sortBags,
  UNLIMITED_QUANTITY,
} from './licence.rules.js';
import type {
  BagQuery,
  BagView,
  BalanceFigures,
  BalanceQuery,
  BalanceView,
  ConsumeInput,
  ConsumptionDetail,
  ConsumptionDetailRow,
  CustomerLabel,
  CustomerLicencesView,
  ConsumeResult,
  FeatureMovementFilter,
  FeatureMovementView,
  UseSeriesRow,
  FeatureUseQuery,
  GrantInput,
  GrantedLicenceView,
  LicenceOrigin,
  LicenceView,
  MonthFigures,
  MonthUse,
  MovementView,
  PackageSnapshot,
  ReverseResult,
  ServiceLicenceView,
  SnapshotFeature,
  TransactionRangeInput,
  UsageView,
} from './licence.types.js';

/** 'Añadir licencia' (AddNewCustomerLicense): dates as the screen sends them. */
export interface ManualLicenceInput {
  customerId: number;
  serviceId: number;
  packageId: number;
  transactionRanges: TransactionRangeInput[];
  contractNumber?: string | null;
  startDate?: string | null;
  finalDate?: string | null;
}

export const NO_AVAILABILITY_MESSAGE = NO_AVAILABILITY_LABEL;
/** A partner's clock may run a little ahead of ours; beyond that a consumption 'in the future' is a mistake. */
const CLOCK_SKEW_MS = 5 * 60_000;
export const FUTURE_CONSUMPTION_MESSAGE = 'La fecha del consumo (occurredAt) no puede ser futura.';
export const ALREADY_REVERSED_MESSAGE = 'El consumo ya fue reversado.';
export const ONLY_CONSUMPTIONS_MESSAGE = 'Solo se puede reversar un consumo.';
export const MOVEMENT_NOT_FOUND_MESSAGE = 'No se encontró el movimiento';
export const LICENCE_NOT_FOUND_MESSAGE = 'No se encontró la licencia';
/** GetCustomersLicensed found no company (licences-and-agreements §8, licensed customers 404). */
export const NO_LICENCES_MESSAGE = 'No se encontraron licencias';
/** 'Ver bolsas' found nothing (licences-and-agreements §8, licence details 404). */
export const NO_LICENCES_IN_FILTER_MESSAGE = 'No se encontraron licencias para este cliente en el filtro seleccionado';
export const SERVICE_NOT_FOUND_MESSAGE = 'No se encontró el servicio';
export const COMPANY_REQUIRED_MESSAGE = 'se requiere purchaseOrderLicenseId o un filtro Customer';
/** Movements per read of 'Detalle de consumo' (a batch is written before the next is read). */
const EXPORT_BATCH = 2000;
/** More bags than any company holds; the answer's list is capped by the contract. */
const MAX_BAGS = 5000;
export const NO_FEATURES_MESSAGE = 'La licencia debe otorgar al menos una característica del servicio.';
export const FEATURE_NOT_OF_SERVICE_MESSAGE = 'La característica no pertenece al servicio de la licencia.';

/** Who the expiry job records as the author of EXPIRY movements. */
export const EXPIRY_JOB_ACTOR = 'sistema:vencimiento';
/** Key of the expiry job's advisory lock (one instance runs it at a time). */
const EXPIRY_LOCK_KEY = 11_0001;
const EXPIRY_BATCH = 500;
/** Most consumptions one group commit applies together. */
const MAX_CONSUMPTION_BATCH = 64;
/**
 * Groups at once: a second one prepares and sends its statement while the first waits for its
 * commit's flush (on one hot balance it waits for the row; spread out it runs beside it).
 */
export const CONSUMPTION_GROUPS_IN_FLIGHT = 2;

/** A consumption checked and ready: the request and what its movement records. */
interface Consumption {
  input: ConsumeInput;
  entry: { quantity: number; occurredAt: Date; reference: string | null; createdBy: string; now: Date };
}

function figures(row: BalanceRow): BalanceFigures {
  return {
    total: row.unlimited ? null : row.total,
    used: row.used,
    available: row.unlimited ? null : row.total - row.used - row.expired,
    unlimited: row.unlimited,
  };
}

const consumed = (drawn: LedgerEntry, quantity: number): ConsumeResult => ({
  movementId: drawn.movementId,
  licenceId: drawn.balance.licenceId,
  quantity,
  unitPrice: drawn.unitPrice,
  balance: figures(drawn.balance),
});

/**
 * A balance as read. A bag whose licence is past its end (or that the expiry job closed) has
 * nothing left: what was not used shows as expired before the job writes its EXPIRY movement.
 */
function toBalanceView(row: BalanceRow, ended = row.closedAt !== null): BalanceView {
  const expired = ended && !row.unlimited ? row.total - row.used : row.expired;
  const percentage = percentageUsed(row.used + expired, row.total, row.unlimited);
  return {
    ...figures({ ...row, expired }),
    id: row.id,
    licenceId: row.licenceId,
    serviceFeatureId: row.serviceFeatureId,
    serviceFeatureCode: row.serviceFeatureCode,
    expired,
    percentageUsed: percentage,
    availability: availabilityLabel(percentage, row.unlimited),
    lastUsedAt: row.lastUsedAt,
  };
}

/** 'yyyy-MM-01' of a month. */
const firstOfMonth = (year: number, month: number) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;

const collatorEs = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
const endOf = (l: LicenceView) => l.expiresAt?.getTime() ?? Infinity;

/**
 * What a company holds of a service: the base plan is, of its non-complementary licences (all, if
 * it has only complementary ones), the current one ending last, or without a current one the one
 * that ended last; the balance sums what the limited bags of its active licences have left.
 */
function serviceLicence(serviceId: number, serviceName: string, licences: LicenceView[], isBase: (l: LicenceView) => boolean): ServiceLicenceView {
  const bases = licences.some(isBase) ? licences.filter(isBase) : licences;
  const latest = (list: LicenceView[]) => list.reduce((a, b) => (endOf(b) > endOf(a) || (endOf(b) === endOf(a) && b.id > a.id) ? b : a));
  const current = bases.filter((l) => l.state !== 'EXPIRED');
  const active = licences.filter((l) => l.isActive);
  const bags = active.flatMap((l) => l.balances);
  const lastUse = Math.max(0, ...licences.flatMap((l) => l.balances.map((b) => b.lastUsedAt?.getTime() ?? 0)));
  return {
    serviceId,
    serviceName,
    base: latest(current.length ? current : bases),
    lastConsumptionAt: lastUse ? new Date(lastUse) : null,
    balanceTotalPlans: bags.reduce((sum, b) => sum + (b.available ?? 0), 0),
    hasUnlimitedBalance: bags.some((b) => b.unlimited),
    licences,
  };
}

/** A quantity must be a whole number from 1 (the contract says so at the edge; this guards other callers). */
function requireQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) throw new InvalidRequestError([{ field: 'quantity', description: 'debe ser un entero mayor o igual a 1' }]);
}

/** PostgreSQL's exclusion_violation: two ranges of one licence overlap. */
const isRangeOverlap = (error: unknown) => error instanceof DriverException && (error as DriverException & { code?: string }).code === '23P01';

/**
 * The one module API of licences: grant, consume, reverse, read balances, expire. The store,
 * payments, agreements and partners use only this; each call joins the caller's transaction when
 * there is one (a consumption is one statement, the rest run in a nested transaction).
 */
@Injectable()
export class LicenceService {
  constructor(
    private readonly em: EntityManager,
    private readonly licences: LicenceRepository,
    private readonly packages: PackageService,
    private readonly features: ServiceFeatureService,
    private readonly customers: CustomerService,
    private readonly services: ServiceService,
    private readonly reference: ReferenceService,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * A licence added by hand to a company ('Añadir licencia'): the package's features of the
   * service, MANUAL origin, the spec's default dates and, for BIILIMITADO, a contract number.
   */
  async addManual(input: ManualLicenceInput, actor: AuthUser, now = new Date()): Promise<LicenceView> {
    await this.customers.get(input.customerId, actor);
    const pkg = await this.packages.view(input.packageId);
    const violations = new RuleViolations();
    if (!pkg.links.services.some((s) => s.id === input.serviceId)) violations.add('packageId', PACKAGE_NOT_OF_SERVICE_MESSAGE);
    const unlimitedPackage = pkg.pkg.packageCode.toUpperCase() === UNLIMITED_PACKAGE_CODE;
    const contractNumber = input.contractNumber?.trim() || null;
    if (unlimitedPackage && !contractNumber) violations.add('contractNumber', REQUIRED_MESSAGE);
    const validity = unlimitedPackage ? null : { amount: pkg.pkg.validityPeriod, unit: pkg.pkg.validityTypeId };
    const dates = manualLicenceDates(input.startDate, input.finalDate, validity, now, violations);
    checkRanges(input.transactionRanges, violations);
    violations.throwIfAny();
    return this.grant(
      {
        customerId: input.customerId,
        serviceId: input.serviceId,
        packageId: input.packageId,
        origin: 'MANUAL',
        originReference: `manual-${randomUUID()}`,
        contractNumber,
        effectiveAt: dates.start,
        expiresAt: dates.end,
        transactionRanges: input.transactionRanges,
        createdBy: actor.username,
      },
      now,
    );
  }

  /** Replaces the ranges of a licence ('Editar Licencia': only ranges change); the licence row lock orders concurrent edits. */
  async setRanges(licenceId: number, ranges: TransactionRangeInput[]): Promise<LicenceView> {
    const violations = new RuleViolations();
    checkRanges(ranges, violations, 'licenseTransactionRange');
    violations.throwIfAny();
    await this.em.transactional(async () => {
      if (!(await this.licences.lockLicence(licenceId))) throw new NotFoundError(LICENCE_NOT_FOUND_MESSAGE);
      await this.licences.deleteRanges(licenceId);
      await this.withRangeRule(() => this.licences.insertRanges(licenceId, ranges));
    });
    return this.get(licenceId);
  }

  /** A page of licences with their ranges and balances. */
  async list(query: LicenceListQuery, now = new Date()): Promise<Page<LicenceView>> {
    const page = await this.licences.page(query);
    return { items: await this.views(page.items, now), total: page.total };
  }

  /**
   * Grants a licence with its balances (one GRANT movement each). Idempotent by origin
   * reference: a second grant of the same origin answers the licence the first one created.
   */
  async grant(input: GrantInput, now = new Date()): Promise<LicenceView> {
    const ranges = input.transactionRanges ?? [];
    const violations = new RuleViolations();
    checkRanges(ranges, violations);
    violations.throwIfAny();
    const { snapshot, validity } = await this.snapshotOf(input);
    const effectiveAt = input.effectiveAt ?? now;
    const expiresAt = input.expiresAt !== undefined ? input.expiresAt : validity ? licenceEnd(effectiveAt, validity.amount, validity.unit) : null;
    const id = await this.em.transactional(async (em) => {
      const licence = await this.licences.insertLicence({
        customerId: input.customerId,
        serviceId: input.serviceId,
        packageId: input.packageId ?? null,
        packageSnapshot: snapshot,
        origin: input.origin,
        originReference: input.originReference,
        contractNumber: input.contractNumber ?? null,
        effectiveAt,
        expiresAt,
        purchaseDate: input.purchaseDate ?? now,
        state: input.state ?? 'ACTIVE',
        createdBy: input.createdBy,
        now,
      });
      if (!licence.created) return licence.id;
      await this.withRangeRule(() => this.licences.insertRanges(licence.id, ranges));
      await this.licences.grantBalances(licence.id, snapshot.features, effectiveAt, `${input.origin}:${input.originReference}`, input.createdBy, now);
      const facts = await this.licences.grantFacts(licence.id);
      await this.outbox.publish(
        em,
        {
          type: 'licence.granted',
          data: {
            licenceId: licence.id,
            appName: facts.appName,
            serviceId: input.serviceId,
            packageCode: snapshot.packageCode,
            customer: { documentType: facts.documentType, documentNumber: facts.documentNumber },
            origin: input.origin,
            originReference: input.originReference,
            effectiveAt: effectiveAt.toISOString(),
            expiresAt: expiresAt?.toISOString() ?? null,
            features: snapshot.features.map((f) => ({ serviceFeatureCode: f.serviceFeatureCode, quantity: f.quantity, unlimited: f.unlimited })),
          },
        },
        now,
      );
      return licence.id;
    });
    return this.get(id);
  }

  /**
   * Adds `quantity` to each limited bag of a licence through the ledger (ADJUSTMENT), in the
   * caller's transaction when there is one: an agreement's amendment never rewrites a balance.
   */
  async adjust(licenceId: number, quantity: number, reference: string, by: string, now = new Date()): Promise<number> {
    if (!Number.isInteger(quantity) || quantity <= 0) return 0;
    return this.em.transactional(() => this.licences.adjustBalances(licenceId, quantity, reference, by.slice(0, 100), now));
  }

  /** Moves a licence's dates or renames its contract (an agreement's amendment). */
  async setTerms(licenceId: number, terms: LicenceTerms): Promise<void> {
    await this.licences.setTerms(licenceId, terms);
  }

  /**
   * Draws from the customer's active licences holding the feature, earliest expiry first, the
   * whole quantity from one balance. Each attempt is a conditional statement, so concurrent
   * consumptions never overdraw; none can cover it → 422 'Sin disponibilidad', nothing written.
   * Outside a transaction it goes through the group commit (runs at once when nothing is in
   * flight, else with the others that arrived meanwhile, in one statement); inside the caller's
   * transaction it runs alone, in it.
   */
  async consume(input: ConsumeInput, now = new Date()): Promise<ConsumeResult> {
    const item = this.consumption(input, now);
    if (this.em.isInTransaction()) return this.consumeAlone(item);
    return this.group.submit(item);
  }

  /**
   * Many consumptions in the caller's transaction (the partner API's group commit): one outcome
   * each, in order, as if each had run alone in that order. A database error is thrown (the
   * caller's transaction is lost; it retries its members one by one).
   */
  async consumeMany(inputs: readonly ConsumeInput[], now = new Date()): Promise<Outcome<ConsumeResult>[]> {
    const prepared = inputs.map((input): { item: Consumption } | { error: unknown } => {
      try {
        return { item: this.consumption(input, now) };
      } catch (error) {
        return { error };
      }
    });
    const valid = prepared.flatMap((p) => ('item' in p ? [p.item] : []));
    const outcomes = valid.length ? await this.consumeGroup(valid) : [];
    let next = 0;
    return prepared.map((p) => ('item' in p ? outcomes[next++] : { error: p.error }));
  }

  /** The group commit of consumptions outside a transaction (one per instance). */
  private readonly group = new GroupCommit<Consumption, ConsumeResult>(
    (items) => this.consumeGroup(items),
    MAX_CONSUMPTION_BATCH,
    CONSUMPTION_GROUPS_IN_FLIGHT,
  );

  /** Checks a consumption and fixes its entry (occurredAt defaults to now). */
  private consumption(input: ConsumeInput, now: Date): Consumption {
    requireQuantity(input.quantity);
    const entry = { quantity: input.quantity, occurredAt: input.occurredAt ?? now, reference: input.reference ?? null, createdBy: input.createdBy, now };
    if (entry.occurredAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw new BusinessRuleError(FUTURE_CONSUMPTION_MESSAGE);
    return { input, entry };
  }

  /**
   * One statement for the group (a group of one takes the single path); those it could not fit
   * try the other candidates one by one, as a lone consumption does after its first attempt.
   * Without a transaction a database error of the statement sends every member the single way.
   */
  private async consumeGroup(items: readonly Consumption[]): Promise<Outcome<ConsumeResult>[]> {
    const inTransaction = this.em.isInTransaction();
    /** A member's own refusal is its outcome; in a transaction a database error is the whole group's. */
    const alone = async (call: () => Promise<ConsumeResult>): Promise<Outcome<ConsumeResult>> => {
      try {
        return { value: await call() };
      } catch (error) {
        if (inTransaction && !(error instanceof AppError)) throw error;
        return { error };
      }
    };
    if (items.length === 1) return [await alone(() => this.consumeAlone(items[0]))];
    let drawn: Map<number, LedgerEntry> | null;
    try {
      drawn = await this.licences.consumeMany(
        items.map(({ input, entry }) => ({ customerId: input.customerId, featureCode: input.serviceFeatureCode, ...entry })),
      );
    } catch (error) {
      if (inTransaction) throw error;
      drawn = null;
    }
    const outcomes: Outcome<ConsumeResult>[] = [];
    for (const [i, item] of items.entries()) {
      const hit = drawn?.get(i);
      if (hit) outcomes.push({ value: consumed(hit, item.input.quantity) });
      else outcomes.push(await alone(() => (drawn ? this.consumeFromCandidates(item) : this.consumeAlone(item))));
    }
    return outcomes;
  }

  /** The first candidate is chosen inside the statement; only when another consumption took it meanwhile are the candidates tried. */
  private async consumeAlone(item: Consumption): Promise<ConsumeResult> {
    const { input, entry } = item;
    const first = await this.licences.consume({ customerId: input.customerId, featureCode: input.serviceFeatureCode }, entry);
    if (first) return consumed(first, input.quantity);
    return this.consumeFromCandidates(item);
  }

  /** The candidates listed now, tried one by one; none can cover it → 422 'Sin disponibilidad'. */
  private async consumeFromCandidates({ input, entry }: Consumption): Promise<ConsumeResult> {
    const candidates = await this.licences.consumableBalances(input.customerId, input.serviceFeatureCode, input.quantity, entry.occurredAt, entry.now);
    for (const balanceId of candidates) {
      const drawn = await this.licences.consume(balanceId, entry);
      if (drawn) return consumed(drawn, input.quantity);
    }
    throw new BusinessRuleError(NO_AVAILABILITY_MESSAGE);
  }

  /** Gives a consumption back, once: the balance row lock orders concurrent reversals. */
  async reverse(movementId: number, by: string, now = new Date()): Promise<ReverseResult> {
    const entry: LedgerEntry & { reversed: MovementRow } = await this.em.transactional(async () => {
      const movement = await this.licences.lockMovement(movementId);
      if (!movement) throw new NotFoundError(MOVEMENT_NOT_FOUND_MESSAGE);
      if (movement.kind !== 'CONSUMPTION') throw new BusinessRuleError(ONLY_CONSUMPTIONS_MESSAGE);
      if (movement.reversedBy !== null) throw new BusinessRuleError(ALREADY_REVERSED_MESSAGE);
      return { ...(await this.licences.reverse(movement, by, now)), reversed: movement };
    });
    return {
      movementId: entry.movementId,
      reversedMovementId: movementId,
      licenceId: entry.balance.licenceId,
      quantity: entry.reversed.quantity,
      balance: figures(entry.balance),
    };
  }

  /** A customer's balances (of active licences unless asked), earliest expiry first. */
  async balances(query: BalanceQuery, now = new Date()): Promise<BalanceView[]> {
    const rows = await this.licences.balancesOfCustomer(query.customerId, query.serviceFeatureCode, query.includeInactive ?? false, now);
    return rows.map((row) => toBalanceView(row, row.ended || row.closedAt !== null));
  }

  /**
   * Closes every licence whose end has passed: state EXPIRED and an EXPIRY movement per open
   * balance for what was left. One instance at a time (advisory lock); running it again finds
   * nothing to do. Answers the number of licences closed.
   */
  async expire(now = new Date()): Promise<number> {
    let closed = 0;
    for (;;) {
      const batch = await this.em.transactional(async () => {
        if (!(await this.licences.tryJobLock(EXPIRY_LOCK_KEY))) return 0;
        const ids = await this.licences.lockExpiring(now, EXPIRY_BATCH);
        await this.licences.expire(ids, EXPIRY_JOB_ACTOR, now);
        return ids.length;
      });
      closed += batch;
      if (batch < EXPIRY_BATCH) return closed;
    }
  }

  /**
   * The bags of a company ('Ver bolsas'): the company of `licenceId` or of the customer ids, narrowed
   * to the services, sorted as asked; bags of licences past their end too, with nothing left. 404
   * with the screen's text when no licence matches.
   */
  async bags(query: BagQuery, now = new Date()): Promise<BagView[]> {
    let customerIds = [...new Set(query.customerIds ?? [])];
    if (query.licenceId) {
      const [licence] = await this.licences.licences([query.licenceId]);
      if (!licence || (customerIds.length && !customerIds.includes(licence.customerId))) throw new NotFoundError(NO_LICENCES_IN_FILTER_MESSAGE);
      customerIds = [licence.customerId];
    } else if (!customerIds.length) {
      throw new InvalidRequestError([{ field: 'body.filters', description: COMPANY_REQUIRED_MESSAGE }]);
    }
    const rows = await this.licences.bagsOf(customerIds, [...new Set(query.serviceIds ?? [])], MAX_BAGS);
    if (!rows.length) throw new NotFoundError(NO_LICENCES_IN_FILTER_MESSAGE);
    const licences = new Map((await this.licences.licences([...new Set(rows.map((r) => r.licenceId))])).map((l) => [l.id, l]));
    const labels = await this.labels([...licences.values()]);
    const bags = rows.flatMap((row) => {
      const stored = licences.get(row.licenceId);
      if (!stored) return [];
      const licence = { ...stored, state: stateAt(stored, now), isActive: isActiveAt(stored, now) };
      return [
        {
          balance: toBalanceView(row, licence.state === 'EXPIRED' || row.closedAt !== null),
          licence,
          customer: labels.customer(licence.customerId),
          serviceName: labels.serviceName(licence.serviceId),
          featureName: labels.featureName(row.serviceFeatureId, row.serviceFeatureCode),
        },
      ];
    });
    return sortBags(bags, query.sort ?? 'A - Z');
  }

  /**
   * GetCustomersLicensed: a page of the companies holding licences (newest first, searched by
   * name, document or e-mail), each with what it holds of every service. 404 'No se encontraron
   * licencias' when no company matches.
   */
  async customersLicensed(q: string, offset: number, limit: number, actor: AuthUser, now = new Date()): Promise<Page<CustomerLicencesView>> {
    const page = await this.licences.customersWithLicences(q, offset, limit);
    if (!page.total) throw new NotFoundError(NO_LICENCES_MESSAGE);
    const customers = await Promise.all(page.items.map((id) => this.customers.get(id, actor)));
    const licences = await this.views(await this.licences.licenceIdsOf(page.items), now);
    const [labels, complementary] = await Promise.all([this.labels(licences), this.complementaryPackages(licences)]);
    const isBase = (l: LicenceView) => l.packageId === null || !complementary.has(l.packageId);
    const items = customers.map((customer) => {
      const own = licences.filter((l) => l.customerId === customer.id);
      const serviceIds = [...new Set(own.map((l) => l.serviceId))];
      const services = serviceIds
        .map((serviceId) =>
          serviceLicence(
            serviceId,
            labels.serviceName(serviceId),
            own.filter((l) => l.serviceId === serviceId),
            isBase,
          ),
        )
        .sort((a, b) => collatorEs.compare(a.serviceName, b.serviceName));
      const label = labels.customer(customer.id);
      return {
        customer: {
          ...label,
          personType: customer.personType,
          documentTypeId: customer.documentTypeId,
          dv: customer.dv,
          email: customer.email,
          legalRepresentativeName: customer.legalRepresentativeName,
        },
        services,
      };
    });
    return { items, total: page.total };
  }

  /**
   * getLicenseUsage: a page of a company's consumptions and reversals, newest first, in one service
   * (by its name or its brand's) or all, searched by `q`. 404 when the company or the service does
   * not exist.
   */
  async usage(
    query: { documentTypeId: number; documentNumber: string; serviceName?: string | null; q?: string | null; offset: number; limit: number },
    actor: AuthUser,
  ): Promise<Page<UsageView>> {
    const customer = await this.customers.find({ documentTypeId: query.documentTypeId, documentNumber: query.documentNumber }, actor);
    let serviceId: number | null = null;
    if (query.serviceName?.trim()) {
      const service = await this.services.findByName(query.serviceName);
      if (!service) throw new NotFoundError(SERVICE_NOT_FOUND_MESSAGE);
      serviceId = service.id;
    }
    const page = await this.licences.usage(customer.id, serviceId, query.q?.trim() ?? '', query.offset, query.limit);
    const licences = new Map((await this.licences.licences([...new Set(page.items.map((r) => r.licenceId))])).map((l) => [l.id, l]));
    const labels = await this.labels([...licences.values()]);
    const items = page.items.flatMap((row) => {
      const licence = licences.get(row.licenceId);
      if (!licence) return [];
      return [
        {
          id: row.id,
          kind: row.kind,
          occurredAt: row.occurredAt,
          recordedAt: row.recordedAt,
          licence,
          serviceName: labels.serviceName(licence.serviceId),
          serviceFeatureCode: row.serviceFeatureCode,
          featureName: labels.featureName(row.serviceFeatureId, row.serviceFeatureCode),
          quantity: row.quantity,
          unitPrice: row.unitPrice,
          totalPrice: row.unitPrice === null ? null : new Decimal(row.unitPrice).times(row.quantity).toFixed(2),
          reference: row.reference,
          createdBy: row.createdBy,
          reversesId: row.reversesId,
          reversedBy: row.reversedBy,
        },
      ];
    });
    return { items, total: page.total };
  }

  /**
   * 'Detalle de consumo' of 'Ver bolsas': a company's ledger (of one service's licences, when
   * given), oldest first. The company and the service are checked here, before anything is sent
   * (404); the rows come in batches as the caller writes them.
   */
  async consumptionDetail(customerId: number, serviceId: number | null, actor: AuthUser, batchSize = EXPORT_BATCH): Promise<ConsumptionDetail> {
    await this.customers.get(customerId, actor);
    if (serviceId !== null && !(await this.services.namesOf([serviceId])).has(serviceId)) throw new NotFoundError(SERVICE_NOT_FOUND_MESSAGE);
    const customer = (await this.labels([{ customerId, serviceId: serviceId ?? 0 }])).customer(customerId);
    return { customer, batches: this.detailBatches(customerId, serviceId, batchSize) };
  }

  private async *detailBatches(customerId: number, serviceId: number | null, batchSize: number): AsyncGenerator<ConsumptionDetailRow[]> {
    let after: { key: string; id: number } | null = null;
    for (;;) {
      const rows = await this.licences.ledgerOfCustomer(customerId, serviceId, after, batchSize);
      if (!rows.length) return;
      const licences = new Map((await this.licences.licences([...new Set(rows.map((r) => r.licenceId))])).map((l) => [l.id, l]));
      const labels = await this.labels([...licences.values()]);
      yield rows.map((row): ConsumptionDetailRow => {
        const licence = licences.get(row.licenceId);
        const quantity = row.kind === 'REVERSAL' ? -row.quantity : row.quantity;
        const priced = row.kind === 'CONSUMPTION' || row.kind === 'REVERSAL' ? row.unitPrice : null;
        return {
          occurredAt: row.occurredAt,
          recordedAt: row.recordedAt,
          serviceName: licence ? labels.serviceName(licence.serviceId) : '',
          packageName: licence?.packageSnapshot.packageName ?? '',
          licenceId: row.licenceId,
          contractNumber: licence?.contractNumber ?? null,
          serviceFeatureCode: row.serviceFeatureCode,
          featureName: labels.featureName(row.serviceFeatureId, row.serviceFeatureCode),
          kind: row.kind,
          quantity,
          unitPrice: priced === null ? null : new Decimal(priced).toFixed(2),
          amount: priced === null ? null : new Decimal(priced).times(quantity).toFixed(2),
          reference: row.reference,
          createdBy: row.createdBy,
        };
      });
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1];
      after = { key: last.key, id: last.id };
    }
  }

  /** A company's licences with their ranges and bags as of `now`, oldest first (the customer dashboards). */
  async ofCustomer(customerId: number, now = new Date()): Promise<LicenceView[]> {
    return this.views(await this.licences.licenceIdsOf([customerId]), now);
  }

  /** The licences of a contract number (a licence without one is named by its origin reference), any company, oldest first. */
  async ofContract(contractNumber: string, now = new Date()): Promise<LicenceView[]> {
    return this.views(await this.licences.licenceIdsOfContract(contractNumber), now);
  }

  /** A page of one feature's movements in a company's licences of a service, newest first, and their total. */
  async featureMovements(filter: FeatureMovementFilter, offset: number, limit: number): Promise<Page<FeatureMovementView>> {
    const page = await this.licences.featureMovements(filter, offset, limit);
    return { items: await this.featureMovementViews(filter, page.items), total: page.total };
  }

  /** How many movements the filter holds (from the daily rollup: cheap at any size). */
  async countFeatureMovements(filter: FeatureMovementFilter): Promise<number> {
    return this.licences.countFeatureMovements(filter);
  }

  /** The filter's use per Bogotá day or month, oldest first (consumed, given back, movements). */
  featureUseSeries(filter: FeatureMovementFilter, interval: 'day' | 'month'): Promise<UseSeriesRow[]> {
    return this.licences.featureUseSeries(filter, interval);
  }

  /** The same movements in keyset batches, newest first, for a download that does not hold them all. */
  async *featureMovementBatches(filter: FeatureMovementFilter, batchSize = EXPORT_BATCH): AsyncGenerator<FeatureMovementView[]> {
    let before: { key: string; id: number } | null = null;
    for (;;) {
      const rows = await this.licences.featureMovementBatch(filter, before, batchSize);
      if (!rows.length) return;
      yield await this.featureMovementViews(filter, rows);
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1];
      before = { key: last.key, id: last.id };
    }
  }

  private async featureMovementViews(filter: FeatureMovementFilter, rows: readonly FeatureMovementRow[]): Promise<FeatureMovementView[]> {
    if (!rows.length) return [];
    const known = filter.featureName;
    const names =
      known !== undefined
        ? new Map(rows.map((r) => [r.serviceFeatureId, known]))
        : new Map((await this.features.described([filter.serviceId])).map((f) => [f.id, f.featureDescription]));
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      serviceFeatureCode: row.serviceFeatureCode,
      featureName: names.get(row.serviceFeatureId) ?? row.serviceFeatureCode,
      quantity: row.kind === 'REVERSAL' ? -row.quantity : row.quantity,
      occurredAt: row.occurredAt,
    }));
  }

  /** The ids of the licences' packages that are complementary (CMP), read through the package service. */
  private async complementaryPackages(licences: readonly LicenceView[]): Promise<Set<number>> {
    const ids = [...new Set(licences.map((l) => l.packageId).filter((id): id is number => id !== null))];
    if (!ids.length) return new Set();
    const [types, packages] = await Promise.all([this.packages.types(), this.packages.list({ offset: 0, limit: ids.length, filter: { id: ids } })]);
    const complementaryTypes = new Set(types.filter((t) => t.packageTypeCode === 'CMP').map((t) => t.id));
    return new Set(packages.items.filter((p) => complementaryTypes.has(p.packageTypeId)).map((p) => p.id));
  }

  /** Names of the companies, services and features of licences, read through their domains' services. */
  private async labels(licences: readonly { customerId: number; serviceId: number }[]) {
    const customerIds = [...new Set(licences.map((l) => l.customerId))];
    const serviceIds = [...new Set(licences.map((l) => l.serviceId))];
    const [customers, documentTypes, services, features] = await Promise.all([
      this.customers.summaries(customerIds),
      this.reference.documentTypes(),
      this.services.namesOf(serviceIds),
      this.features.described(serviceIds),
    ]);
    const codes = new Map(documentTypes.records.map((d) => [d.id, d.documentTypeCode]));
    const byCustomer = new Map<number, CustomerLabel>(
      customers.map((c) => [c.id, { id: c.id, name: c.name, documentType: codes.get(c.documentTypeId) ?? null, documentNumber: c.documentNumber }]),
    );
    const featureNames = new Map(features.map((f) => [f.id, f.featureDescription]));
    return {
      customer: (id: number): CustomerLabel => byCustomer.get(id) ?? { id, name: '', documentType: null, documentNumber: '' },
      serviceName: (id: number) => services.get(id) ?? '',
      featureName: (id: number, code: string) => featureNames.get(id) ?? code,
    };
  }

  /**
   * The licences granted by these origin references (an order's lines: `OC-{order}/{line}`), with
   * their state as of `now`; one indexed read, no ranges or balances.
   */
  async granted(origin: LicenceOrigin, references: readonly string[], now = new Date()): Promise<GrantedLicenceView[]> {
    const rows = await this.licences.byOrigin(origin, references);
    return rows.map((l) => ({
      id: l.id,
      customerId: l.customerId,
      originReference: l.originReference,
      packageCode: l.packageSnapshot.packageCode,
      packageName: l.packageSnapshot.packageName,
      effectiveAt: l.effectiveAt,
      expiresAt: l.expiresAt,
      state: stateAt(l, now),
      isActive: isActiveAt(l, now),
    }));
  }

  /** One licence with its ranges and balances; 404 when it does not exist. */
  async get(id: number, now = new Date()): Promise<LicenceView> {
    const [view] = await this.views([id], now);
    if (!view) throw new NotFoundError(LICENCE_NOT_FOUND_MESSAGE);
    return view;
  }

  /**
   * Licences in the order of the ids, each with its ranges and balances (three queries for any
   * number), their state as of `now`: past its end a licence is EXPIRED and its bags have nothing
   * left, whether or not the expiry job has closed it yet.
   */
  private async views(ids: readonly number[], now = new Date()): Promise<LicenceView[]> {
    const licences = await this.licences.licences(ids);
    const ranges = await this.licences.ranges(ids);
    const balances = await this.licences.balancesOf(ids);
    const byId = new Map(licences.map((l) => [l.id, l]));
    return ids.flatMap((id) => {
      const licence = byId.get(id);
      if (!licence) return [];
      const state = stateAt(licence, now);
      return [
        {
          ...licence,
          state,
          isActive: isActiveAt(licence, now),
          transactionRanges: ranges.filter((r) => r.licenceId === id).map(({ licenceId: _licenceId, ...range }) => range),
          balances: balances.filter((b) => b.licenceId === id).map((b) => toBalanceView(b, state === 'EXPIRED' || b.closedAt !== null)),
        },
      ];
    });
  }

  /** A page of a licence's movements, newest first, by occurrence date range, feature and reference text. */
  async movements(
    licenceId: number,
    filter: { from?: Date; to?: Date; serviceFeatureCode?: string; q?: string },
    offset: number,
    limit: number,
  ): Promise<{ items: MovementView[]; total: number }> {
    // A filtered list: a licence that does not exist has no movements (an empty page, not a 404).
    const page = await this.licences.movements(
      licenceId,
      { from: filter.from, to: filter.to, featureCode: filter.serviceFeatureCode, q: filter.q },
      offset,
      limit,
    );
    return page;
  }

  /**
   * The months (calendar of Bogotá) in which a customer consumed some features of a service, newest
   * first, with the use of each: read from the ledger (consumptions not reversed).
   */
  async monthlyUse(query: FeatureUseQuery): Promise<MonthUse[]> {
    return this.licences.featureUseByMonth(query, TIME_ZONE);
  }

  /**
   * One month (calendar of Bogotá) of some features of a customer's service, from the ledger: what
   * the licences in force during it were granted, what they had left at its close (now, for the
   * month under way), its use and transactions, and the days with consumptions.
   */
  async monthFigures(query: FeatureUseQuery, year: number, month: number): Promise<MonthFigures> {
    const start = startOfBogotaDay(firstOfMonth(year, month));
    const end = startOfBogotaDay(month === 12 ? firstOfMonth(year + 1, 1) : firstOfMonth(year, month + 1));
    const figures = await this.licences.featureMonth(query, start, end);
    const days = await this.licences.featureUseByDay(query, start, end, TIME_ZONE);
    return {
      year,
      month,
      used: figures.used,
      transactions: figures.transactions,
      total: figures.unlimited ? null : figures.total,
      available: figures.unlimited ? null : figures.available,
      unlimited: figures.unlimited,
      days,
    };
  }

  /** The exclusion constraint decides what concurrent edits slipped past the range check. */
  private async withRangeRule<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isRangeOverlap(error)) throw new BusinessRuleError(RANGE_MIN_TAKEN_MESSAGE, [{ field: 'transactionRanges', description: RANGE_MIN_TAKEN_MESSAGE }]);
      throw error;
    }
  }

  /** The package snapshot and validity a grant records: from the package, or the explicit features. */
  private async snapshotOf(input: GrantInput): Promise<{ snapshot: PackageSnapshot; validity: GrantInput['validity'] | null }> {
    const pkg = input.packageId ? await this.packages.view(input.packageId) : null;
    let features: SnapshotFeature[];
    if (input.features) {
      const ofService = new Map((await this.features.ofServices([input.serviceId])).map((f) => [f.id, f]));
      features = input.features.map((f) => {
        const feature = ofService.get(f.serviceFeatureId);
        if (!feature) throw new BusinessRuleError(FEATURE_NOT_OF_SERVICE_MESSAGE, [{ field: 'features', description: FEATURE_NOT_OF_SERVICE_MESSAGE }]);
        const unlimited = f.quantity === null || f.quantity >= UNLIMITED_QUANTITY || feature.isunlimited;
        if (!unlimited) requireQuantity(f.quantity as number);
        return { serviceFeatureId: feature.id, serviceFeatureCode: feature.serviceFeatureCode, quantity: unlimited ? null : f.quantity, unlimited };
      });
    } else {
      features = (pkg?.links.features ?? [])
        .filter((f) => f.serviceId === input.serviceId)
        .map((f) => {
          const unlimited = f.isunlimited || f.quantity >= UNLIMITED_QUANTITY;
          return { serviceFeatureId: f.serviceFeatureId, serviceFeatureCode: f.serviceFeatureCode, quantity: unlimited ? null : f.quantity, unlimited };
        });
    }
    if (!features.length) throw new BusinessRuleError(NO_FEATURES_MESSAGE, [{ field: 'features', description: NO_FEATURES_MESSAGE }]);
    const validity = input.validity ?? (pkg ? { amount: pkg.pkg.validityPeriod, unit: pkg.pkg.validityTypeId } : null);
    return { snapshot: { packageCode: pkg?.pkg.packageCode ?? null, packageName: pkg?.pkg.packageName ?? null, features }, validity };
  }
}
