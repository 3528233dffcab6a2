import { describe, expect, it } from 'vitest';
import { decodeLoginToken, encodeLoginToken, isLoginTokenShaped } from './login-token';

const jwt = (claims: Record<string, unknown>) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.firma`;
const token = jwt({ sub: 'u', sid: 's', exp: 4102444800, unique_name: 'cliente', given_name: 'Andrés', APPS: 'STORE' });

describe('login token', () => {
  it('round-trips the link parameter, accents included', () => {
    const login = { token, refreshToken: 'r1', userName: 'cliente', parameters: { nota: 'Señal' } };
    expect(decodeLoginToken(encodeLoginToken(login))).toEqual(login);
  });
  it('takes the user name from the token when the link leaves it out', () => {
    const encoded = Buffer.from(JSON.stringify({ token, refreshToken: 'r1' })).toString('base64url');
    expect(decodeLoginToken(encoded)?.userName).toBe('cliente');
  });
  it('refuses values that do not decode to a sign-in parameter', () => {
    expect(decodeLoginToken('carrito')).toBeUndefined();
    expect(decodeLoginToken('%%%')).toBeUndefined();
    expect(decodeLoginToken(Buffer.from('{"token":"x","refreshToken":"y"}').toString('base64url'))).toBeUndefined();
    expect(decodeLoginToken(Buffer.from(JSON.stringify({ token, refreshToken: 'r', parameters: 3 })).toString('base64url'))).toBeUndefined();
    expect(decodeLoginToken(Buffer.from(JSON.stringify({ token })).toString('base64url'))).toBeUndefined();
  });
  it('takes as a sign-in parameter only base64url text of a JSON object', () => {
    expect(isLoginTokenShaped(encodeLoginToken({ token, refreshToken: 'r1', userName: 'cliente' }))).toBe(true);
    // A broken link is still shaped like one: it signs out with the warning.
    expect(isLoginTokenShaped(Buffer.from('{"token":"x"').toString('base64url'))).toBe(true);
    expect(isLoginTokenShaped('paquetes')).toBe(false);
    expect(isLoginTokenShaped('carrito')).toBe(false);
    expect(isLoginTokenShaped('configuracionesdelsistemaavanzadas')).toBe(false);
    expect(isLoginTokenShaped('favicon.ico')).toBe(false);
    expect(isLoginTokenShaped(Buffer.from('[1,2]').toString('base64url'))).toBe(false);
  });
});
