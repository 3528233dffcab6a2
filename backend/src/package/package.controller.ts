import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { parseListQuery, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody, OpQuery } from '../contract/types.js';
import { PackageConfigurationService } from './package-configuration.service.js';
import { PACKAGE_SORTABLE } from './package.repository.js';
import { PackageService } from './package.service.js';

/** Resource API of packages, their features, offer image and lookups. */
@Controller()
export class PackageController {
  constructor(
    private readonly packages: PackageService,
    private readonly configuration: PackageConfigurationService,
  ) {}

  @Operation('listPackages')
  async list(@Query() query: OpQuery<'listPackages'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, PACKAGE_SORTABLE);
    return sendPage(reply, 'packages', list, await this.packages.list(list));
  }

  @Operation('getPackage')
  get(@Param('id') id: string) {
    return this.packages.get(Number(id));
  }

  @Operation('createPackage')
  async create(@Body() body: OpBody<'createPackage'>, @CurrentUser() actor: AuthUser) {
    return this.packages.get(await this.packages.create(body, actor));
  }

  @Operation('editPackage')
  async update(@Param('id') id: string, @Body() body: OpBody<'editPackage'>, @CurrentUser() actor: AuthUser) {
    return this.packages.get(await this.packages.update(Number(id), body, actor));
  }

  @Operation('setPackageState')
  async setState(@Param('id') id: string, @Body() body: OpBody<'setPackageState'>, @CurrentUser() actor: AuthUser) {
    await this.packages.setState(Number(id), body.idstate, actor, body.version);
    return this.packages.get(Number(id));
  }

  @Operation('getPackageConfiguration')
  features(@Param('id') id: string) {
    return this.configuration.get(Number(id));
  }

  @Operation('setPackageFeatures')
  setFeatures(@Param('id') id: string, @Body() body: OpBody<'setPackageFeatures'>, @CurrentUser() actor: AuthUser) {
    return this.configuration.replace(Number(id), body.features, actor, body.version);
  }

  @Operation('getPackageOfferImage')
  async offerImage(@Param('id') id: string, @Query() query: OpQuery<'getPackageOfferImage'>, @Res() reply: FastifyReply) {
    const image = await this.packages.offerImage(Number(id));
    // The address carries the content hash: when it matches, the bytes never change.
    const immutable = !!query.v && image.sha256.startsWith(query.v);
    void reply
      .type(image.contentType)
      .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
      .header('etag', `"${image.sha256}"`)
      .send(image.content);
  }

  @Operation('listPackageOptions')
  async options(@Query() query: OpQuery<'listPackageOptions'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, PACKAGE_SORTABLE);
    return sendPage(reply, 'package-options', list, await this.packages.options(list));
  }

  @Operation('listPackageTypes')
  async types(@Res({ passthrough: true }) reply: FastifyReply) {
    const types = await this.packages.types();
    return sendPage(reply, 'package-types', { offset: 0 }, { items: types, total: types.length });
  }

  @Operation('getPackageNextOrder')
  async nextOrder(@Param('id') id: string, @Query() query: OpQuery<'getPackageNextOrder'>) {
    const packageTypeId = Number(id) as 1 | 2 | 3;
    return { packageTypeId, relevance: query.relevance, ...(await this.packages.nextOrder(packageTypeId, query.relevance)) };
  }

  @Operation('listChannels')
  async channels(@Res({ passthrough: true }) reply: FastifyReply) {
    const channels = await this.packages.channels();
    return sendPage(reply, 'channels', { offset: 0 }, { items: channels, total: channels.length });
  }
}
