import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { AppConfig } from '../config/config.js';
import type { AuthUser } from './auth-user.js';
import { EXTERNAL_SOURCES_AUDIENCE, InvalidTokenError, TokenService } from './token.service.js';

const config = { jwtSecret: 'una-clave-de-prueba-de-al-menos-32-caracteres', accessTokenTtlSeconds: 60 } as AppConfig;
const user: AuthUser = {
  userId: '11111111-1111-4111-8111-111111111111',
  sessionId: '22222222-2222-4222-8222-222222222222',
  username: 'ana',
  names: 'Ana',
  surnames: 'Pérez',
  role: 'ADMIN',
  apps: ['license'],
  privileges: ['LIST_PACKAGES'],
};

// A verified token is remembered (its signature is not checked again), never past its expiry.
describe('TokenService.verify', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('accepts a token again within its lifetime and refuses it once it has expired', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const tokens = new TokenService(config);
    const { token } = await tokens.signAccessToken(user);
    expect((await tokens.verify(token)).sid).toBe(user.sessionId);
    jest.setSystemTime(new Date('2026-11-25T12:00:59Z'));
    expect((await tokens.verify(token)).sub).toBe(user.userId);
    jest.setSystemTime(new Date('2026-11-25T12:01:01Z'));
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a remembered token for another audience and a token whose signature was altered', async () => {
    const tokens = new TokenService(config);
    const { token } = await tokens.signAccessToken(user);
    await tokens.verify(token);
    await expect(tokens.verify(token, EXTERNAL_SOURCES_AUDIENCE)).rejects.toBeInstanceOf(InvalidTokenError);
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(tokens.verify(altered)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

// The guard picks the verification by the token's header; a forged header only picks the wrong check.
describe('TokenService.isPartnerToken', () => {
  it("tells a partner's access token from a user's and an external-sources one", async () => {
    const tokens = new TokenService({ ...config, partnerTokenTtlSeconds: 60, adminIbuhoTokenTtlSeconds: 60 } as AppConfig);
    const partner = await tokens.signPartnerToken({
      apiClientId: '33333333-3333-4333-8333-333333333333',
      clientId: 'cn-app',
      appName: 'colnomina',
      privileges: ['BALANCES_READ'],
    });
    expect(TokenService.isPartnerToken(partner.token)).toBe(true);
    expect((await tokens.verifyPartner(partner.token)).clientId).toBe('cn-app');
    expect(TokenService.isPartnerToken((await tokens.signAccessToken(user)).token)).toBe(false);
    expect(TokenService.isPartnerToken((await tokens.signExternalSourcesToken(user)).token)).toBe(false);
    expect(TokenService.isPartnerToken('no.es.un-token')).toBe(false);
  });
});
