import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What a package link carries (store §2 "Package links"): made by staff, read by DecryptPackage. */
export interface PackageLinkPayload {
  packageId: number;
  quantity: number;
  promotionCode: string | null;
  /** The brand whose store the link opens. */
  appName: string;
  /** Epoch ms after which the link is refused. */
  expiresAt: number;
}

/** Format version, also the additional authenticated data: a link of another format never opens. */
const VERSION = 1;
const AAD = Buffer.from('package-link:v1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** version ‖ 96-bit random IV ‖ AES-256-GCM ciphertext ‖ 128-bit tag, base64url (safe in a path segment). */
export function sealPackageLink(key: Buffer, payload: PackageLinkPayload): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(AAD);
  const body = JSON.stringify({ p: payload.packageId, q: payload.quantity, c: payload.promotionCode, a: payload.appName, e: payload.expiresAt });
  const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The payload of an authentic link still in force at `now`; null for anything else (tampered, foreign, expired, malformed). */
export function openPackageLink(key: Buffer, token: string, now: Date): PackageLinkPayload | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length < 1 + IV_BYTES + TAG_BYTES + 1 || raw[0] !== VERSION) return null;
  let value: { p: unknown; q: unknown; c: unknown; a: unknown; e: unknown };
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(1, 1 + IV_BYTES), { authTagLength: TAG_BYTES }).setAAD(AAD);
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const text = Buffer.concat([decipher.update(raw.subarray(1 + IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    value = JSON.parse(text) as typeof value;
  } catch {
    return null;
  }
  const { p, q, c, a, e } = value;
  if (!Number.isInteger(p) || !Number.isInteger(q) || typeof a !== 'string' || typeof e !== 'number' || (c !== null && typeof c !== 'string')) return null;
  if (e <= now.getTime()) return null;
  return { packageId: p as number, quantity: q as number, promotionCode: c, appName: a, expiresAt: e };
}
