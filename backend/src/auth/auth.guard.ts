import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { getContract } from '../contract/contract.js';
import { OPERATION_ID } from '../contract/operation.decorator.js';
import { ForbiddenError, UnauthenticatedError } from '../errors/errors.js';
import { type AuthUser, hasAnyPrivilege, type PartnerCaller } from './auth-user.js';
import { PartnerClientState } from './partner-client-state.js';
import { SessionState } from './session-state.js';
import { EXTERNAL_SOURCES_AUDIENCE, InvalidTokenError, TokenService } from './token.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
    /** Set instead of `user` when a partner's API client calls. */
    partner?: PartnerCaller;
    operationId?: string;
  }
}

export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || undefined;
}

/**
 * The one guard of the application. It reads the matched operation's rule from the contract:
 * `security: []` is public; otherwise a valid token of an open session is required (401) and,
 * when `x-privileges` lists any, one of them (403).
 *
 * A partner API client's token (its own audience) reaches only operations whose `x-privileges`
 * name one of the client's privileges; every other operation, including those open to any
 * signed-in person, answers it 403. A revoked client's token is refused at once (401).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly sessions: SessionState,
    private readonly partners: PartnerClientState,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const operationId = this.reflector.get<string | undefined>(OPERATION_ID, context.getHandler());
    if (!operationId) throw new Error(`Handler ${context.getClass().name}.${context.getHandler().name} is not bound to a contract operation`);
    await this.admit(context.switchToHttp().getRequest<FastifyRequest>(), operationId);
    return true;
  }

  /**
   * Lets the request through to `operationId` or throws (401, 403), setting who calls on the
   * request; also called by the light path of prepared private reads (cache/prepared-read.ts).
   */
  async admit(request: FastifyRequest, operationId: string): Promise<void> {
    request.operationId = operationId;
    const op = getContract().operation(operationId);
    const token = bearerToken(request);

    if (op.externalSources) {
      await this.authenticateExternalSources(token);
      return;
    }
    if (token && TokenService.isPartnerToken(token)) {
      if (op.isPublic) return;
      const partner = await this.authenticatePartner(token);
      request.partner = partner;
      if (!op.privileges.some((p) => partner.privileges.includes(p))) throw new ForbiddenError();
      return;
    }
    if (op.isPublic) {
      // Public operations still know who calls when a valid token comes along.
      if (token) request.user = await this.authenticate(token).catch(() => undefined);
      return;
    }
    if (!token) throw new UnauthenticatedError('Se requiere iniciar sesión');
    const user = await this.authenticate(token);
    request.user = user;
    if (!hasAnyPrivilege(user, op.privileges)) throw new ForbiddenError();
  }

  private async authenticatePartner(token: string): Promise<PartnerCaller> {
    let partner: PartnerCaller;
    try {
      partner = await this.tokens.verifyPartner(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw new UnauthenticatedError();
      throw error;
    }
    if (!(await this.partners.isActive(partner.apiClientId))) throw new UnauthenticatedError('El cliente API fue revocado');
    return partner;
  }

  /**
   * The external-source token of an open session (GetTokenAdminIbuho): without one 401; the API's
   * access token or a partner's, valid as they are, 403 (they are not for these sources).
   */
  private async authenticateExternalSources(token: string | undefined): Promise<void> {
    if (!token) throw new UnauthenticatedError('Se requiere el token de fuentes externas');
    if (TokenService.isPartnerToken(token)) throw new ForbiddenError();
    let sessionId: string;
    try {
      sessionId = (await this.tokens.verify(token, EXTERNAL_SOURCES_AUDIENCE)).sid;
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      const apiToken = await this.tokens.verify(token).then(
        () => true,
        () => false,
      );
      if (apiToken) throw new ForbiddenError();
      throw new UnauthenticatedError();
    }
    if (!(await this.sessions.isActive(sessionId))) throw new UnauthenticatedError('La sesión ha finalizado');
  }

  async authenticate(token: string): Promise<AuthUser> {
    let user: AuthUser;
    try {
      user = TokenService.toAuthUser(await this.tokens.verify(token));
    } catch (error) {
      if (error instanceof InvalidTokenError) throw new UnauthenticatedError();
      throw error;
    }
    if (!(await this.sessions.isActive(user.sessionId))) throw new UnauthenticatedError('La sesión ha finalizado');
    return user;
  }
}
