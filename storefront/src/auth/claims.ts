import { apps, type TokenClaims } from '@licencias/common/session';

/** Back-office staff: the token's APPS claim holds LICENSE. */
export function isStaff(claims: TokenClaims | undefined): boolean {
  return apps(claims).some((app) => app.toUpperCase() === 'LICENSE');
}

/** The name shown in the header. */
export function displayName(claims: TokenClaims | undefined, fallback = ''): string {
  const name = [claims?.given_name, claims?.family_name].filter(Boolean).join(' ').trim();
  return name || claims?.unique_name || fallback;
}

export function firstName(claims: TokenClaims | undefined, fallback = ''): string {
  return claims?.given_name?.trim() || claims?.unique_name || fallback;
}
