import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/** How long a negotiated connection token may wait for its WebSocket; clients connect at once. */
export const CONNECTION_TOKEN_TTL_SECONDS = 300;

const TOKEN = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/;

export interface NegotiatedConnection {
  connectionId: string;
  connectionToken: string;
}

/**
 * Connection tokens are self-contained, so negotiate and connect may reach different instances:
 * `<connectionId>.<expiry>.<mac>`, where the MAC (HMAC-SHA256 truncated to 128 bits, keyed from
 * the JWT secret) also covers the negotiating session. The session id is not in the token: the
 * connecting access token supplies it, so the token only works for the session that negotiated
 * it. The result fits the contract's 64 characters.
 */
@Injectable()
export class ConnectionTokens {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('licencias/hub-connection-token').digest();
  }

  issue(sessionId: string, now = Date.now()): NegotiatedConnection {
    const connectionId = randomBytes(16).toString('base64url');
    const expiry = (Math.floor(now / 1000) + CONNECTION_TOKEN_TTL_SECONDS).toString(36);
    return { connectionId, connectionToken: `${connectionId}.${expiry}.${this.mac(connectionId, expiry, sessionId)}` };
  }

  /** The connection id when the token is genuine, unexpired and was negotiated by `sessionId`; otherwise null. */
  verify(token: string, sessionId: string, now = Date.now()): string | null {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const [, connectionId, expiry, mac] = match;
    if (parseInt(expiry, 36) * 1000 < now) return null;
    // Compared as text: base64url decoding ignores the last character's spare bits.
    const expected = Buffer.from(this.mac(connectionId, expiry, sessionId));
    return timingSafeEqual(Buffer.from(mac), expected) ? connectionId : null;
  }

  private mac(connectionId: string, expiry: string, sessionId: string): string {
    return createHmac('sha256', this.key).update(`${connectionId}.${expiry}.${sessionId}`).digest().subarray(0, 16).toString('base64url');
  }
}
