import { Body, Controller } from '@nestjs/common';
import { PreparedRead, type PreparedParams } from '../cache/prepared-read.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ANSWER, ReadCache } from '../cache/read-cache.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { withFailureMessage } from '../errors/compat-failure.js';
import { compatSearch } from '../contract/compat-paging.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams } from '../contract/params.decorator.js';
import type { OpBody, OpPath } from '../contract/types.js';
import { FEATURES_SAVED_MESSAGE, PackageConfigurationService } from './package-configuration.service.js';
import { fromCompatSave } from './package.mapper.js';
import {
  ALL_ROWS,
  PACKAGE_EDITED_MESSAGE,
  PACKAGE_SAVED_MESSAGE,
  PACKAGE_STATE_MESSAGES,
  PackageService,
  packageNotEditedMessage,
  packageNotSavedMessage,
} from './package.service.js';

/** The old product's package calls, over the same rules as the resource API. */
@Controller()
export class PackageCompatController {
  constructor(
    private readonly packages: PackageService,
    private readonly configuration: PackageConfigurationService,
    private readonly cache: ReadCache,
  ) {}

  /** Kept as the resource list's pages are (PackageController.page). */
  @PreparedRead('getPackages')
  list({ headers }: PreparedParams<'getPackages'>, request: FastifyRequest, reply: FastifyReply) {
    const q = compatSearch(headers.filter);
    const query = { offset: headers.startRegister ?? 0, limit: headers.registerNumber ?? ALL_ROWS, filter: q ? { q } : {} };
    let changesAt: number | undefined;
    const spec = { operationId: 'getPackages', cacheControl: SESSION_ANSWER, expiresAt: () => changesAt };
    return this.cache.serve(request, reply, 'packageLists', `compat:${JSON.stringify(query)}`, spec, async () => {
      const page = await this.packages.compatList(query);
      changesAt = page.pricesChangeAt;
      return envelope({ records: page.items, totalRecords: page.total });
    });
  }

  @Operation('getPackagesType')
  async types() {
    return envelope({ records: await this.packages.types() });
  }

  @Operation('getAllChannel')
  async channels() {
    return envelope({ records: await this.packages.channels() });
  }

  @Operation('savePackage')
  async save(@Body() body: OpBody<'savePackage'>, @CurrentUser() actor: AuthUser) {
    const id = await withFailureMessage(this.packages.create(fromCompatSave(body), actor), packageNotSavedMessage(body.PackageCode));
    return envelope(await this.packages.compatGet(id), PACKAGE_SAVED_MESSAGE);
  }

  @Operation('updatePackage')
  async update(@Body() body: OpBody<'updatePackage'>, @CurrentUser() actor: AuthUser) {
    const input = { ...fromCompatSave(body), version: body.Version };
    const id = await withFailureMessage(this.packages.update(body.Id, input, actor), packageNotEditedMessage(body.PackageCode));
    return envelope(await this.packages.compatGet(id), PACKAGE_EDITED_MESSAGE);
  }

  @Operation('activePackage')
  async activate(@Body() body: OpBody<'activePackage'>, @CurrentUser() actor: AuthUser) {
    await this.packages.setState(body.id, body.idstate, actor);
    return envelope(await this.packages.compatGet(body.id), PACKAGE_STATE_MESSAGES[body.idstate]);
  }

  @Operation('getCountPackagesByType')
  async count(@PathParams() { typeId, relevance }: OpPath<'getCountPackagesByType'>) {
    return envelope((await this.packages.nextOrder(typeId, relevance)).count);
  }

  @Operation('getCustomerLinkedPackage')
  async customers(@PathParams() { id }: OpPath<'getCustomerLinkedPackage'>) {
    return envelope({ records: await this.packages.linkedCustomers(id) });
  }

  @Operation('getChannelsLinkedPackage')
  async linkedChannels(@PathParams() { id }: OpPath<'getChannelsLinkedPackage'>) {
    return envelope({ records: await this.packages.linkedChannels(id) });
  }

  @Operation('getFeaturesPackage')
  async features(@PathParams() { id }: OpPath<'getFeaturesPackage'>) {
    return envelope({ records: await this.packages.linkedFeatures(id) });
  }

  @Operation('getPackagesConfiguration')
  async configurations(@Body() body: OpBody<'getPackagesConfiguration'>) {
    return envelope({ records: await this.configuration.list(body.PackageType, body.PackageName) });
  }

  @Operation('setFeaturesDependingPackage')
  async setFeatures(@Body() body: OpBody<'setFeaturesDependingPackage'>, @CurrentUser() actor: AuthUser) {
    return envelope({ records: await this.configuration.applyCompat(body, actor) }, FEATURES_SAVED_MESSAGE);
  }

  @Operation('getPackagesAdditionalDiscount')
  async promoOptions() {
    const page = await this.packages.options({ offset: 0, limit: ALL_ROWS, filter: { idstate: 0 } });
    return envelope({ records: page.items });
  }
}
