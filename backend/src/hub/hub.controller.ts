import { Controller } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Operation } from '../contract/operation.decorator.js';
import { QueryParams } from '../contract/params.decorator.js';
import type { OpQuery } from '../contract/types.js';
import { InvalidRequestError } from '../errors/errors.js';
import { HubAccess } from './hub-access.js';

@Controller()
export class HubController {
  constructor(private readonly access: HubAccess) {}

  @Operation('negotiateSessionHub')
  negotiate(@CurrentUser() user: AuthUser, @QueryParams() { negotiateVersion }: OpQuery<'negotiateSessionHub'>) {
    return this.access.negotiate(user.sessionId, negotiateVersion);
  }

  /** Only reached without an upgrade: WebSocket upgrades are taken by HubServer before routing. */
  @Operation('connectSessionHub')
  connect(): never {
    throw new InvalidRequestError([{ field: 'header.upgrade', description: 'se requiere una conexión WebSocket (Upgrade: websocket)' }]);
  }
}
