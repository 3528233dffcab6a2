import { decodeClaims } from '@licencias/common/claims';
import type { KeyValueStorage } from '@licencias/common/session';

/**
 * The sign-in parameter of a link (`/{token}`, `/myplan/{token}`): the base64url encoding of the
 * UTF-8 JSON `{token, refreshToken, userName, parameters?}`. `userName` may be left out: the
 * token's `unique_name` is used.
 */
export interface LoginToken {
  token: string;
  refreshToken: string;
  userName: string;
  parameters?: Record<string, unknown>;
}

const PARAMETERS_KEY = 'licencias.loginParameters';

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return undefined;
  const base64 = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  try {
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function encodeLoginToken(login: LoginToken): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(login)));
}

/**
 * Whether a path segment is shaped like a sign-in parameter: base64url text whose bytes begin a
 * JSON object (`{`). Only such a value is taken as a link to sign in with (and signs out when it
 * does not decode); any other single segment, such as `/paquetes`, is an unknown address.
 */
export function isLoginTokenShaped(text: string): boolean {
  const bytes = fromBase64Url(text.trim());
  return bytes !== undefined && bytes.length >= 2 && bytes[0] === 0x7b;
}

/** The sign-in parameter, or undefined when it does not decode to one (the caller signs out). */
export function decodeLoginToken(text: string): LoginToken | undefined {
  const bytes = fromBase64Url(text.trim());
  if (!bytes) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !isText(value.token) || !isText(value.refreshToken)) return undefined;
  const claims = decodeClaims(value.token);
  const userName = isText(value.userName) ? value.userName.trim() : claims?.unique_name;
  if (!claims || !isText(userName)) return undefined;
  if (value.parameters !== undefined && !isRecord(value.parameters)) return undefined;
  return { token: value.token, refreshToken: value.refreshToken, userName, ...(value.parameters ? { parameters: value.parameters } : {}) };
}

/** Keeps the link's parameters for the pages that read them; cleared with the session. */
export function storeLoginParameters(storage: KeyValueStorage, parameters?: Record<string, unknown>): void {
  if (parameters) storage.setItem(PARAMETERS_KEY, JSON.stringify(parameters));
  else storage.removeItem(PARAMETERS_KEY);
}
