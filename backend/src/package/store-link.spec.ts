import { randomBytes } from 'node:crypto';
import { openPackageLink, type PackageLinkPayload, sealPackageLink } from './store-link.js';

describe('package links (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const now = new Date('2026-11-27T12:00:00Z');
  const payload: PackageLinkPayload = { packageId: 42, quantity: 3, promotionCode: 'NAVIDAD', appName: 'colnomina', expiresAt: now.getTime() + 60_000 };

  it('opens what it sealed, and two seals of one payload differ (random IV)', () => {
    const token = sealPackageLink(key, payload);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(openPackageLink(key, token, now)).toEqual(payload);
    expect(sealPackageLink(key, payload)).not.toBe(token);
  });

  it('refuses a link changed in any byte, made with another key, expired or malformed', () => {
    const token = sealPackageLink(key, payload);
    const raw = Buffer.from(token, 'base64url');
    for (let i = 0; i < raw.length; i++) {
      const changed = Buffer.from(raw);
      changed[i] = (changed[i] as number) ^ 1;
      expect(openPackageLink(key, changed.toString('base64url'), now)).toBeNull();
    }
    expect(openPackageLink(randomBytes(32), token, now)).toBeNull();
    expect(openPackageLink(key, token, new Date(payload.expiresAt))).toBeNull();
    for (const bad of ['', 'abc', 'no/es+base64url=', token.slice(0, 20)]) expect(openPackageLink(key, bad, now)).toBeNull();
  });
});
