import type { IncomingHttpHeaders } from 'node:http';
import { Injectable } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import { AuthGuard, bearerToken } from '../auth/auth.guard.js';
import type { OpResponse } from '../contract/types.js';
import { InvalidRequestError, NotFoundError, UnauthenticatedError } from '../errors/errors.js';
import { ConnectionTokens } from './connection-token.js';

type NegotiateResponse = OpResponse<'negotiateSessionHub'>;

export interface AuthorizedConnection {
  connectionId: string;
  sessionId: string;
}

/** Who may open a hub connection: negotiate issues a connection token, the upgrade checks it. */
@Injectable()
export class HubAccess {
  constructor(
    private readonly guard: AuthGuard,
    private readonly tokens: ConnectionTokens,
    private readonly orm: MikroORM,
  ) {}

  /** The negotiate answer; version 0 clients use `connectionId` as the token, as SignalR defines. */
  negotiate(sessionId: string, requestedVersion = 0): NegotiateResponse {
    const { connectionId, connectionToken } = this.tokens.issue(sessionId);
    const availableTransports: NegotiateResponse['availableTransports'] = [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }];
    if (requestedVersion < 1) return { connectionId: connectionToken, negotiateVersion: 0, availableTransports };
    return { connectionId, connectionToken, negotiateVersion: 1, availableTransports };
  }

  /**
   * Checks a WebSocket upgrade: the access token (Authorization header from Node clients,
   * `access_token` from browsers) of an open session (401), then the connection token
   * negotiated by that same session (404, as SignalR answers an unknown connection).
   */
  async authorize(query: URLSearchParams, headers: IncomingHttpHeaders): Promise<AuthorizedConnection> {
    const accessToken = bearerToken({ headers }) ?? (query.get('access_token') || undefined);
    if (!accessToken) throw new UnauthenticatedError('Se requiere iniciar sesión');
    const user = await RequestContext.create(this.orm.em, () => this.guard.authenticate(accessToken));
    const connectionToken = query.get('id');
    if (!connectionToken) throw new InvalidRequestError([{ field: 'query.id', description: 'debe tener la propiedad requerida id' }]);
    const connectionId = this.tokens.verify(connectionToken, user.sessionId);
    if (!connectionId) throw new NotFoundError('La conexión no existe o expiró. Negocia una nueva conexión.');
    return { connectionId, sessionId: user.sessionId };
  }
}
