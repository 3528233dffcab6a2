import type { AppConfig } from '../config/config.js';
import { CONNECTION_TOKEN_TTL_SECONDS, ConnectionTokens } from './connection-token.js';

describe('ConnectionTokens', () => {
  const tokens = new ConnectionTokens({ jwtSecret: 'a-test-secret-of-at-least-32-characters!' } as AppConfig);
  const session = '6f1c1c1e-4b8e-4f5e-9d43-2b7f1d0c9a11';
  const now = Date.UTC(2026, 0, 15, 12);

  it('issues a token that fits the contract and gives back its connection id', () => {
    const { connectionId, connectionToken } = tokens.issue(session, now);
    expect(connectionToken.length).toBeLessThanOrEqual(64);
    expect(connectionToken.startsWith(`${connectionId}.`)).toBe(true);
    expect(tokens.verify(connectionToken, session, now + 1000)).toBe(connectionId);
  });

  it('works on another instance sharing the secret', () => {
    const other = new ConnectionTokens({ jwtSecret: 'a-test-secret-of-at-least-32-characters!' } as AppConfig);
    const { connectionId, connectionToken } = tokens.issue(session, now);
    expect(other.verify(connectionToken, session, now)).toBe(connectionId);
    const foreign = new ConnectionTokens({ jwtSecret: 'another-secret-of-at-least-32-characters' } as AppConfig);
    expect(foreign.verify(connectionToken, session, now)).toBeNull();
  });

  it('refuses another session, an expired token and any tampering', () => {
    const { connectionToken } = tokens.issue(session, now);
    const [id, expiry, mac] = connectionToken.split('.');
    expect(tokens.verify(connectionToken, '00000000-0000-4000-8000-000000000000', now)).toBeNull();
    expect(tokens.verify(connectionToken, session, now + (CONNECTION_TOKEN_TTL_SECONDS + 1) * 1000)).toBeNull();
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    expect(tokens.verify(`${flip(id, 0)}.${expiry}.${mac}`, session, now)).toBeNull();
    expect(tokens.verify(`${id}.${(parseInt(expiry, 36) + 3600).toString(36)}.${mac}`, session, now)).toBeNull();
    expect(tokens.verify(`${id}.${expiry}.${flip(mac, 21)}`, session, now)).toBeNull();
    expect(tokens.verify('garbage', session, now)).toBeNull();
  });
});
