import { Controller } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PreparedCaller } from '../cache/prepared-caller.js';
import { PreparedRead, type PreparedParams } from '../cache/prepared-read.js';
import { type AnswerSpec, ReadCache } from '../cache/read-cache.js';
import { envelope } from '../contract/envelope.js';
import { AGREEMENT_CHANNEL, customerOf, STORE_CHANNEL, STORE_TOPIC, type StoreSnapshot, StoreCatalogueService } from './store-catalogue.service.js';
import { StorePriceTierService } from './store-price-tier.service.js';

/** How long browsers and shared caches may keep a public store answer: a minute, less when an offer changes sooner. */
const STORE_MAX_AGE_S = 60;

/**
 * The public answer of a store read: prepared once, kept until a write or until an offer changes
 * by itself (`validUntil`), cached by clients at most a minute and never past that instant. It
 * varies by Authorization (a signed-in customer may get its own answer) and by the headers the
 * read takes (`vary`).
 */
export function publicStoreSpec(operationId: string, validUntil: number | undefined, vary = 'Authorization'): AnswerSpec {
  return {
    operationId,
    cacheControl: (msLeft) => `public, max-age=${msLeft === undefined ? STORE_MAX_AGE_S : Math.max(0, Math.min(STORE_MAX_AGE_S, Math.floor(msLeft / 1000)))}`,
    headers: () => ({ vary }),
    expiresAt: () => validUntil,
  };
}

/** A customer's own answer (with its private packages): for it alone, never kept by any cache. */
export function privateStoreSpec(operationId: string, vary = 'Authorization'): AnswerSpec {
  return { operationId, cacheControl: 'private, no-store', headers: () => ({ vary }) };
}

/** GetPackagesByServiceName answers by its isContract header too. */
const BY_SERVICE_VARY = 'isContract, Authorization';
/** GetPriceByLicenseType answers by its pType header. */
const TIERS_VARY = 'pType, Authorization';

/**
 * The store's public reads on the light path of @PreparedRead (docs/architecture.md, Performance):
 * the public answer is served from prepared bytes with ETag and 304; a signed-in customer offered
 * private packages of the service gets an answer of its own.
 */
@Controller()
export class StoreController {
  constructor(
    private readonly store: StoreCatalogueService,
    private readonly cache: ReadCache,
    private readonly caller: PreparedCaller,
    private readonly tiers: StorePriceTierService,
  ) {}

  @PreparedRead('getPackagesByServiceName')
  async packagesByService({ path, headers }: PreparedParams<'getPackagesByServiceName'>, request: FastifyRequest, reply: FastifyReply) {
    const operationId = 'getPackagesByServiceName';
    const serviceId = await this.store.serviceId(path.serviceName);
    const channel = headers.isContract ? AGREEMENT_CHANNEL : STORE_CHANNEL;
    const snapshot = await this.store.snapshot(serviceId, channel);
    const own = await this.own(request, snapshot);
    if (own) return this.cache.serveOnce(request, reply, privateStoreSpec(operationId, BY_SERVICE_VARY), envelope({ records: own }));
    return this.cache.serve(request, reply, STORE_TOPIC, `${serviceId}:${channel}`, publicStoreSpec(operationId, snapshot.validUntil, BY_SERVICE_VARY), () =>
      Promise.resolve(envelope({ records: snapshot.open })),
    );
  }

  @PreparedRead('getPackagesByServiceNameAndFeatureCode')
  async packagesByFeature({ path }: PreparedParams<'getPackagesByServiceNameAndFeatureCode'>, request: FastifyRequest, reply: FastifyReply) {
    const operationId = 'getPackagesByServiceNameAndFeatureCode';
    const serviceId = await this.store.serviceId(path.service);
    const snapshot = await this.store.snapshot(serviceId, STORE_CHANNEL);
    const feature = path.feature.trim().toLowerCase();
    const own = await this.own(request, snapshot, feature);
    if (own) return this.cache.serveOnce(request, reply, privateStoreSpec(operationId), envelope({ records: own }));
    const spec = publicStoreSpec(operationId, snapshot.validUntil);
    const answer = () => Promise.resolve(envelope({ records: this.store.withFeature(snapshot, feature) }));
    // Only features some package carries are kept (bounded keys); any other is an empty list.
    if (!snapshot.featureCodes.has(feature)) return this.cache.serveOnce(request, reply, spec, await answer());
    return this.cache.serve(request, reply, STORE_TOPIC, `${serviceId}:${STORE_CHANNEL}:${feature}`, spec, answer);
  }

  @PreparedRead('getPriceByLicenseType')
  async priceByLicenseType({ headers }: PreparedParams<'getPriceByLicenseType'>, request: FastifyRequest, reply: FastifyReply) {
    const operationId = 'getPriceByLicenseType';
    const index = await this.tiers.index();
    const code = headers.pType.trim().toLowerCase();
    const open = index.byCode.get(code)?.public_visibility === true;
    if (!open) {
      // A private package (or none): only a customer it is offered to gets its tiers, for it alone.
      const customerId = request.headers.authorization ? customerOf(await this.caller.of(request)) : null;
      const row = this.tiers.find(index, code, customerId);
      return this.cache.serveOnce(request, reply, privateStoreSpec(operationId, TIERS_VARY), envelope({ records: this.tiers.licensePrices(row) }));
    }
    const row = this.tiers.find(index, code, null);
    return this.cache.serve(request, reply, STORE_TOPIC, `tiers:${code}`, publicStoreSpec(operationId, index.validUntil, TIERS_VARY), () =>
      Promise.resolve(envelope({ records: this.tiers.licensePrices(row) })),
    );
  }

  /** The caller's own list when it is a customer offered private packages here (asked only when a token came along). */
  private async own(request: FastifyRequest, snapshot: StoreSnapshot, feature?: string) {
    if (!request.headers.authorization || !snapshot.entries.some((e) => e.customerIds !== null)) return null;
    return this.store.forCustomer(snapshot, customerOf(await this.caller.of(request)), feature);
  }
}
