import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import type { components } from '@licencias/common/schema';
import { searchable } from '@licencias/common/format';
import type { AuthUser } from '../auth/auth-user.js';
import { CustomerService } from '../customer/customer.service.js';
import { InvalidRequestError, NotFoundError } from '../errors/errors.js';
import { LicenceService } from '../licence/licence.service.js';
import type { LicenceView } from '../licence/licence.types.js';
import { ServiceService } from '../service/service.service.js';
import { PackageService } from './package.service.js';
import { SERVICE_NOT_FOUND_MESSAGE } from './store-catalogue.service.js';

type PackageBaseCustomer = components['schemas']['PackageBaseCustomer'];
type PackageBaseCustomerRequest = components['schemas']['PackageBaseCustomerRequest'];

export const DOCUMENT_REQUIRED_MESSAGE = 'Se requieren DocumentType y DocumentNumber';
/** More licences than any company holds in one service. */
const MAX_LICENCES = 500;

const endOf = (l: LicenceView) => l.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;

/**
 * GetPackageBaseCustomer (store §4 "base replacement", §7): the company's base plan in force in a
 * service, read from its licences through LicenceService. Base plans are licences of a base or
 * combo package (or of no package: a manual grant of features); complementary ones add to them.
 */
@Injectable()
export class StoreBaseService {
  constructor(
    private readonly licences: LicenceService,
    private readonly customers: CustomerService,
    private readonly services: ServiceService,
    private readonly packages: PackageService,
  ) {}

  async baseOf(request: PackageBaseCustomerRequest, actor: AuthUser, now = new Date()): Promise<PackageBaseCustomer> {
    const customer = await this.customer(request, actor);
    const serviceId = await this.serviceId(request.ServiceName);
    const page = await this.licences.list({ offset: 0, limit: MAX_LICENCES, filter: { customerId: customer.id, serviceId } }, now);
    const inForce = page.items.filter((l) => l.state !== 'EXPIRED' && (l.expiresAt === null || l.expiresAt > now));
    const types = new Map<number, string>((await this.packages.types()).map((t) => [t.id, t.packageTypeCode]));
    const candidates = await Promise.all(
      inForce.map(async (licence) => {
        const pkg = licence.packageId === null ? null : (await this.packages.view(licence.packageId)).pkg;
        return { licence, pkg, type: pkg ? types.get(pkg.packageTypeId) : 'BAS' };
      }),
    );
    const base = candidates
      .filter((c): c is typeof c & { type: 'BAS' | 'CMB' } => c.type === 'BAS' || c.type === 'CMB')
      .sort((a, b) => endOf(b.licence) - endOf(a.licence) || b.licence.id - a.licence.id)[0];
    if (!base) return { hasBasePackage: false, basePackage: null };
    const { licence, pkg, type } = base;
    return {
      hasBasePackage: true,
      basePackage: {
        licenceId: licence.id,
        packageId: licence.packageId,
        packageCode: licence.packageSnapshot.packageCode,
        packageName: licence.packageSnapshot.packageName,
        packageTypeCode: type,
        isFree: pkg !== null && new Decimal(pkg.packagePrice).isZero(),
        effectiveDate: licence.effectiveAt.toISOString(),
        expirationDate: licence.expiresAt?.toISOString() ?? null,
        isActivated: licence.state === 'ACTIVE',
      },
    };
  }

  /** A customer's own company unless it names one (another is 403); staff name the company. */
  private customer(request: PackageBaseCustomerRequest, actor: AuthUser) {
    const named = request.DocumentType != null || !!request.DocumentNumber?.trim();
    if (!named && actor.customerId && /^\d{1,9}$/.test(actor.customerId)) return this.customers.find({ id: Number(actor.customerId) }, actor);
    if (!request.DocumentType || !request.DocumentNumber?.trim()) {
      throw new InvalidRequestError([{ field: request.DocumentType ? 'body.DocumentNumber' : 'body.DocumentType', description: DOCUMENT_REQUIRED_MESSAGE }]);
    }
    return this.customers.find({ documentTypeId: request.DocumentType, documentNumber: request.DocumentNumber }, actor);
  }

  /** The service by its name or its brand's, ignoring case and accents. */
  private async serviceId(name: string): Promise<number> {
    const wanted = searchable(name.trim());
    const service = (await this.services.all()).find((s) => searchable(s.serviceName) === wanted || (s.appName !== null && searchable(s.appName) === wanted));
    if (!service) throw new NotFoundError(SERVICE_NOT_FOUND_MESSAGE);
    return service.id;
  }
}
