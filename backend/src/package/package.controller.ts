import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, OptionalUser } from '../auth/current-user.decorator.js';
import { listQuery, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import type { OpBody, OpPath, OpQuery } from '../contract/types.js';
import { contentDisposition, FILE_CSP } from '../web/file-headers.js';
import { PackageConfigurationService } from './package-configuration.service.js';
import { PackageService } from './package.service.js';

/** Resource API of packages, their features, offer image and lookups. */
@Controller()
export class PackageController {
  constructor(
    private readonly packages: PackageService,
    private readonly configuration: PackageConfigurationService,
  ) {}

  @Operation('listPackages')
  async list(@QueryParams() query: OpQuery<'listPackages'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = listQuery(query);
    return sendPage(reply, 'packages', list, await this.packages.list(list));
  }

  @Operation('getPackage')
  get(@PathParams() { id }: OpPath<'getPackage'>) {
    return this.packages.get(id);
  }

  @Operation('createPackage')
  async create(@Body() body: OpBody<'createPackage'>, @CurrentUser() actor: AuthUser) {
    return this.packages.get(await this.packages.create(body, actor));
  }

  @Operation('editPackage')
  async update(@PathParams() { id }: OpPath<'editPackage'>, @Body() body: OpBody<'editPackage'>, @CurrentUser() actor: AuthUser) {
    return this.packages.get(await this.packages.update(id, body, actor));
  }

  @Operation('setPackageState')
  async setState(@PathParams() { id }: OpPath<'setPackageState'>, @Body() body: OpBody<'setPackageState'>, @CurrentUser() actor: AuthUser) {
    await this.packages.setState(id, body.idstate, actor, body.version);
    return this.packages.get(id);
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
    const image = await this.packages.offerImage(id, caller);
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
    return sendPage(reply, 'package-options', list, await this.packages.options(list));
  }

  @Operation('listPackageTypes')
  async types(@Res({ passthrough: true }) reply: FastifyReply) {
    const types = await this.packages.types();
    return sendPage(reply, 'package-types', { offset: 0 }, { items: types, total: types.length });
  }

  @Operation('getPackageNextOrder')
  async nextOrder(@PathParams() { id }: OpPath<'getPackageNextOrder'>, @QueryParams() query: OpQuery<'getPackageNextOrder'>) {
    return { packageTypeId: id, relevance: query.relevance, ...(await this.packages.nextOrder(id, query.relevance)) };
  }

  @Operation('listChannels')
  async channels(@Res({ passthrough: true }) reply: FastifyReply) {
    const channels = await this.packages.channels();
    return sendPage(reply, 'channels', { offset: 0 }, { items: channels, total: channels.length });
  }
}
