import { Body, Controller, Headers, Param } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { withFailureMessage } from '../errors/compat-failure.js';
import { compatSearch } from '../contract/compat-paging.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody } from '../contract/types.js';
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
  ) {}

  @Operation('getPackages')
  async list(@Headers('startregister') start?: string, @Headers('registernumber') size?: string, @Headers('filter') filter?: string) {
    const q = compatSearch(filter);
    const page = await this.packages.compatList({ offset: Number(start ?? 0), limit: size ? Number(size) : ALL_ROWS, filter: q ? { q } : {} });
    return envelope({ records: page.items, totalRecords: page.total });
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
  async count(@Param('typeId') typeId: string, @Param('relevance') relevance: 'Alta' | 'Media' | 'Baja') {
    return envelope((await this.packages.nextOrder(Number(typeId), relevance)).count);
  }

  @Operation('getCustomerLinkedPackage')
  async customers(@Param('id') id: string) {
    return envelope({ records: await this.packages.linkedCustomers(Number(id)) });
  }

  @Operation('getChannelsLinkedPackage')
  async linkedChannels(@Param('id') id: string) {
    return envelope({ records: await this.packages.linkedChannels(Number(id)) });
  }

  @Operation('getFeaturesPackage')
  async features(@Param('id') id: string) {
    return envelope({ records: await this.packages.linkedFeatures(Number(id)) });
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
