import { apps, decodeClaims, displayName, firstName, hasAny, isExpired, isStaff, privileges, type TokenClaims } from './claims.js';
import { unsignedToken } from './testing/shared-rules.cases.js';

const claims = (changes: Partial<TokenClaims> = {}): TokenClaims => ({
  sub: '3',
  exp: Math.floor(Date.now() / 1000) + 600,
  sid: 's-1',
  unique_name: 'cliente',
  given_name: 'Andrés',
  family_name: 'Gómez Salazar',
  APPS: 'STORE',
  LICENSE_ROLE: 'CUSTOMER',
  PRIVILEGES: ['CUSTOMER_PORTAL'],
  ...changes,
});

describe('token claims', () => {
  it('decodes a token with non-ASCII names', () => {
    expect(decodeClaims(unsignedToken(claims()))).toMatchObject({ given_name: 'Andrés', family_name: 'Gómez Salazar', LICENSE_ROLE: 'CUSTOMER' });
  });

  it('reads nothing from what is not a token', () => {
    expect(decodeClaims('')).toBeUndefined();
    expect(decodeClaims('a.%%%.c')).toBeUndefined();
    expect(decodeClaims(`a.${btoa('"texto"')}.c`)).toBeUndefined();
  });

  it('knows staff by APPS LICENSE, one or several', () => {
    expect(isStaff(claims({ APPS: 'LICENSE' }))).toBe(true);
    expect(isStaff(claims({ APPS: ['STORE', 'LICENSE'] }))).toBe(true);
    expect(isStaff(claims())).toBe(false);
    expect(isStaff(undefined)).toBe(false);
    expect(apps(claims({ APPS: ['STORE', ''] }))).toEqual(['STORE']);
  });

  it('reads privileges', () => {
    expect(privileges(claims())).toEqual(['CUSTOMER_PORTAL']);
    expect(hasAny(claims(), ['PACKAGES', 'CUSTOMER_PORTAL'])).toBe(true);
    expect(hasAny(claims(), ['PACKAGES'])).toBe(false);
    expect(privileges(undefined)).toEqual([]);
  });

  it('names the user', () => {
    expect(displayName(claims())).toBe('Andrés Gómez Salazar');
    expect(displayName(claims({ given_name: '', family_name: '' }))).toBe('cliente');
    expect(firstName(claims())).toBe('Andrés');
    expect(firstName(undefined, 'visitante')).toBe('visitante');
  });

  it('treats a token as expired 10 seconds early', () => {
    const now = Date.now();
    expect(isExpired(unsignedToken(claims({ exp: Math.floor(now / 1000) + 5 })), now)).toBe(true);
    expect(isExpired(unsignedToken(claims({ exp: Math.floor(now / 1000) + 60 })), now)).toBe(false);
    expect(isExpired('nada')).toBe(true);
  });
});
