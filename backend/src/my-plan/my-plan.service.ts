import { Injectable } from '@nestjs/common';
import type { components } from '@licencias/common/schema';
import { bogotaToday } from '@licencias/common/dates';
import { formatNumber, searchable } from '@licencias/common/format';
import { availabilityLabel, isEmployeeFeature, percentageUsed } from '@licencias/common/rules';
import type { AuthUser } from '../auth/auth-user.js';
import { CustomerService } from '../customer/customer.service.js';
import { BusinessRuleError, NotFoundError } from '../errors/errors.js';
import { ServiceFeatureService } from '../feature/service-feature.service.js';
import { LicenceService } from '../licence/licence.service.js';
import type { FeatureUseQuery, LicenceView } from '../licence/licence.types.js';
import { PackageService } from '../package/package.service.js';
import { ServiceService } from '../service/service.service.js';

type MyPlan = components['schemas']['MyPlan'];
type MyPlanFeature = MyPlan['packagesFeatures'][number];
type MyPlanPackage = MyPlan['packagesActiveInfo'][number];
type MyPlanRequest = components['schemas']['MyPlanRequest'];
type EmployeeMonth = components['schemas']['EmployeeMonth'];
type EmployeeMonthDetail = components['schemas']['EmployeeMonthDetail'];
type EmployeeMonthRequest = components['schemas']['EmployeeMonthRequest'];

export const BASE_PLAN_EXPIRED_MESSAGE = '¡Tu plan base ha vencido!';
export const SERVICE_NOT_FOUND_MESSAGE = 'No se encontró el servicio';
export const UNLIMITED_LABEL = 'Ilimitado';
export const MONTH_NOT_STARTED_MESSAGE = 'El mes consultado aún no ha comenzado.';
/** nameMonth of the employee months (store §3), as a label starts: with a capital. */
export const MONTH_NAMES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];
/** 'Próximo a vencer': the plan ends within this many days (the spec gives no figure; docs/architecture.md). */
export const NEAR_TO_EXPIRE_DAYS = 30;
/** More licences than any company holds in one service; the answer's list is capped by the contract. */
const MAX_LICENCES = 500;
const DAY = 86_400_000;

const isOver = (licence: LicenceView, now: Date) => licence.state === 'EXPIRED' || (licence.expiresAt !== null && licence.expiresAt <= now);

interface FeatureSum {
  total: number;
  used: number;
  added: number;
  unlimited: boolean;
}

/**
 * My Plan (store §2, §3, §4, §7): a customer's plans, features and balances in one service, read
 * through LicenceService. A licence's package type decides whether it is the base plan (BAS, also
 * combos) or a complementary package (CMP).
 */
@Injectable()
export class MyPlanService {
  constructor(
    private readonly licences: LicenceService,
    private readonly customers: CustomerService,
    private readonly services: ServiceService,
    private readonly packages: PackageService,
    private readonly features: ServiceFeatureService,
  ) {}

  async customerPlan(request: MyPlanRequest, actor: AuthUser, now = new Date()): Promise<MyPlan> {
    const customer = await this.customers.find({ documentTypeId: request.DocumentType, documentNumber: request.DocumentNumber }, actor);
    const service = await this.service(request.ServiceName);
    const page = await this.licences.list({ offset: 0, limit: MAX_LICENCES, filter: { customerId: customer.id, serviceId: service.id } });
    const types = await this.packageTypes(page.items);
    const current = page.items.filter((l) => !isOver(l, now));
    const isBase = (l: LicenceView) => types.get(l.packageId ?? 0) !== 'CMP';
    if (!current.some(isBase) && page.items.some(isBase)) throw new BusinessRuleError(BASE_PLAN_EXPIRED_MESSAGE);

    const base = current
      .filter((l) => isBase(l) && l.state === 'ACTIVE')
      .sort((a, b) => (b.expiresAt?.getTime() ?? Infinity) - (a.expiresAt?.getTime() ?? Infinity))[0];
    const packagesActiveInfo: MyPlanPackage[] = current
      .sort((a, b) => a.effectiveAt.getTime() - b.effectiveAt.getTime())
      .map((l) => ({
        licenceId: l.id,
        packageType: isBase(l) ? 'BAS' : 'CMP',
        packageCode: l.packageSnapshot.packageCode,
        packageName: l.packageSnapshot.packageName,
        effectiveDate: l.effectiveAt.toISOString(),
        expirationDate: l.expiresAt?.toISOString() ?? null,
        isNearToExpire: l.expiresAt !== null && l.expiresAt.getTime() - now.getTime() <= NEAR_TO_EXPIRE_DAYS * DAY,
        isActivated: l.state === 'ACTIVE',
      }));
    return {
      serviceId: service.id,
      serviceName: service.serviceName,
      serviceNameDescription: service.descriptionService,
      packageName: base?.packageSnapshot.packageName ?? null,
      expirationDate: base?.expiresAt?.toISOString() ?? null,
      packagesFeatures: await this.featureCards(
        service.id,
        current.filter((l) => l.state === 'ACTIVE'),
        isBase,
      ),
      packagesActiveInfo,
    };
  }

  /**
   * The months (Bogotá) in which the company consumed the service's employee features, newest
   * first (GetDetailLicenseEmployeeMyPlan).
   */
  async employeeMonths(request: MyPlanRequest, actor: AuthUser): Promise<EmployeeMonth[]> {
    const months = await this.licences.monthlyUse(await this.employeeScope(request, actor));
    return months.map((m) => ({ nameMonth: MONTH_NAMES[m.month - 1], year: m.year, month: m.month, quantityUse: m.used, transactions: m.transactions }));
  }

  /** One month of the service's employee features (SetDetailLicenseEmployeeMyPlan); 422 for a month not yet begun. */
  async employeeMonth(request: EmployeeMonthRequest, actor: AuthUser, now = new Date()): Promise<EmployeeMonthDetail> {
    const scope = await this.employeeScope(request, actor);
    const asked = `${String(request.Year).padStart(4, '0')}-${String(request.Month).padStart(2, '0')}`;
    if (asked > bogotaToday(now).slice(0, 7)) throw new BusinessRuleError(MONTH_NOT_STARTED_MESSAGE);
    const figures = await this.licences.monthFigures(scope, request.Year, request.Month);
    return {
      nameMonth: MONTH_NAMES[request.Month - 1],
      year: request.Year,
      month: request.Month,
      quantityTx: figures.total,
      quantityBalance: figures.available,
      quantityUse: figures.used,
      transactions: figures.transactions,
      unlimited: figures.unlimited,
      days: figures.days.map((d) => ({ day: d.day, quantityUse: d.used, transactions: d.transactions })),
    };
  }

  /** The company (its own for a customer), the service and its employee features (codes ending in _EMPLEADO). */
  private async employeeScope(request: MyPlanRequest, actor: AuthUser): Promise<FeatureUseQuery> {
    const customer = await this.customers.find({ documentTypeId: request.DocumentType, documentNumber: request.DocumentNumber }, actor);
    const service = await this.service(request.ServiceName);
    const features = await this.features.described([service.id]);
    return {
      customerId: customer.id,
      serviceId: service.id,
      serviceFeatureCodes: features.filter((f) => isEmployeeFeature(f.serviceFeatureCode)).map((f) => f.serviceFeatureCode),
    };
  }

  /** The service by its name or its brand's, ignoring case and accents ('colnomina' finds 'Colnómina'); 404 otherwise. */
  private async service(name: string) {
    const wanted = searchable(name.trim());
    const service = (await this.services.all()).find((s) => searchable(s.serviceName) === wanted || (s.appName !== null && searchable(s.appName) === wanted));
    if (!service) throw new NotFoundError(SERVICE_NOT_FOUND_MESSAGE);
    return service;
  }

  /** Package type code of each licence's package. */
  private async packageTypes(licences: readonly LicenceView[]): Promise<Map<number, string>> {
    const typeCodes = new Map<number, string>((await this.packages.types()).map((t) => [t.id, t.packageTypeCode]));
    const ids = [...new Set(licences.map((l) => l.packageId).filter((id): id is number => id !== null))];
    const views = await Promise.all(ids.map((id) => this.packages.view(id)));
    return new Map(views.map((v) => [v.pkg.id, typeCodes.get(v.pkg.packageTypeId) ?? 'BAS']));
  }

  /** Each feature summed over the active licences: plan quantity, use, and what complementary packages added. */
  private async featureCards(serviceId: number, active: readonly LicenceView[], isBase: (l: LicenceView) => boolean): Promise<MyPlanFeature[]> {
    const sums = new Map<string, FeatureSum>();
    for (const licence of active) {
      for (const balance of licence.balances) {
        const sum = sums.get(balance.serviceFeatureCode) ?? { total: 0, used: 0, added: 0, unlimited: false };
        sum.unlimited ||= balance.unlimited;
        sum.total += balance.total ?? 0;
        sum.used += balance.used + balance.expired;
        if (!isBase(licence)) sum.added += balance.total ?? 0;
        sums.set(balance.serviceFeatureCode, sum);
      }
    }
    const described = new Map((await this.features.described([serviceId])).map((f) => [f.serviceFeatureCode, f]));
    return [...sums.entries()].map(([code, sum]) => {
      const feature = described.get(code);
      const percentage = percentageUsed(sum.used, sum.total, sum.unlimited);
      const available = sum.unlimited ? null : Math.max(0, sum.total - sum.used);
      return {
        featureCode: code,
        featureAlias: feature?.featureDescription ?? code,
        logoType: feature?.urlImageFeature ?? null,
        quantityTxLabel: sum.unlimited ? UNLIMITED_LABEL : formatNumber(sum.total),
        amountBalanceTxLabel: available === null ? UNLIMITED_LABEL : formatNumber(available),
        quantityAddLabel: formatNumber(sum.added),
        total: sum.unlimited ? null : sum.total,
        used: sum.used,
        available,
        added: sum.added,
        unlimited: sum.unlimited,
        percentageUsed: percentage,
        availability: availabilityLabel(percentage, sum.unlimited),
      };
    });
  }
}
