import { randomUUID } from 'node:crypto';
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

/** Signs and verifies JWTs with one pinned algorithm and a secret from configuration. */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.key = new TextEncoder().encode(config.jwtSecret);
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
      .sign(this.key);
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
      .sign(this.key);
    return { token, expiresIn };
  }

  async verify(token: string, audience = API_AUDIENCE): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify<AccessClaims>(token, this.key, { algorithms: [ALGORITHM], issuer: ISSUER, audience });
      if (!payload.sub || !payload.sid) throw new InvalidTokenError('token without subject or session');
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
