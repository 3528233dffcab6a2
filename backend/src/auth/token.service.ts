import { randomUUID, webcrypto } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { AuthUser, PartnerCaller } from './auth-user.js';
import type { AccessTokenClaims } from '@licencias/common/claims';

const ALGORITHM = 'HS256';
const ISSUER = 'licencias';
const PARTNER_TYP = 'at+jwt';
/** How a partner token starts: its protected header, exactly as `sign` writes it (base64url of its JSON), then the dot. */
const PARTNER_HEADER = `${Buffer.from(JSON.stringify({ alg: ALGORITHM, typ: PARTNER_TYP })).toString('base64url')}.`;
export const API_AUDIENCE = 'licencias-api';
export const EXTERNAL_SOURCES_AUDIENCE = 'externalsources';
/** Partners' API client tokens: an audience of their own, so they never pass for a person's token. */
export const PARTNER_AUDIENCE = 'licencias-partner';

/** Claims of an access token, declared once in @licencias/common for the server and the front ends. */
export interface AccessClaims extends JWTPayload, AccessTokenClaims {}

export class InvalidTokenError extends Error {}

/** Verified tokens remembered (a bound on memory: the map is emptied when full). */
const MAX_VERIFIED = 10_000;

/** Signs and verifies JWTs with one pinned algorithm and a secret from configuration. */
@Injectable()
export class TokenService {
  /** The HMAC key, imported once (jose would import raw bytes again on every verification). */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * `audience token` -> its claims, for tokens whose signature was checked: a token is immutable,
   * so a second check of the same bytes can only differ by expiry, which is checked on each use.
   * Whether its session is still open is asked separately on every request (SessionState).
   */
  private readonly verified = new Map<string, JWTPayload>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const secret = new TextEncoder().encode(config.jwtSecret);
    this.key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async signAccessToken(user: AuthUser): Promise<{ token: string; expiresIn: number; expiresAt: Date }> {
    const expiresIn = this.config.accessTokenTtlSeconds;
    const claims: AccessClaims = {
      sid: user.sessionId,
      unique_name: user.username,
      given_name: user.names,
      family_name: user.surnames,
      APPS: user.apps.length === 1 ? user.apps[0] : user.apps,
      LICENSE_ROLE: user.role,
      PRIVILEGES: user.privileges,
      ...(user.customerId ? { customer_id: user.customerId } : {}),
      ...(user.customerType ? { customer_type: user.customerType } : {}),
      ...(user.customerValue ? { customer_value: user.customerValue } : {}),
    };
    const { token, expiresAt } = await this.sign(claims, user.userId, API_AUDIENCE, expiresIn);
    return { token, expiresIn, expiresAt };
  }

  /** A short-lived token whose audience only admits the external-source lookups (see docs/architecture.md). */
  async signExternalSourcesToken(user: AuthUser): Promise<{ token: string; expiresIn: number }> {
    const expiresIn = this.config.adminIbuhoTokenTtlSeconds;
    const { token } = await this.sign(
      { sid: user.sessionId, unique_name: user.username, scope: 'externalsources:read' },
      user.userId,
      EXTERNAL_SOURCES_AUDIENCE,
      expiresIn,
    );
    return { token, expiresIn };
  }

  /** An OAuth access token of a partner's API client (RFC 9068 claims: client_id, scope). */
  async signPartnerToken(caller: PartnerCaller): Promise<{ token: string; expiresIn: number }> {
    const expiresIn = this.config.partnerTokenTtlSeconds;
    const claims = { client_id: caller.clientId, app: caller.appName, scope: caller.privileges.join(' ') };
    const { token } = await this.sign(claims, caller.apiClientId, PARTNER_AUDIENCE, expiresIn, PARTNER_TYP);
    return { token, expiresIn };
  }

  async verifyPartner(token: string): Promise<PartnerCaller> {
    const payload = await this.verifiedPayload<{ client_id?: string; app?: string; scope?: string }>(token, PARTNER_AUDIENCE);
    if (!payload.sub || !payload.client_id || !payload.app || typeof payload.scope !== 'string')
      throw new InvalidTokenError('partner token without its claims');
    return { apiClientId: payload.sub, clientId: payload.client_id, appName: payload.app, privileges: payload.scope.split(' ').filter(Boolean) };
  }

  /**
   * Whether a token says it is a partner's: only partner tokens are signed here with RFC 9068's
   * `typ: at+jwt`, so their fixed protected header starts them. Unverified: it only picks the
   * verification to run. Comparing that prefix instead of decoding the payload took 7 % of a staff
   * list's CPU off (docs/benchmarks.md).
   */
  static isPartnerToken(token: string): boolean {
    return token.startsWith(PARTNER_HEADER);
  }

  async verify(token: string, audience = API_AUDIENCE): Promise<AccessClaims> {
    const payload = await this.verifiedPayload<AccessClaims>(token, audience);
    if (!payload.sub || !payload.sid) throw new InvalidTokenError('token without subject or session');
    return payload;
  }

  private async sign(claims: JWTPayload, subject: string, audience: string, expiresIn: number, typ = 'JWT'): Promise<{ token: string; expiresAt: Date }> {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(await this.key);
    return { token, expiresAt: new Date((now + expiresIn) * 1000) };
  }

  /** The payload of a token signed here for that audience, algorithm pinned (remembered while unexpired); any flaw is an InvalidTokenError. */
  private async verifiedPayload<T extends object>(token: string, audience: string): Promise<T & JWTPayload> {
    const cacheKey = `${audience} ${token}`;
    const known = this.verified.get(cacheKey);
    if (known) {
      if (known.exp !== undefined && known.exp * 1000 > Date.now()) return known as T & JWTPayload;
      this.verified.delete(cacheKey);
    }
    try {
      const { payload } = await jwtVerify<T>(token, await this.key, { algorithms: [ALGORITHM], issuer: ISSUER, audience });
      if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
      this.verified.set(cacheKey, Object.freeze(payload));
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.code);
      throw error;
    }
  }

  static toAuthUser(claims: AccessClaims): AuthUser {
    return {
      userId: claims.sub!,
      sessionId: claims.sid,
      username: claims.unique_name,
      names: claims.given_name,
      surnames: claims.family_name,
      role: claims.LICENSE_ROLE,
      apps: Array.isArray(claims.APPS) ? claims.APPS : [claims.APPS],
      privileges: claims.PRIVILEGES ?? [],
      customerId: claims.customer_id,
      customerType: claims.customer_type,
      customerValue: claims.customer_value,
    };
  }
}
