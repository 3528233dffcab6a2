import { MikroORM } from '@mikro-orm/sql';
import { createCustomer, createLicence, createService, createServiceFeature, partnerToken, unique } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

interface Setup {
  nit: string;
  code: string;
  licenceId: number;
  balanceId: number;
}

describe('partner API: consumptions, reversals and balances', () => {
  const t = useTestApp();
  let token: string;
  let otherBrandToken: string;

  beforeAll(async () => {
    token = (await partnerToken(t, { appName: 'colnomina' })).token;
    otherBrandToken = (await partnerToken(t, { appName: 'firmaya' })).token;
  });

  /** A company with a colnomina licence holding `quantity` of a new feature. */
  async function setup(quantity: number | null = 100, dates: { effectiveAt?: Date; expiresAt?: Date } = {}): Promise<Setup> {
    const service = await createService(t, { appName: 'colnomina' });
    const feature = await createServiceFeature(t, { serviceId: service.id });
    const customer = await createCustomer(t);
    const licence = await createLicence(t, {
      customerId: customer.id,
      serviceId: service.id,
      features: [{ serviceFeatureId: feature.id, quantity }],
      ...dates,
    });
    return { nit: customer.documentNumber, code: feature.serviceFeatureCode, licenceId: licence.id, balanceId: licence.balances[0]!.id };
  }

  const consume = (s: Setup, key: string, over: Record<string, unknown> = {}, as = token) =>
    t.api
      .post('/api/v1/consumptions', as)
      .set('Idempotency-Key', key)
      .send({ documentType: 'NIT', documentNumber: s.nit, serviceFeatureCode: s.code, quantity: 1, ...over });

  async function ledger(balanceId: number): Promise<{ used: number; movements: number }> {
    const em = t.app.get(MikroORM).em.fork();
    const [row] = await em.execute<{ used: number; movements: number }[]>(
      `select b.used, (select coalesce(sum(case kind when 'CONSUMPTION' then quantity when 'REVERSAL' then -quantity else 0 end), 0)
                         from licence_movement m where m.balance_id = b.id) as movements
         from licence_balance b where b.id = ?`,
      [balanceId],
    );
    return { used: Number(row!.used), movements: Number(row!.movements) };
  }

  it('consumes, answers the balance left, and refuses an overdraw with 422 writing nothing', async () => {
    const s = await setup(5);
    const res = await consume(s, unique('k-'), { quantity: 4, reference: 'factura 1' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), licenceId: s.licenceId, quantity: 4, balance: { total: 5, used: 4, available: 1, unlimited: false } });
    const over = await consume(s, unique('k-'), { quantity: 2 });
    expect(over.status).toBe(422);
    expect(over.body.statusMessage).toBe('Sin disponibilidad');
    expect(await ledger(s.balanceId)).toEqual({ used: 4, movements: 4 });
  });

  it('draws for the moment the use occurred: in force then and not ended now; never before its start, after its end, or in the future', async () => {
    const hour = 3600_000;
    const s = await setup(10, { effectiveAt: new Date(Date.now() - 48 * hour) });
    const yesterday = new Date(Date.now() - 24 * hour).toISOString();
    const late = await consume(s, unique('k-'), { occurredAt: yesterday });
    expect(late.status).toBe(201);
    const em = t.app.get(MikroORM).em.fork();
    const [movement] = await em.execute<{ occurred_at: Date }[]>('select occurred_at from licence_movement where id = ?', [late.body.id]);
    expect(new Date(movement!.occurred_at).toISOString()).toBe(yesterday);
    const before = await consume(s, unique('k-'), { occurredAt: new Date(Date.now() - 72 * hour).toISOString() });
    expect(before.status).toBe(422);
    expect(before.body.statusMessage).toBe('Sin disponibilidad');
    const future = await consume(s, unique('k-'), { occurredAt: new Date(Date.now() + hour).toISOString() });
    expect(future.status).toBe(422);
    expect(future.body.statusMessage).toBe('La fecha del consumo (occurredAt) no puede ser futura.');
    // Ended an hour ago, not yet closed by the expiry job: a use of the day before is refused too.
    const ended = await setup(10, { effectiveAt: new Date(Date.now() - 48 * hour), expiresAt: new Date(Date.now() - hour) });
    const afterEnd = await consume(ended, unique('k-'), { occurredAt: yesterday });
    expect(afterEnd.status).toBe(422);
    expect(afterEnd.body.statusMessage).toBe('Sin disponibilidad');
    expect(await ledger(s.balanceId)).toEqual({ used: 1, movements: 1 });
    expect(await ledger(ended.balanceId)).toEqual({ used: 0, movements: 0 });
  });

  it('replays the same key and body, refuses the same key with another body, and requires the key', async () => {
    const s = await setup(10);
    const key = unique('k-');
    const first = await consume(s, key, { quantity: 2 });
    const again = await consume(s, key, { quantity: 2 });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const other = await consume(s, key, { quantity: 3 });
    expect(other.status).toBe(422);
    expect(other.body.statusMessage).toBe('Esta Idempotency-Key ya se usó con otra solicitud.');
    const missing = await t.api
      .post('/api/v1/consumptions', token)
      .send({ documentType: 'NIT', documentNumber: s.nit, serviceFeatureCode: s.code, quantity: 1 });
    expect(missing.status).toBe(400);
    expect(await ledger(s.balanceId)).toEqual({ used: 2, movements: 2 });
  });

  it('500 concurrent consumptions of 1 on a balance of 100: exactly 100 succeed, the rest 422, used = sum of movements', async () => {
    const s = await setup(100);
    const statuses: number[] = [];
    for (let i = 0; i < 500; i += 100) {
      const batch = await Promise.all(Array.from({ length: 100 }, (_, j) => consume(s, `race-${i + j}-${s.nit}`)));
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((c) => c === 201)).toHaveLength(100);
    expect(statuses.filter((c) => c === 422)).toHaveLength(400);
    expect(await ledger(s.balanceId)).toEqual({ used: 100, movements: 100 });
  });

  it('one Idempotency-Key sent 50 times at once: one movement, identical 201 answers, 409 only while the first is in flight', async () => {
    const s = await setup(100);
    const key = unique('same-');
    const answers = await Promise.all(Array.from({ length: 50 }, () => consume(s, key, { quantity: 3 })));
    const created = answers.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    for (const r of created) expect(r.body).toEqual(created[0]!.body);
    for (const r of answers.filter((a) => a.status === 409))
      expect(r.body.statusMessage).toBe('Una solicitud con esta Idempotency-Key sigue en curso; reinténtala en un momento.');
    // Once the first is done, the key only replays.
    const after = await consume(s, key, { quantity: 3 });
    expect(after.status).toBe(201);
    expect(after.body).toEqual(created[0]!.body);
    expect(await ledger(s.balanceId)).toEqual({ used: 3, movements: 3 });
  });

  it('reverses a consumption once, also when the reversal races another', async () => {
    const s = await setup(10);
    const c = await consume(s, unique('k-'), { quantity: 4 });
    const [a, b] = await Promise.all([
      t.api.post(`/api/v1/consumptions/${c.body.id}/reversal`, token),
      t.api.post(`/api/v1/consumptions/${c.body.id}/reversal`, token),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    const done = a.status === 201 ? a : b;
    expect(done.body).toEqual({
      id: expect.any(Number),
      consumptionId: c.body.id,
      licenceId: s.licenceId,
      quantity: 4,
      balance: { total: 10, used: 0, available: 10, unlimited: false },
    });
    expect((a.status === 422 ? a : b).body.statusMessage).toBe('El consumo ya fue reversado.');
    expect(await ledger(s.balanceId)).toEqual({ used: 0, movements: 0 });
  });

  it('consumption against reversal of the same balance: the ledger and the balance agree', async () => {
    const s = await setup(20);
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => consume(s, `cr-${i}-${s.nit}`)));
    const mixed = await Promise.all([
      ...first.map((c) => t.api.post(`/api/v1/consumptions/${c.body.id}/reversal`, token)),
      ...Array.from({ length: 15 }, (_, i) => consume(s, `cr2-${i}-${s.nit}`)),
    ]);
    expect(mixed.slice(0, 10).every((r) => r.status === 201)).toBe(true);
    const state = await ledger(s.balanceId);
    expect(state.used).toBe(state.movements);
    expect(state.used).toBe(mixed.slice(10).filter((r) => r.status === 201).length);
  });

  it('reads balances with percentageUsed and the availability label, only of its brand', async () => {
    const s = await setup(100);
    await consume(s, unique('k-'), { quantity: 85 });
    const res = await t.api.get(`/api/v1/balances?documentType=NIT&documentNumber=${s.nit}&serviceFeatureCode=${s.code}`, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        licenceId: s.licenceId,
        serviceFeatureCode: s.code,
        total: 100,
        used: 85,
        available: 15,
        unlimited: false,
        percentageUsed: 85,
        availability: 'Baja disponibilidad',
      },
    ]);
    await consume(s, unique('k-'), { quantity: 15 });
    const full = await t.api.get(`/api/v1/balances?documentType=NIT&documentNumber=${s.nit}`, token);
    expect(full.body[0]).toMatchObject({ percentageUsed: 100, availability: 'Sin disponibilidad' });

    const other = await t.api.get(`/api/v1/balances?documentType=NIT&documentNumber=${s.nit}`, otherBrandToken);
    expect(other.status).toBe(404);
    expect(other.body.statusMessage).toBe('El cliente no tiene saldos en esta marca');
  });

  it('keeps a client to its brand and privileges', async () => {
    const s = await setup(10);
    const foreign = await consume(s, unique('k-'), {}, otherBrandToken);
    expect(foreign.status).toBe(403);
    expect(foreign.body.statusMessage).toBe('La característica es de un servicio de otra marca');
    const c = await consume(s, unique('k-'));
    expect((await t.api.post(`/api/v1/consumptions/${c.body.id}/reversal`, otherBrandToken)).status).toBe(404);

    const reader = (await partnerToken(t, { appName: 'colnomina', privileges: ['BALANCES_READ'] })).token;
    expect((await consume(s, unique('k-'), {}, reader)).status).toBe(403);
    const writer = (await partnerToken(t, { appName: 'colnomina', privileges: ['CONSUMPTIONS_WRITE'] })).token;
    expect((await t.api.get(`/api/v1/balances?documentType=NIT&documentNumber=${s.nit}`, writer)).status).toBe(403);
    const staff = await t.signIn('SUPERADMIN');
    expect((await consume(s, unique('k-'), {}, staff)).status).toBe(403);

    const unknownCustomer = await consume({ ...s, nit: '1' }, unique('k-'));
    expect(unknownCustomer.status).toBe(404);
    expect(unknownCustomer.body.statusMessage).toBe('No se encontró el cliente');
    const unknownFeature = await consume({ ...s, code: 'NO_EXISTE' }, unique('k-'));
    expect(unknownFeature.status).toBe(404);
    expect(unknownFeature.body.statusMessage).toBe('La característica no existe');
    expect(await ledger(s.balanceId)).toEqual({ used: 1, movements: 1 });
  });
});
