import { MikroORM } from '@mikro-orm/sql';
import { SeedService } from '../seed/seed.service.js';
import { useTestApp } from '../test-support/fixture.js';

const day = (offset: number) => new Date(Date.now() - 5 * 3600 * 1000 + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
const promoCode = (promotionCode: string) => ({
  promotionCode,
  descriptionPromotionCode: 'Código de prueba de cambio de permisos',
  useQuantity: 5,
  offerTypeCode: 'PTJ',
  offerValue: 10,
  effectiveStartDate: day(0),
  expirationDate: day(10),
  typeUserId: 1,
  applyTotalPurchase: false,
  packageIds: [1],
});

function claims(token: string): { sub: string; sid: string; PRIVILEGES: string[] } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub: string; sid: string; PRIVILEGES: string[] };
}

describe('privilege changes take effect at once', () => {
  // The demo data: its superadmin signs in, and its catalogue is there to refer to.
  const t = useTestApp({ DEMO_DATA: 'true' });
  let admin: string;
  beforeAll(async () => {
    admin = (await t.api.login('superadmin')).token;
  });

  /** The session row itself: whether it ended and why. */
  async function sessionOf(token: string): Promise<{ ended: boolean; reason: string | null }> {
    const [row] = await t.app
      .get(MikroORM)
      .em.fork()
      .execute<{ ended_at: unknown; end_reason: string | null }[]>('select ended_at, end_reason from session where id = ?', [claims(token).sid]);
    return { ended: row.ended_at !== null, reason: row.end_reason };
  }

  it('a user moved from LICENSEPROMOCODE to CUSTOMER can no longer create promo codes with the old token', async () => {
    const before = await t.api.login('promocode');
    const other = await t.api.login('comercial');
    await t.api.post('/api/v1/promo-codes', before.token).send(promoCode('ANTES1')).expect(201);

    const id = claims(before.token).sub;
    const { version } = (await t.api.get(`/api/v1/users/${id}`, admin).expect(200)).body;
    await t.api.put(`/api/v1/users/${id}`, admin).send({ roleCode: 'CUSTOMER', version }).expect(200);

    const refused = await t.api.post('/api/v1/promo-codes', before.token).send(promoCode('DESPUES1')).expect(401);
    expect(refused.body.statusMessage).toBe('La sesión ha finalizado');
    expect(await sessionOf(before.token)).toEqual({ ended: true, reason: 'PRIVILEGES_CHANGED' });
    await t.api.post('/api/Login/RefreshToken').send({ UserName: 'promocode', RefreshToken: before.refreshToken }).expect(401);
    // Signed in again, the user holds the new role's privileges only.
    const after = await t.api.login('promocode');
    expect(claims(after.token).PRIVILEGES).not.toContain('LICENSE_PROMOCODE_CREATE');
    await t.api.post('/api/v1/promo-codes', after.token).send(promoCode('DESPUES2')).expect(403);
    // Other users keep their sessions.
    expect(await sessionOf(other.token)).toEqual({ ended: false, reason: null });
    await t.api.get('/api/v1/promo-codes', other.token).expect(200);
  });

  it('saving a user without changing the role keeps its sessions', async () => {
    const session = await t.api.login('financiero');
    const id = claims(session.token).sub;
    const user = (await t.api.get(`/api/v1/users/${id}`, admin).expect(200)).body;
    await t.api.put(`/api/v1/users/${id}`, admin).send({ roleCode: user.roleCode, names: 'Fabio', version: user.version }).expect(200);
    expect(await sessionOf(session.token)).toEqual({ ended: false, reason: null });
  });

  it('a role whose privileges differ from the matrix at start ends the sessions of its users', async () => {
    const orm = t.app.get(MikroORM);
    // As a previous release left it: LICENSECOMERCIAL also held PACKAGES, and its users signed in with it.
    await orm.em.fork().execute(`insert into role_privilege (role_code, privilege_code) values ('LICENSECOMERCIAL', 'PACKAGES')`);
    const widened = await t.api.login('comercial');
    expect(claims(widened.token).PRIVILEGES).toContain('PACKAGES');
    const unaffected = await t.api.login('financiero');

    await t.app.get(SeedService).onApplicationBootstrap();

    expect(await sessionOf(widened.token)).toEqual({ ended: true, reason: 'PRIVILEGES_CHANGED' });
    await t.api.get('/api/v1/promo-codes', widened.token).expect(401);
    expect(await sessionOf(unaffected.token)).toEqual({ ended: false, reason: null });
    const again = await t.api.login('comercial');
    expect(claims(again.token).PRIVILEGES).not.toContain('PACKAGES');
  });
});
