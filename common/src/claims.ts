/**
 * The access token's claims, declared once: the backend signs them (auth/token.service.ts) and
 * the back office and the storefront read them. Names follow what the old product's front ends
 * read.
 */

/** The APPS value of back-office staff. */
export const STAFF_APP = 'LICENSE';
/** The APPS value of storefront customers. */
export const CUSTOMER_APP = 'STORE';

/** The claims the server puts in an access token, besides the registered ones (sub, exp, iss, aud, iat, jti). */
export interface AccessTokenClaims {
  /** The session (refresh-token family) the token belongs to. */
  sid: string;
  unique_name: string;
  given_name: string;
  family_name: string;
  customer_id?: string;
  customer_type?: string;
  customer_value?: string;
  /** One application, or several. */
  APPS: string | string[];
  /** The user's one role code ('SUPERADMIN', 'CUSTOMER', ...). */
  LICENSE_ROLE: string;
  PRIVILEGES: string[];
}

/** What the front ends read from a token: its claims with the subject and the expiry. */
export interface TokenClaims extends AccessTokenClaims {
  sub: string;
  exp: number;
}

/** The claims of a JWT, unverified (the server verifies; the browser only reads); undefined when unreadable. */
export function decodeClaims(token: string): TokenClaims | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? (claims as TokenClaims) : undefined;
  } catch {
    return undefined;
  }
}

/** Expiry is checked against the current time, with a margin for clock skew and latency. */
export function isExpired(token: string, now = Date.now(), marginSeconds = 10): boolean {
  const claims = decodeClaims(token);
  return !claims || typeof claims.exp !== 'number' || claims.exp * 1000 <= now + marginSeconds * 1000;
}

export function apps(claims: TokenClaims | undefined): string[] {
  if (!claims) return [];
  return [claims.APPS].flat().filter(Boolean);
}

export function privileges(claims: TokenClaims | undefined): string[] {
  return claims?.PRIVILEGES ?? [];
}

export function hasAny(claims: TokenClaims | undefined, required: readonly string[]): boolean {
  const own = privileges(claims);
  return required.some((p) => own.includes(p));
}

/** Back-office staff: APPS holds LICENSE. */
export function isStaff(claims: TokenClaims | undefined): boolean {
  return apps(claims).includes(STAFF_APP);
}

/** The name a screen greets the user by: names and surnames, else the user name. */
export function displayName(claims: TokenClaims | undefined, fallback = ''): string {
  const name = [claims?.given_name, claims?.family_name].filter(Boolean).join(' ').trim();
  return name || claims?.unique_name || fallback;
}

/** The first name alone (the storefront's header greeting), else the user name. */
export function firstName(claims: TokenClaims | undefined, fallback = ''): string {
  return claims?.given_name?.trim() || claims?.unique_name || fallback;
}
