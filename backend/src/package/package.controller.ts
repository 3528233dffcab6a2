import { Body, Controller, Res } from '@nestjs/common';
import { PreparedRead, type PreparedParams } from '../cache/prepared-read.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ANSWER, ReadCache } from '../cache/read-cache.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, OptionalUser } from '../auth/current-user.decorator.js';
import { ResourceController } from '../contract/resource-controller.js';
import { type ListParams, listQuery, pageHeaders, sendAll, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import type { OpBody, OpPath, OpQuery } from '../contract/types.js';
import { contentDisposition, FILE_CSP } from '../web/file-headers.js';
import { PackageConfigurationService } from './package-configuration.service.js';
import type { PackageListQuery } from './package.repository.js';
import { PackageService, type PriceTimedPage } from './package.service.js';

/** Resource API of packages, their features, offer image and lookups. */
@Controller()
export class PackageController extends ResourceController<PackageService>({
  resource: 'packages',
  get: 'getPackage',
  create: 'createPackage',
  update: 'editPackage',
  setState: 'setPackageState',
}) {
  constructor(
    packages: PackageService,
    private readonly configuration: PackageConfigurationService,
    private readonly cache: ReadCache,
  ) {
    super(packages);
  }

  /**
   * A page is prepared once and kept (ReadCache 'packageLists') until a write of the catalogue or
   * of the companies it names, or until one of its offers starts or ends; the guard has checked
   * the caller's privilege before.
   */
  @PreparedRead('listPackages')
  page({ query: params }: PreparedParams<'listPackages'>, request: FastifyRequest, reply: FastifyReply) {
    const query = listQuery(params as ListParams<string, object>) as PackageListQuery;
    let page: PriceTimedPage<unknown> = { items: [], total: 0, pricesChangeAt: undefined };
    const spec = {
      operationId: 'listPackages',
      cacheControl: SESSION_ANSWER,
      headers: () => pageHeaders('packages', query, page),
      expiresAt: () => page.pricesChangeAt,
    };
    return this.cache.serve(request, reply, 'packageLists', `list:${JSON.stringify(query)}`, spec, async () => {
      page = await this.service.list(query);
      return page.items;
    });
  }

  @Operation('getPackageConfiguration')
  features(@PathParams() { id }: OpPath<'getPackageConfiguration'>) {
    return this.configuration.get(id);
  }

  @Operation('setPackageFeatures')
  setFeatures(@PathParams() { id }: OpPath<'setPackageFeatures'>, @Body() body: OpBody<'setPackageFeatures'>, @CurrentUser() actor: AuthUser) {
    return this.configuration.replace(id, body.features, actor, body.version);
  }

  @Operation('getPackageOfferImage')
  async offerImage(
    @PathParams() { id }: OpPath<'getPackageOfferImage'>,
    @QueryParams() query: OpQuery<'getPackageOfferImage'>,
    @OptionalUser() caller: AuthUser | undefined,
    @Res() reply: FastifyReply,
  ) {
    const image = await this.service.offerImage(id, caller);
    // The address carries the content hash: when it matches, the bytes never change. Images that
    // are not public are for the caller alone.
    const immutable = !!query.v && image.sha256.startsWith(query.v);
    const cache = !image.open ? 'private, no-store' : immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
    // A PDF is downloaded, never rendered with the application's origin.
    const pdf = image.contentType === 'application/pdf';
    void reply
      .type(image.contentType)
      .header('cache-control', cache)
      .header('etag', `"${image.sha256}"`)
      .header('content-security-policy', FILE_CSP)
      .header('content-disposition', contentDisposition(pdf ? 'attachment' : 'inline', image.fileName))
      .send(image.content);
  }

  @Operation('listPackageOptions')
  async options(@QueryParams() query: OpQuery<'listPackageOptions'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = listQuery(query);
    return sendPage(reply, 'package-options', list, await this.service.options(list));
  }

  @Operation('listPackageTypes')
  async types(@Res({ passthrough: true }) reply: FastifyReply) {
    return sendAll(reply, 'package-types', await this.service.types());
  }

  @Operation('getPackageNextOrder')
  async nextOrder(@PathParams() { id }: OpPath<'getPackageNextOrder'>, @QueryParams() query: OpQuery<'getPackageNextOrder'>) {
    return { packageTypeId: id, relevance: query.relevance, ...(await this.service.nextOrder(id, query.relevance)) };
  }

  @Operation('listChannels')
  async channels(@Res({ passthrough: true }) reply: FastifyReply) {
    return sendAll(reply, 'channels', await this.service.channels());
  }
}
