import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { components } from '@licencias/common/schema';
import { type AuthUser, hasAnyPrivilege } from '../auth/auth-user.js';
import type { Page } from '../database/list-query.js';
import { CustomerService, type CustomerSummary } from '../customer/customer.service.js';
import { stateMessages } from '../contract/compat-state.js';
import { CatalogueWriter } from '../database/catalogue-writer.js';
import { applyChanges, requireVersion, stampModified } from '../database/persistence.js';
import { BusinessRuleError, ConflictError, invalidField, NotFoundError } from '../errors/errors.js';
import { RuleViolations } from '../errors/rule-violations.js';
import { MONEY_DECIMALS_MESSAGE, moneyColumn, parseMoney } from '@licencias/common/money';
import { readOfferImage } from './offer-image.js';
import { offerOf, toChannelDtos, toCompatFeatureItem, toCompatPackage, toPackageDto, toPackageOption, toPackageTypeDto } from './package.mapper.js';
import { nextOfferChange, PACKAGE_PRICING, type PackagePricing } from './package-pricing.js';
import { type LinkKind, PackageRepository, type PackageListQuery, type PackageView } from './package.repository.js';
import { REQUIRED_MESSAGE, resolveCustomers, resolveOffer, resolveSummary } from './package.rules.js';

type PackageDto = components['schemas']['Package'];
type CompatPackage = components['schemas']['CompatPackage'];
type PackageTypeDto = components['schemas']['PackageType'];
type PackageOption = components['schemas']['PackageOption'];
type Relevance = components['schemas']['Relevance'];
export type PackageInput = components['schemas']['PackageFields'];
export type PackageCreateInput = components['schemas']['PackageCreate'];
export type PackageUpdateInput = PackageInput & { packageCode?: string; version?: number };

export const PACKAGE_SAVED_MESSAGE = 'El paquete se ha guardado exitosamente';
export const PACKAGE_EDITED_MESSAGE = 'El paquete se ha editado exitosamente';
export const PACKAGE_STATE_MESSAGES = stateMessages('Se ha activado el paquete exitosamente', 'Se ha inactivado el paquete exitosamente');
export const packageNotSavedMessage = (code: string) => `El paquete ${code} no fue guardado`;
export const packageNotEditedMessage = (code: string) => `El paquete ${code} no fue editado`;
export const CODE_LOCKED_MESSAGE = 'El código del paquete no se puede modificar';
const NOT_FOUND_MESSAGE = 'El paquete no existe';
const NO_OFFER_IMAGE_MESSAGE = 'El paquete no tiene imagen de oferta';
/** Held by every staff role (docs/architecture.md, Access). */
const STAFF_PRIVILEGE = 'BACKOFFICE';

/** Compatibility lists without paging return every row, as the old screens page on the client. */
export const ALL_ROWS = 100_000;

const LINK_KINDS: LinkKind[] = ['services', 'channels', 'customers'];
const LINK_FIELDS: Record<LinkKind, { field: string; missing: string }> = {
  services: { field: 'serviceIds', missing: 'No existen los productos o servicios' },
  channels: { field: 'channelIds', missing: 'No existen los canales' },
  customers: { field: 'customerIds', missing: 'No existen las empresas' },
};

function difference(current: readonly number[], wanted: readonly number[]) {
  return { add: wanted.filter((id) => !current.includes(id)), remove: current.filter((id) => !wanted.includes(id)) };
}

const duplicateMessage = (code: string) => `Ya existe un paquete con el código ${code}.`;

function duplicate(code: string): ConflictError {
  return new ConflictError(duplicateMessage(code), [{ field: 'packageCode', description: duplicateMessage(code) }]);
}

/** Packages: the rules of the package dialog, state toggle and popovers, for both API surfaces. */
/** A page of packages and the instant its prices change by themselves (an offer starts or ends), if any. */
export interface PriceTimedPage<T> extends Page<T> {
  pricesChangeAt: number | undefined;
}

const pricesChangeAt = (views: readonly PackageView[], now: Date) =>
  nextOfferChange(
    views.map((v) => v.pkg),
    now,
  );

@Injectable()
export class PackageService {
  private typesCache?: Promise<Map<number, PackageTypeDto>>;

  constructor(
    private readonly em: EntityManager,
    private readonly packages: PackageRepository,
    private readonly customers: CustomerService,
    @Inject(PACKAGE_PRICING) private readonly pricing: PackagePricing,
  ) {}

  private readonly writer = new CatalogueWriter(this.em, this.packages, {
    notFound: NOT_FOUND_MESSAGE,
    duplicate: { field: 'packageCode', message: (pkg) => duplicateMessage(pkg.packageCode) },
  });

  async list(query: PackageListQuery): Promise<PriceTimedPage<PackageDto>> {
    const page = await this.pageOfViews(query);
    const now = new Date();
    return { items: page.items.map((v) => toPackageDto(v, this.pricing, now)), total: page.total, pricesChangeAt: pricesChangeAt(page.items, now) };
  }

  async get(id: number): Promise<PackageDto> {
    return toPackageDto(await this.view(id), this.pricing, new Date());
  }

  /** Packages as the old screens read them, in the store's order. */
  async compatList(query: PackageListQuery): Promise<PriceTimedPage<CompatPackage>> {
    const page = await this.pageOfViews(query, true);
    return { items: await this.toCompat(page.items), total: page.total, pricesChangeAt: pricesChangeAt(page.items, new Date()) };
  }

  async compatGet(id: number): Promise<CompatPackage> {
    const [compat] = await this.toCompat([await this.view(id)]);
    return compat as CompatPackage;
  }

  async create(input: PackageCreateInput, actor: AuthUser, now = new Date()): Promise<number> {
    const packageCode = input.packageCode.trim();
    return this.em.transactional(async () => {
      const draft = await this.draft(input, now);
      if (await this.packages.codeTaken(packageCode)) throw duplicate(packageCode);
      const pkg = await this.writer.create({ packageCode, ...draft.fields, idstate: input.idstate }, actor.userId, now);
      for (const kind of LINK_KINDS) await this.packages.updateLinks(kind, pkg.id, draft.links[kind], []);
      if (draft.image) await this.packages.saveImage(pkg.id, draft.image, now);
      return pkg.id;
    });
  }

  /**
   * Saves the edits of a package: a stale `version` is a 409, and nothing is written when nothing
   * changed. The versioned UPDATE of the package row goes first, so of two edits of one version
   * the second fails there (409) before touching the links.
   */
  async update(id: number, input: PackageUpdateInput, actor: AuthUser, now = new Date()): Promise<number> {
    await this.em.transactional(async () => {
      const current = await this.view(id);
      const { pkg } = current;
      requireVersion(pkg, input.version);
      if (input.packageCode !== undefined && input.packageCode.trim().toLowerCase() !== pkg.packageCode.toLowerCase()) {
        throw new BusinessRuleError(CODE_LOCKED_MESSAGE, [{ field: 'packageCode', description: CODE_LOCKED_MESSAGE }]);
      }
      const draft = await this.draft(input, now, current);
      const links = {
        services: difference(
          current.links.services.map((s) => s.id),
          draft.links.services,
        ),
        channels: difference(
          current.links.channels.map((c) => c.id),
          draft.links.channels,
        ),
        customers: difference(current.links.customerIds, draft.links.customers),
      };
      const linksChanged = LINK_KINDS.some((kind) => links[kind].add.length + links[kind].remove.length > 0);
      const image = draft.image && draft.image.sha256 !== current.links.image?.sha256 ? draft.image : undefined;
      const fieldsChanged = applyChanges(pkg, { ...draft.fields, idstate: input.idstate });
      if (!fieldsChanged && !linksChanged && !image) return;
      stampModified(pkg, actor.userId, now);
      await this.em.flush();
      for (const kind of LINK_KINDS) await this.packages.updateLinks(kind, id, links[kind].add, links[kind].remove);
      if (image) await this.packages.saveImage(id, image, now);
    });
    return id;
  }

  async exists(id: number): Promise<boolean> {
    return (await this.packages.findById(id)) !== null;
  }

  async setState(id: number, idstate: 0 | 1, actor: AuthUser, version?: number, now = new Date()): Promise<void> {
    await this.writer.setState(id, idstate, actor.userId, version, now);
  }

  /** The order proposed for a new package: how many of that type and relevance there are, plus one. */
  async nextOrder(packageTypeId: number, relevance: Relevance): Promise<{ count: number; nextOrder: number }> {
    const count = await this.packages.countOf(packageTypeId, relevance);
    return { count, nextOrder: count + 1 };
  }

  async types(): Promise<PackageTypeDto[]> {
    return [...(await this.typeMap()).values()];
  }

  async channels() {
    return toChannelDtos(await this.packages.channels());
  }

  /** Package names for pickers, by name unless sorted. */
  async options(query: PackageListQuery): Promise<Page<PackageOption>> {
    const page = await this.packages.list({ ...query, sort: query.sort ?? { field: 'packageName', order: 'ASC' } });
    return { items: page.items.map((v) => toPackageOption(v.pkg)), total: page.total };
  }

  async linkedCustomers(id: number): Promise<{ customerId: number; customer: CustomerSummary }[]> {
    const customers = await this.customers.summaries((await this.view(id)).links.customerIds);
    return customers.map((customer) => ({ customerId: customer.id, customer }));
  }

  async linkedChannels(id: number) {
    return (await this.view(id)).links.channels.map((c) => ({ id: c.id, channelId: c.id, channelType: c.channelType }));
  }

  async linkedFeatures(id: number) {
    return (await this.view(id)).links.features.map(toCompatFeatureItem);
  }

  /**
   * The offer image of an active public package goes to anyone; of a private or inactive one,
   * only to staff (BACKOFFICE) and to the customers the package is offered to. Anyone else gets
   * the 404 of a package without image, so the answer does not tell that the package exists.
   * `open` says whether the image is public (and may be cached by anyone).
   */
  async offerImage(
    id: number,
    caller: AuthUser | undefined,
  ): Promise<{ fileName: string; contentType: string; content: Buffer; sha256: string; open: boolean }> {
    const customerId = caller?.customerId && /^\d{1,9}$/.test(caller.customerId) ? Number(caller.customerId) : null;
    const image = await this.packages.imageWithAccess(id, customerId);
    const allowed = image && (image.open || image.linked || (caller !== undefined && hasAnyPrivilege(caller, [STAFF_PRIVILEGE])));
    if (!image || !allowed) throw new NotFoundError(NO_OFFER_IMAGE_MESSAGE);
    return { fileName: image.fileName, contentType: image.contentType, content: image.content, sha256: image.sha256, open: image.open };
  }

  /** Fails with 404 when the package does not exist. */
  async view(id: number): Promise<PackageView> {
    const view = await this.packages.view(id);
    if (!view) throw new NotFoundError(NOT_FOUND_MESSAGE);
    return view;
  }

  pageOfViews(query: PackageListQuery, catalogueOrder = false): Promise<Page<PackageView>> {
    return this.packages.list(query, catalogueOrder);
  }

  /**
   * What a save would store, once every rule of the dialog holds (one 422 lists all that fail).
   * `current` is the package being edited.
   */
  private async draft(input: PackageInput, now: Date, current?: PackageView) {
    const violations = new RuleViolations();
    const price = parseMoney(input.packagePrice) ?? invalidField('packagePrice', MONEY_DECIMALS_MESSAGE);
    const taxIva = parseMoney(input.taxIva) ?? invalidField('taxIva', MONEY_DECIMALS_MESSAGE);
    const packageName = input.packageName.trim();
    const packageDescription = input.packageDescription.trim();
    if (!packageName) violations.add('packageName', REQUIRED_MESSAGE);
    if (!packageDescription) violations.add('packageDescription', REQUIRED_MESSAGE);
    const offer = resolveOffer(input, price, now, violations, current && offerOf(current.pkg));
    const summaryHtml = await resolveSummary(input.summaryHtml, violations);
    const links: Record<LinkKind, number[]> = {
      services: [...new Set(input.serviceIds)],
      channels: [...new Set(input.channelIds)],
      customers: [...new Set(resolveCustomers(input.publicVisibility, input.customerIds, violations))],
    };
    for (const kind of LINK_KINDS) {
      const missing = await this.packages.missing(kind, links[kind]);
      if (missing.length) violations.add(LINK_FIELDS[kind].field, `${LINK_FIELDS[kind].missing}: ${missing.join(', ')}`);
    }
    const image = input.image ? readOfferImage(input.image, violations) : undefined;
    if (!current && !input.image) violations.add('image', REQUIRED_MESSAGE);
    violations.throwIfAny();

    const sameGroup = current && current.pkg.packageTypeId === input.packageTypeId && current.pkg.relevance === input.relevance;
    const displayOrder = input.order ?? (sameGroup ? current.pkg.displayOrder : (await this.nextOrder(input.packageTypeId, input.relevance)).nextOrder);
    return {
      fields: {
        packageName,
        packageDescription,
        packageTypeId: input.packageTypeId,
        packagePrice: moneyColumn(price),
        taxIva: moneyColumn(taxIva),
        unitPrice: moneyColumn(this.pricing.unitPrice(price, taxIva)),
        validityPeriod: input.validityPeriod,
        validityTypeId: input.validityTypeId,
        relevance: input.relevance,
        displayOrder,
        publicVisibility: input.publicVisibility,
        summaryHtml,
        applyOffer: offer.applyOffer,
        offerTypeCode: offer.offerTypeCode,
        totalOffer: moneyColumn(offer.totalOffer),
        offerStartTime: offer.offerStartTime,
        offerExpirationTime: offer.offerExpirationTime,
      },
      links,
      image,
    };
  }

  private async toCompat(views: PackageView[]): Promise<CompatPackage[]> {
    const now = new Date();
    const customerIds = [...new Set(views.flatMap((v) => v.links.customerIds))];
    const [types, customers] = await Promise.all([this.typeMap(), this.customers.summaries(customerIds)]);
    const byId = new Map(customers.map((c) => [c.id, c]));
    return views.map((v) => {
      const type = types.get(v.pkg.packageTypeId) as PackageTypeDto;
      return toCompatPackage(toPackageDto(v, this.pricing, now), v.links, type, byId);
    });
  }

  /** Package types are fixed lookups (created by the migration): read once per process. */
  private typeMap(): Promise<Map<number, PackageTypeDto>> {
    this.typesCache ??= this.packages.types().then(
      (types) => new Map(types.map((t) => [t.id, toPackageTypeDto(t)])),
      (error: unknown) => {
        this.typesCache = undefined;
        throw error;
      },
    );
    return this.typesCache;
  }
}
