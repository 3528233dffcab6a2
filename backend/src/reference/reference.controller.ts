import { Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from '../contract/envelope.js';
import { sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams, PathParams, QueryParams } from '../contract/params.decorator.js';
import type { OpHeaders, OpPath, OpQuery } from '../contract/types.js';
import { FILE_CSP } from '../web/file-headers.js';
import { ReferenceService } from './reference.service.js';

const SVG_CACHE = 'public, max-age=3600';

@Controller()
export class ReferenceController {
  constructor(private readonly reference: ReferenceService) {}

  @Operation('getAppParameters')
  async appParameters(@HeaderParams() { appName, countryCode, parameterType }: OpHeaders<'getAppParameters'>) {
    return envelope(await this.reference.appParameters({ appName, countryCode, parameterType }));
  }

  @Operation('getStatesAndCities')
  async statesAndCities() {
    return envelope(await this.reference.statesAndCities());
  }

  @Operation('getAllDocumentTypes')
  async documentTypes() {
    return envelope(await this.reference.documentTypes());
  }

  @Operation('getParameterByType')
  async parameterByType(@QueryParams() query: OpQuery<'getParameterByType'>) {
    return envelope(await this.reference.systemParameter(query.parameterCode));
  }

  @Operation('getAllRejectTypes')
  async rejectTypes() {
    return envelope(await this.reference.rejectTypes());
  }

  @Operation('getEmailsInBlackList')
  async blacklist() {
    return envelope(await this.reference.blacklist());
  }

  @Operation('listBrands')
  async brands(@Res({ passthrough: true }) reply: FastifyReply) {
    const brands = await this.reference.brands();
    return sendPage(reply, 'brands', { offset: 0 }, { items: brands, total: brands.length });
  }

  @Operation('getCurrentBrand')
  async current(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const brand = await this.reference.currentBrand(request.headers.host);
    void reply.header('appName', brand.appName).header('tenant', brand.tenant).header('vary', 'Host');
    return brand;
  }

  @Operation('getBrand')
  brand(@PathParams() { appName }: OpPath<'getBrand'>) {
    return this.reference.brand(appName);
  }

  @Operation('getBrandLogo')
  async logo(@PathParams() { appName }: OpPath<'getBrandLogo'>, @QueryParams() query: OpQuery<'getBrandLogo'>, @Res() reply: FastifyReply) {
    void reply
      .type('image/svg+xml')
      .header('cache-control', SVG_CACHE)
      .header('content-security-policy', FILE_CSP)
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
