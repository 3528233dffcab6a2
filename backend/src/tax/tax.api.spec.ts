import { bogotaToday } from '@licencias/common/dates';
import { useTestApp } from '../test-support/fixture.js';

describe('GET /api/v1/tax-parameters: the dated parameters and their sources', () => {
  const t = useTestApp();
  let comercial: string;
  let promo: string;

  beforeAll(async () => {
    [comercial, promo] = await Promise.all([t.signIn('LICENSECOMERCIAL'), t.signIn('LICENSEPROMOCODE')]);
  });

  it('marks what is in force on a Bogotá day, with minimum bases in pesos of that day', async () => {
    const res = await t.api.get('/api/v1/tax-parameters?date=2025-12-31', comercial).expect(200);
    expect(res.body.day).toBe('2025-12-31');
    expect(res.body.uvt).toBe('49799');
    const find = (concept: string, kind: string, validFrom: string, daneCode = '*') =>
      res.body.parameters.find(
        (p: { concept: string; kind: string; validFrom: string; daneCode: string }) =>
          p.concept === concept && p.kind === kind && p.validFrom === validFrom && p.daneCode === daneCode,
      );
    expect(find('UVT', '*', '2025-01-01')).toEqual({
      concept: 'UVT',
      kind: '*',
      daneCode: '*',
      validFrom: '2025-01-01',
      value: '49799',
      minBaseUvt: '0',
      minBase: null,
      source: 'Resolución DIAN 000193 de 2024: UVT 2025 $49.799',
      inForce: true,
    });
    expect(find('UVT', '*', '2026-01-01')).toMatchObject({ value: '52374', inForce: false, source: 'Resolución DIAN 000238 de 2025: UVT 2026 $52.374' });
    // Purchases: 27 UVT until 31 May 2025, 10 UVT from 1 June (Decreto 0572 de 2025); 10 × 49.799 = 497.990 → 498.000.
    expect(find('RETEFUENTE', 'PURCHASE', '2025-01-01')).toMatchObject({ value: '2.5', minBaseUvt: '27', inForce: false });
    expect(find('RETEFUENTE', 'PURCHASE', '2025-06-01')).toMatchObject({ value: '2.5', minBaseUvt: '10', minBase: '498000', inForce: true });
    expect(find('RETEFUENTE', 'SOFTWARE_LICENCE', '2025-01-01')).toMatchObject({ value: '3.5', minBase: '0', inForce: true });
    expect(find('RETEICA', 'SOFTWARE_LICENCE', '2025-01-01', '11001')).toMatchObject({ value: '9.66', minBaseUvt: '4', minBase: '199000', inForce: true });

    const in2026 = await t.api.get('/api/v1/tax-parameters?date=2026-01-01', comercial).expect(200);
    expect(in2026.body.uvt).toBe('52374');
  });

  it('reads today in Bogotá by default', async () => {
    const res = await t.api.get('/api/v1/tax-parameters', comercial).expect(200);
    expect(res.body.day).toBe(bogotaToday());
  });

  it('refuses a day before the first UVT (422) and a text that is not a day (400)', async () => {
    const early = await t.api.get('/api/v1/tax-parameters?date=2024-12-31', comercial).expect(422);
    expect(early.body.statusMessage).toBe('No hay UVT vigente el 2024-12-31.');
    expect(early.body.statusDetails).toEqual([{ field: 'date', description: 'No hay UVT vigente el 2024-12-31.' }]);
    const bad = await t.api.get('/api/v1/tax-parameters?date=31-12-2025', comercial).expect(400);
    expect(bad.body.statusDetails).toEqual([{ field: 'query.date', description: 'debe coincidir con el formato "date"' }]);
  });

  it('is for the licences staff only', async () => {
    await t.api.get('/api/v1/tax-parameters', promo).expect(403);
    await t.api.get('/api/v1/tax-parameters').expect(401);
  });
});
