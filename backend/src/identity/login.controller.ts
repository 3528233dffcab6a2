import { Body, Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { clientAddress } from '../auth/client-address.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { TokenService } from '../auth/token.service.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams } from '../contract/params.decorator.js';
import type { OpBody, OpHeaders } from '../contract/types.js';
import { NotFoundError } from '../errors/errors.js';
import { LoginService } from './login.service.js';
import { SessionService } from './session.service.js';

@Controller()
export class LoginController {
  constructor(
    private readonly login: LoginService,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
  ) {}

  @Operation('authenticate')
  async authenticate(@Body() body: OpBody<'authenticate'>, @Req() request: FastifyRequest) {
    return envelope(await this.login.authenticate(body, { ipAddress: clientAddress(request), userAgent: request.headers['user-agent'] }));
  }

  @Operation('refreshToken')
  async refresh(@Body() body: OpBody<'refreshToken'>) {
    return envelope(await this.login.refresh(body));
  }

  @Operation('revokeToken')
  async revoke(@Body() body: OpBody<'revokeToken'>) {
    return envelope({ revokedSessions: await this.login.revoke(body) }, 'Sesión cerrada');
  }

  @Operation('validateSession')
  async validate(@CurrentUser() user: AuthUser, @HeaderParams() { connectionId }: OpHeaders<'validateSession'>) {
    if (connectionId && !(await this.sessions.bindConnection(user.sessionId, connectionId))) {
      throw new NotFoundError('La conexión no existe o no pertenece a esta sesión.');
    }
    return envelope({ valid: true, connectionId: connectionId ?? null }, 'Sesión válida');
  }

  @Operation('getTokenAdminIbuho')
  async adminToken(@CurrentUser() user: AuthUser) {
    const { token, expiresIn } = await this.tokens.signExternalSourcesToken(user);
    return envelope({ token, expiresIn, audience: 'externalsources' as const, scope: 'externalsources:read' as const });
  }
}
