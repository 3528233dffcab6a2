import { Controller, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PreparedRead, type PreparedParams } from '../cache/prepared-read.js';
import { type AnswerSpec, ReadCache } from '../cache/read-cache.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import type { OpPath, OpQuery } from '../contract/types.js';
import { FILE_CSP } from '../web/file-headers.js';
import { ReferenceService } from './reference.service.js';

const SVG_CACHE = 'public, max-age=3600';
/** Fixed lists that change with a release (DANE codes, document types): clients keep them a while. */
const STABLE = 'public, max-age=3600';
/** What operators tune (brands, parameters): clients revalidate each time and get a 304. */
const TUNED = 'public, no-cache';

const spec = (operationId: string, cacheControl: string, headers?: AnswerSpec['headers']): AnswerSpec => ({ operationId, cacheControl, headers });
const SPECS = {
  appParameters: spec('getAppParameters', TUNED),
  statesAndCities: spec('getStatesAndCities', 'public, max-age=86400'),
  documentTypes: spec('getAllDocumentTypes', STABLE),
  parameterByType: spec('getParameterByType', TUNED),
  rejectTypes: spec('getAllRejectTypes', STABLE),
  blacklist: spec('getEmailsInBlackList', STABLE),
  brands: spec('listBrands', TUNED, (brands: unknown[]) => ({
    'content-range': `brands ${brands.length ? `0-${brands.length - 1}` : '*'}/${brands.length}`,
    'x-total-count': String(brands.length),
  })),
  brand: spec('getBrand', TUNED),
  currentBrand: spec('getCurrentBrand', TUNED, (brand: { appName: string; tenant: string }) => ({
    appName: brand.appName,
    tenant: brand.tenant,
    vary: 'Host',
  })),
};

/**
 * Reference reads are served from answers prepared once (ReadCache), with ETag and 304, on the
 * light path of @PreparedRead (no NestJS pipeline: see docs/architecture.md); the brand's images
 * go through NestJS.
 */
@Controller()
export class ReferenceController {
  constructor(
    private readonly reference: ReferenceService,
    private readonly cache: ReadCache,
  ) {}

  @PreparedRead('getAppParameters')
  async appParameters({ headers }: PreparedParams<'getAppParameters'>, request: FastifyRequest, reply: FastifyReply) {
    const { appName, countryCode, parameterType } = headers;
    const brand = appName.toLowerCase();
    // The whole list of a brand is prepared; a filtered one (rare) is built from it each time.
    const all = () => this.reference.appParameters({ appName: brand });
    if (!countryCode && !parameterType) return this.cache.serve(request, reply, 'parameters', brand, SPECS.appParameters, async () => envelope(await all()));
    const { records } = await this.cache.value('parameters', `records:${brand}`, all);
    const filtered = records.filter(
      (r) => (!countryCode || r.countryCode === countryCode.toUpperCase()) && (!parameterType || r.parameterType === parameterType),
    );
    this.cache.serveOnce(request, reply, SPECS.appParameters, envelope({ records: filtered }));
  }

  @PreparedRead('getStatesAndCities')
  statesAndCities(_params: PreparedParams<'getStatesAndCities'>, request: FastifyRequest, reply: FastifyReply) {
    return this.cache.serve(request, reply, 'statesAndCities', '', SPECS.statesAndCities, async () => envelope(await this.reference.statesAndCities()));
  }

  @PreparedRead('getAllDocumentTypes')
  documentTypes(_params: PreparedParams<'getAllDocumentTypes'>, request: FastifyRequest, reply: FastifyReply) {
    return this.cache.serve(request, reply, 'documentTypes', '', SPECS.documentTypes, async () => envelope(await this.reference.documentTypes()));
  }

  @PreparedRead('getParameterByType')
  parameterByType({ query }: PreparedParams<'getParameterByType'>, request: FastifyRequest, reply: FastifyReply) {
    return this.cache.serve(request, reply, 'parameters', query.parameterCode, SPECS.parameterByType, async () =>
      envelope(await this.reference.systemParameter(query.parameterCode)),
    );
  }

  @PreparedRead('getAllRejectTypes')
  rejectTypes(_params: PreparedParams<'getAllRejectTypes'>, request: FastifyRequest, reply: FastifyReply) {
    return this.cache.serve(request, reply, 'rejectTypes', '', SPECS.rejectTypes, async () => envelope(await this.reference.rejectTypes()));
  }

  @PreparedRead('getEmailsInBlackList')
  blacklist(_params: PreparedParams<'getEmailsInBlackList'>, request: FastifyRequest, reply: FastifyReply) {
    return this.cache.serve(request, reply, 'blacklist', '', SPECS.blacklist, async () => envelope(await this.reference.blacklist()));
  }

  @PreparedRead('listBrands')
  brands(_params: PreparedParams<'listBrands'>, request: FastifyRequest, reply: FastifyReply) {
    return this.cache.serve(request, reply, 'brands', '', SPECS.brands, () => this.reference.brands());
  }

  @PreparedRead('getCurrentBrand')
  async current(_params: PreparedParams<'getCurrentBrand'>, request: FastifyRequest, reply: FastifyReply) {
    const brand = await this.reference.currentBrand(request.headers.host);
    return this.cache.serve(request, reply, 'brands', brand.appName, SPECS.currentBrand, () => Promise.resolve(brand));
  }

  @PreparedRead('getBrand')
  brand({ path: { appName } }: PreparedParams<'getBrand'>, request: FastifyRequest, reply: FastifyReply) {
    return this.cache.serve(request, reply, 'brands', appName.toLowerCase(), SPECS.brand, () => this.reference.brand(appName));
  }

  @Operation('getBrandLogo')
  async logo(@PathParams() { appName }: OpPath<'getBrandLogo'>, @QueryParams() query: OpQuery<'getBrandLogo'>, @Res() reply: FastifyReply) {
    void reply
      .type('image/svg+xml')
      .header('cache-control', SVG_CACHE)
      .header('content-security-policy', FILE_CSP)
      // A brand's logo is public and is embedded where this origin is not the page's: the
      // mailbox's sandboxed message (an opaque origin), mail clients, partners' pages.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(await this.reference.logo(appName, query.variant));
  }

  @Operation('getBrandFavicon')
  async favicon(@PathParams() { appName }: OpPath<'getBrandFavicon'>, @Res() reply: FastifyReply) {
    void reply
      .type('image/svg+xml')
      .header('cache-control', SVG_CACHE)
      .header('content-security-policy', FILE_CSP)
      .send(await this.reference.favicon(appName));
  }
}
