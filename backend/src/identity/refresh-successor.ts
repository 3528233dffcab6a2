import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface SealedPair {
  token: string;
  refreshToken: string;
  expiresIn: number;
}

/**
 * The pair a refresh token was rotated into, sealed (AES-256-GCM) with a key derived from that
 * refresh token. Only its hash is stored, so the row alone opens nothing: whoever presents the
 * rotated token within the reuse interval can read the pair it already got, nobody else.
 */
function keyOf(refreshToken: string): Buffer {
  return createHash('sha256').update('refresh-successor\0').update(refreshToken).digest();
}

export function sealSuccessor(refreshToken: string, pair: SealedPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

/** The sealed pair, or null when it does not open with this token. */
export function openSuccessor(refreshToken: string, sealed: string): SealedPair | null {
  try {
    const [iv, body, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', keyOf(refreshToken), iv);
    decipher.setAuthTag(tag);
    return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')) as SealedPair;
  } catch {
    return null;
  }
}
