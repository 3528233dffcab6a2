import { Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientAddress, throttleKey } from '../auth/client-address.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams, QueryParams } from '../contract/params.decorator.js';
import type { OpPath, OpQuery } from '../contract/types.js';
import { MapsService } from './maps.service.js';

/** The address autocomplete of the purchase form and the company form (public: the buyer is anonymous). */
@Controller()
export class MapsController {
  constructor(private readonly maps: MapsService) {}

  @Operation('getMapsSettings')
  settings(@Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('Cache-Control', 'public, max-age=300');
    return this.maps.settings();
  }

  @Operation('listAddressSuggestions')
  suggestions(@QueryParams() query: OpQuery<'listAddressSuggestions'>, @Req() request: FastifyRequest) {
    return this.maps.suggestions(query.q, query.session, throttleKey(clientAddress(request)));
  }

  @Operation('getPlace')
  place(@PathParams() path: OpPath<'getPlace'>, @QueryParams() query: OpQuery<'getPlace'>, @Req() request: FastifyRequest) {
    return this.maps.place(path.placeId, query.session, throttleKey(clientAddress(request)));
  }
}
