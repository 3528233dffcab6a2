import { randomUUID, webcrypto } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { AuthUser } from './auth-user.js';
import type { AccessTokenClaims } from '@licencias/common/claims';

const ALGORITHM = 'HS256';
const ISSUER = 'licencias';
export const API_AUDIENCE = 'licencias-api';
export const EXTERNAL_SOURCES_AUDIENCE = 'externalsources';

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
  private readonly verified = new Map<string, AccessClaims>();

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
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(user.userId)
      .setIssuer(ISSUER)
      .setAudience(API_AUDIENCE)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(await this.key);
    return { token, expiresIn, expiresAt: new Date((now + expiresIn) * 1000) };
  }

  /** A short-lived token whose audience only admits the external-source lookups (see docs/architecture.md). */
  async signExternalSourcesToken(user: AuthUser): Promise<{ token: string; expiresIn: number }> {
    const expiresIn = this.config.adminIbuhoTokenTtlSeconds;
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ sid: user.sessionId, unique_name: user.username, scope: 'externalsources:read' })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(user.userId)
      .setIssuer(ISSUER)
      .setAudience(EXTERNAL_SOURCES_AUDIENCE)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(await this.key);
    return { token, expiresIn };
  }

  async verify(token: string, audience = API_AUDIENCE): Promise<AccessClaims> {
    const cacheKey = `${audience} ${token}`;
    const known = this.verified.get(cacheKey);
    if (known) {
      if (known.exp !== undefined && known.exp * 1000 > Date.now()) return known;
      this.verified.delete(cacheKey);
    }
    try {
      const { payload } = await jwtVerify<AccessClaims>(token, await this.key, { algorithms: [ALGORITHM], issuer: ISSUER, audience });
      if (!payload.sub || !payload.sid) throw new InvalidTokenError('token without subject or session');
      if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
      this.verified.set(cacheKey, Object.freeze(payload));
      return payload;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
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
