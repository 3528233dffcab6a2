import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { AuthUser } from '../auth/auth-user.js';
import { TokenService } from '../auth/token.service.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { throttleKey } from '../auth/client-address.js';
import { CustomerService } from '../customer/customer.service.js';
import { UnauthenticatedError } from '../errors/errors.js';
import type { User } from './identity.entities.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordService } from './password.service.js';
import { openSuccessor, sealSuccessor } from './refresh-successor.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';
import { UserRepository } from './user.repository.js';

export interface TokenPair {
  token: string;
  refreshToken: string;
  expiresIn: number;
}

export interface ClientInfo {
  ipAddress: string;
  userAgent?: string;
}

export const INVALID_CREDENTIALS = 'Usuario o contraseña incorrectos.';
export const USER_DISABLED = 'Tu usuario está deshabilitado. Comunícate con el administrador.';
export const SESSION_ENDED = 'Tu sesión ha finalizado. Inicia sesión nuevamente.';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Sign-in, refresh-token rotation and sign-out. */
@Injectable()
export class LoginService {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly sessionService: SessionService,
    private readonly passwords: PasswordService,
    private readonly throttle: LoginThrottle,
    private readonly tokens: TokenService,
    private readonly customers: CustomerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async authenticate(input: { UserName: string; Password: string; Appname: string }, client: ClientInfo): Promise<TokenPair> {
    const username = input.UserName.trim().toLowerCase();
    const now = new Date();
    // Admitted attempts are recorded as failures first (429 when a limit is reached), so the
    // counting is exact; the slow password check runs outside the locks.
    const attemptId = await this.em.transactional(() => this.throttle.admit(username, throttleKey(client.ipAddress), now));
    const user = await this.users.findByUsername(username, true);
    const valid = await this.passwords.verify(user?.passwordHash, input.Password);
    if (!user || !valid) throw new UnauthenticatedError(INVALID_CREDENTIALS);
    await this.throttle.succeeded(attemptId);
    if (!user.enabled) throw new UnauthenticatedError(USER_DISABLED);
    return this.em.transactional(() => this.openSession(user, input.Appname, client, now));
  }

  private async openSession(user: User, appName: string, client: ClientInfo, now: Date): Promise<TokenPair> {
    const sessionId = randomUUID();
    const refreshToken = randomBytes(32).toString('base64url');
    await this.sessions.create(
      {
        id: sessionId,
        userId: user.id,
        appName: appName.toLowerCase(),
        createdAt: now,
        lastUsedAt: now,
        ipAddress: client.ipAddress,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
      },
      {
        id: randomUUID(),
        sessionId,
        tokenHash: hashToken(refreshToken),
        createdAt: now,
        expiresAt: new Date(now.getTime() + this.config.refreshTokenTtlSeconds * 1000),
      },
    );
    const access = await this.tokens.signAccessToken(await this.authUser(user, sessionId));
    return { token: access.token, refreshToken, expiresIn: access.expiresIn };
  }

  async authUser(user: User, sessionId: string): Promise<AuthUser> {
    const privileges = await this.users.privilegesOfRole(user.roleCode);
    const [customer] = user.customerId ? await this.customers.summaries([user.customerId]) : [];
    return {
      userId: user.id,
      username: user.username,
      sessionId,
      names: user.names,
      surnames: user.surnames,
      role: user.roleCode,
      apps: user.apps,
      privileges,
      ...(customer ? { customerId: String(customer.id), customerType: String(customer.documentTypeId), customerValue: customer.documentNumber } : {}),
    };
  }

  /**
   * Rotates a refresh token. A token already rotated is answered with the pair it was rotated into
   * while the reuse interval lasts (two tabs refreshing at once stay signed in); after it, the
   * token was copied: the whole session ends.
   */
  async refresh(input: { RefreshToken: string; UserName: string }): Promise<TokenPair> {
    const tokenHash = hashToken(input.RefreshToken);
    const stored = await this.sessions.findRefreshToken(tokenHash);
    const session = stored ? await this.sessions.findSession(stored.sessionId) : null;
    const user = session ? await this.users.findById(session.userId) : null;
    if (!stored || !session || !user || user.username !== input.UserName.trim().toLowerCase()) throw new UnauthenticatedError(SESSION_ENDED);
    if (session.endedAt) throw new UnauthenticatedError(SESSION_ENDED);
    if (!stored.rotatedAt) {
      if (!user.enabled) throw new UnauthenticatedError(USER_DISABLED);
      const now = new Date();
      const refreshToken = randomBytes(32).toString('base64url');
      const access = await this.tokens.signAccessToken(await this.authUser(user, session.id));
      const pair = { token: access.token, refreshToken, expiresIn: access.expiresIn };
      const rotated = await this.em.transactional(async () => {
        const current = await this.sessions.rotate(tokenHash, sealSuccessor(input.RefreshToken, pair), now);
        if (current) {
          await this.sessions.addRefreshToken(
            { id: randomUUID(), sessionId: session.id, tokenHash: hashToken(refreshToken), createdAt: now, expiresAt: current.expiresAt },
            now,
          );
        }
        return current;
      });
      if (rotated) return pair;
    }
    // Rotated before, or by a concurrent refresh that committed first.
    const rotation = await this.sessions.rotation(tokenHash);
    const withinInterval = rotation?.rotatedAt && Date.now() - rotation.rotatedAt.getTime() < this.config.refreshReuseIntervalSeconds * 1000;
    const same = withinInterval && rotation.successor ? openSuccessor(input.RefreshToken, rotation.successor) : null;
    if (same && (await this.sessionService.isActive(session.id))) return same;
    // A rotated token came back after the interval: it was copied. End the session everywhere.
    await this.sessionService.end([session.id], 'REFRESH_REUSE');
    throw new UnauthenticatedError(SESSION_ENDED);
  }

  async revoke(input: { UserName: string; RefreshToken: string; Quantity?: number; AppName?: string }): Promise<number> {
    const stored = await this.sessions.findRefreshToken(hashToken(input.RefreshToken));
    const session = stored ? await this.sessions.findSession(stored.sessionId) : null;
    const user = session ? await this.users.findById(session.userId) : null;
    if (!stored || !session || !user || user.username !== input.UserName.trim().toLowerCase()) throw new UnauthenticatedError(SESSION_ENDED);
    const ended =
      input.Quantity === 0
        ? await this.sessionService.endAllOf(user.id, 'LOGOUT', input.AppName?.toLowerCase())
        : await this.sessionService.end([session.id], 'LOGOUT');
    return ended.length;
  }
}
