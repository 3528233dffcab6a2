import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { AuthGuard, bearerToken } from '../auth/auth.guard.js';
import { TokenService } from '../auth/token.service.js';

/**
 * Who calls a prepared read (@PreparedRead skips the guard): the signed-in person of a valid token
 * of an open session, or undefined, as the guard treats a public operation. A read whose answer
 * depends on the caller (a customer's private packages) asks for it only when a token came along.
 */
@Injectable()
export class PreparedCaller {
  constructor(
    private readonly guard: AuthGuard,
    private readonly orm: MikroORM,
  ) {}

  async of(request: FastifyRequest): Promise<AuthUser | undefined> {
    const token = bearerToken(request);
    if (!token || TokenService.isPartnerToken(token)) return undefined;
    // The session lookup needs an ORM context, which prepared reads are served without.
    return RequestContext.create(this.orm.em, () => this.guard.authenticate(token)).catch(() => undefined);
  }
}
