import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { getContract } from '../contract/contract.js';
import { OPERATION_ID } from '../contract/operation.decorator.js';
import { ForbiddenError, UnauthenticatedError } from '../errors/errors.js';
import { type AuthUser, hasAnyPrivilege } from './auth-user.js';
import { SessionState } from './session-state.js';
import { InvalidTokenError, TokenService } from './token.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
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
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly sessions: SessionState,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const operationId = this.reflector.get<string | undefined>(OPERATION_ID, context.getHandler());
    if (!operationId) throw new Error(`Handler ${context.getClass().name}.${context.getHandler().name} is not bound to a contract operation`);
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.operationId = operationId;
    const op = getContract().operation(operationId);
    const token = bearerToken(request);

    if (op.isPublic) {
      // Public operations still know who calls when a valid token comes along.
      if (token) request.user = await this.authenticate(token).catch(() => undefined);
      return true;
    }
    if (!token) throw new UnauthenticatedError('Se requiere iniciar sesión');
    const user = await this.authenticate(token);
    request.user = user;
    if (!hasAnyPrivilege(user, op.privileges)) throw new ForbiddenError();
    return true;
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
