import { randomUUID } from 'node:crypto';
import { type EntityManager, MikroORM, RequestContext } from '@mikro-orm/sql';
import { OrderService } from '../order/order.service.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { createApiClient, createService } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { eventually } from '../test-support/outbox.js';
import { type Receiver, startReceiver, verifiedBy } from '../test-support/webhook-receiver.js';

const RETRY = { WEBHOOK_RETRY_BASE_MS: '300', WEBHOOK_RETRY_MAX_MS: '5000', WEBHOOK_MAX_ATTEMPTS: '4', WEBHOOK_TIMEOUT_MS: '2000', OUTBOX_POLL_MS: '100' };

interface Delivery {
  id: number;
  webhookId: string;
  eventId: string;
  eventType: string;
  state: string;
  attempts: number;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  attemptLog: { attempt: number; statusCode: number | null; latencyMs: number; error: string | null }[];
}

/**
 * Partner webhooks (issue 13 item 7): subscriptions managed by the superadmin, each event POSTed
 * once per subscription, signed so that a receiver can verify it, retried with backoff until a
 * 2xx, and logged attempt by attempt.
 */
describe('partner webhooks (/api/v1/api-clients/{id}/webhooks)', () => {
  const t = useTestApp(RETRY);
  let receiver: Receiver;
  let serviceId: number;
  let admin: Awaited<ReturnType<typeof t.signIn>>;

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);
  const subscribe = (clientId: string, body: object) => t.api.post(`/api/v1/api-clients/${clientId}/webhooks`, admin).send(body);
  const deliveries = async (clientId: string): Promise<Delivery[]> => {
    const res = await t.api.get(`/api/v1/webhook-deliveries?filter=${encodeURIComponent(JSON.stringify({ apiClientId: clientId }))}`, admin);
    expect(res.status).toBe(200);
    return res.body as Delivery[];
  };
  /** An online order of `appName` moved to `to` through OrderService.transition (what a gateway's confirmation does). */
  const moveOrder = async (to: 'PAID' | 'REJECTED', appName = 'colnomina'): Promise<string> => {
    const reference = randomUUID();
    await sql(
      `insert into purchase_order (reference_uuid, app_name, service_id, state, payment_method, customer_billing, customer_service, buyer_email,
         sub_total, total_discount, tax_iva, tax_rete_iva, tax_rete_ica, tax_rete_fuente, total, created_at, updated_at)
       values (?, ?, ?, 'REGISTERED', 'EN_LINEA', '{}', '{}', 'compras@example.com', 100000, 0, 0, 0, 0, 0, 100000, now(), now())`,
      [reference, appName, serviceId],
    );
    const orm = t.app.get(MikroORM);
    await RequestContext.create(orm.em, () =>
      t.app.get(OrderService).transition(reference, 'REGISTERED', to, 'pruebas', to === 'REJECTED' ? 'Fondos insuficientes' : null),
    );
    return reference;
  };
  const bodiesOf = (reference: string) => receiver.received.filter((r) => r.body.includes(reference));

  beforeAll(async () => {
    receiver = await startReceiver();
    serviceId = (await createService(t, { appName: 'colnomina' })).id;
    admin = await t.signIn('SUPERADMIN');
  });
  afterAll(() => receiver.close());
  beforeEach(() => {
    receiver.answer = () => 200;
  });
  // Every test subscribes to the same brand: its subscriptions must not hear the next test's events.
  afterEach(() => sql(`update webhook_subscription set disabled_at = now() where disabled_at is null`));

  it('creates a subscription whose secret is shown once and kept only encrypted, lists and disables it', async () => {
    const client = await createApiClient(t, { appName: 'colnomina' });
    const res = await subscribe(client.id, { url: receiver.url, eventTypes: ['order.paid', 'licence.granted', 'order.paid'].slice(0, 2) });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ apiClientId: client.id, url: receiver.url, eventTypes: ['licence.granted', 'order.paid'], disabledAt: null });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [stored] = await sql<{ secret_sealed: string }>('select secret_sealed from webhook_subscription where id = ?', [res.body.id]);
    expect(stored!.secret_sealed).toMatch(/^v1\./);
    expect(stored!.secret_sealed).not.toContain(res.body.secret.slice(6));

    const list = await t.api.get(`/api/v1/api-clients/${client.id}/webhooks`, admin);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ ...res.body, secret: undefined }].map(({ secret: _, ...rest }) => rest));
    const disabled = await t.api.delete(`/api/v1/api-clients/${client.id}/webhooks/${res.body.id}`, admin);
    expect(disabled.status).toBe(200);
    expect(disabled.body.disabledAt).toEqual(expect.any(String));
    const missing = await t.api.delete(`/api/v1/api-clients/${client.id}/webhooks/${randomUUID()}`, admin);
    expect(missing.status).toBe(404);
    expect(missing.body.statusMessage).toBe('La suscripción de webhooks no existe');
  });

  it('refuses unknown event types, URLs that are not http(s), revoked clients, and other roles', async () => {
    const client = await createApiClient(t, { appName: 'colnomina' });
    expect((await subscribe(client.id, { url: receiver.url, eventTypes: ['order.created'] })).status).toBe(400);
    expect((await subscribe(client.id, { url: receiver.url, eventTypes: [] })).status).toBe(400);
    const ftp = await subscribe(client.id, { url: 'ftp://example.com/x', eventTypes: ['order.paid'] });
    expect(ftp.status).toBe(422);
    expect(ftp.body.statusDetails).toEqual([{ field: 'url', description: 'La URL del webhook debe ser una URL absoluta http:// o https://.' }]);
    const withPassword = await subscribe(client.id, { url: 'https://user:pass@example.com/x', eventTypes: ['order.paid'] });
    expect(withPassword.body.statusMessage).toBe('La URL del webhook no puede llevar usuario ni contraseña.');
    await t.api.delete(`/api/v1/api-clients/${client.id}`, admin).expect(200);
    const revoked = await subscribe(client.id, { url: receiver.url, eventTypes: ['order.paid'] });
    expect(revoked.status).toBe(422);
    expect(revoked.body.statusMessage).toBe('El cliente API está revocado: no puede suscribirse a eventos.');
    const comercial = await t.signIn('LICENSECOMERCIAL');
    expect((await t.api.get(`/api/v1/api-clients/${client.id}/webhooks`, comercial)).status).toBe(403);
    expect((await t.api.get('/api/v1/webhook-deliveries', comercial)).status).toBe(403);
  });

  it('POSTs each event once per subscription, signed over timestamp.body so the receiver can verify it', async () => {
    const client = await createApiClient(t, { appName: 'colnomina' });
    const created = (await subscribe(client.id, { url: receiver.url, eventTypes: ['order.paid', 'payment.rejected'] })).body;
    const reference = await moveOrder('PAID');
    await eventually('the webhook', async () => bodiesOf(reference).length === 1);
    const [request] = bodiesOf(reference);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['webhook-event']).toBe('order.paid');
    expect(Math.abs(Number(request!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    const body = JSON.parse(request!.body);
    expect(body).toEqual({
      id: request!.headers['webhook-id'],
      type: 'order.paid',
      occurredAt: expect.any(String),
      data: { referenceUuid: reference, appName: 'colnomina', serviceId, paymentMethod: 'EN_LINEA', total: '100000.00', by: 'pruebas' },
    });
    expect(verifiedBy(created.secret, request!)).toBe(true);
    // A receiver refuses a changed body, another timestamp or another secret.
    expect(verifiedBy(created.secret, { ...request!, body: request!.body.replace('100000.00', '1.00') })).toBe(false);
    expect(verifiedBy(created.secret, { ...request!, headers: { ...request!.headers, 'webhook-timestamp': '1' } })).toBe(false);
    expect(verifiedBy('whsec_otro', request!)).toBe(false);

    const rejected = await moveOrder('REJECTED');
    await eventually('the rejection webhook', async () => bodiesOf(rejected).length === 1);
    expect(JSON.parse(bodiesOf(rejected)[0]!.body).data).toEqual(expect.objectContaining({ referenceUuid: rejected, reason: 'Fondos insuficientes' }));

    const log = await deliveries(client.id);
    expect(log.map((d) => [d.eventType, d.state, d.attempts, d.lastStatusCode])).toEqual([
      ['payment.rejected', 'DONE', 1, 200],
      ['order.paid', 'DONE', 1, 200],
    ]);
    expect(log[1]).toEqual(
      expect.objectContaining({ webhookId: created.id, eventId: body.id, nextAttemptAt: null, deliveredAt: expect.any(String), lastError: null }),
    );
    expect(log[1]!.attemptLog).toEqual([{ attempt: 1, at: expect.any(String), statusCode: 200, latencyMs: expect.any(Number), error: null }]);
    const found = await t.api.get(`/api/v1/webhook-deliveries?filter=${encodeURIComponent(JSON.stringify({ q: body.id }))}`, admin).expect(200);
    expect(found.body.map((d: Delivery) => d.id)).toEqual([log[1]!.id]);
    expect(found.headers['content-range']).toBe('webhook-deliveries 0-0/1');
  });

  it('retries a failing receiver with growing, jittered delays until it answers 2xx, with the same Webhook-Id', async () => {
    const client = await createApiClient(t, { appName: 'colnomina' });
    await subscribe(client.id, { url: receiver.url, eventTypes: ['order.paid'] });
    receiver.answer = (request, all) => (all.filter((r) => r.headers['webhook-id'] === request.headers['webhook-id']).length <= 2 ? 503 : 204);
    const reference = await moveOrder('PAID');
    await eventually('the first failure to be logged', async () => (await deliveries(client.id))[0]?.attempts === 1);
    const pending = (await deliveries(client.id))[0]!;
    expect(pending).toEqual(
      expect.objectContaining({ state: 'PENDING', lastStatusCode: 503, lastError: 'Respuesta HTTP 503', nextAttemptAt: expect.any(String) }),
    );
    await eventually('three attempts', async () => bodiesOf(reference).length === 3, 20_000);
    await eventually('the delivery to be done', async () => (await deliveries(client.id))[0]?.state === 'DONE');
    const requests = bodiesOf(reference);
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    // Base 300 ms, doubled each time, ±20 %: the first wait is 240-360 ms, the second 480-720 ms.
    const gaps = [requests[1]!.at - requests[0]!.at, requests[2]!.at - requests[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(230);
    expect(gaps[1]).toBeGreaterThanOrEqual(470);
    expect(gaps[1]).toBeGreaterThan(gaps[0]!);
    const done = (await deliveries(client.id))[0]!;
    expect(done).toEqual(expect.objectContaining({ state: 'DONE', attempts: 3, lastStatusCode: 204, lastError: null, nextAttemptAt: null }));
    expect(done.attemptLog.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [1, 503, 'Respuesta HTTP 503'],
      [2, 503, 'Respuesta HTTP 503'],
      [3, 204, null],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(bodiesOf(reference)).toHaveLength(3);
  }, 30_000);

  it('gives up after WEBHOOK_MAX_ATTEMPTS and keeps the delivery FAILED in the log; a dead URL is a network error', async () => {
    const client = await createApiClient(t, { appName: 'colnomina' });
    await subscribe(client.id, { url: receiver.url, eventTypes: ['order.paid'] });
    receiver.answer = () => 500;
    const reference = await moveOrder('PAID');
    await eventually('the delivery to fail for good', async () => (await deliveries(client.id))[0]?.state === 'FAILED', 30_000);
    expect(bodiesOf(reference)).toHaveLength(4);
    const failed = (await deliveries(client.id))[0]!;
    expect(failed).toEqual(expect.objectContaining({ attempts: 4, lastStatusCode: 500, nextAttemptAt: null, deliveredAt: null }));

    const dead = await createApiClient(t, { appName: 'firmaya' });
    await subscribe(dead.id, { url: 'http://127.0.0.1:9/hooks', eventTypes: ['order.paid'] });
    await moveOrder('PAID', 'firmaya');
    await eventually('the network error to be logged', async () => (await deliveries(dead.id))[0]?.attempts === 1);
    expect((await deliveries(dead.id))[0]!.lastError).toMatch(/^Error de red: connect ECONNREFUSED 127.0.0.1:9$/);
  }, 40_000);

  it('delivers to each subscription of the brand exactly once, and to no other brand, type or disabled subscription', async () => {
    const brand = await createApiClient(t, { appName: 'colnomina' });
    const first = (await subscribe(brand.id, { url: `${receiver.url}?a`, eventTypes: ['order.paid'] })).body;
    const second = (await subscribe(brand.id, { url: `${receiver.url}?b`, eventTypes: ['order.paid'] })).body;
    const onlyRejections = (await subscribe(brand.id, { url: `${receiver.url}?c`, eventTypes: ['payment.rejected'] })).body;
    const disabled = (await subscribe(brand.id, { url: `${receiver.url}?d`, eventTypes: ['order.paid'] })).body;
    await t.api.delete(`/api/v1/api-clients/${brand.id}/webhooks/${disabled.id}`, admin).expect(200);
    const otherBrand = await createApiClient(t, { appName: 'firmaya' });
    await subscribe(otherBrand.id, { url: `${receiver.url}?e`, eventTypes: ['order.paid'] });

    const reference = await moveOrder('PAID');
    // The same event published again (a replayed confirmation, a retried transaction) adds nothing.
    const orm = t.app.get(MikroORM);
    const again = await orm.em.fork().transactional((tx: EntityManager) =>
      t.app.get(OutboxService).publish(tx, {
        type: 'order.paid',
        data: { referenceUuid: reference, appName: 'colnomina', serviceId, paymentMethod: 'EN_LINEA', total: '100000.00', by: 'pruebas' },
      }),
    );
    expect(again).toBeNull();
    await eventually('two webhooks', async () => bodiesOf(reference).length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      bodiesOf(reference)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/hooks?a', '/hooks?b']);
    const rows = await sql<{ target: string; n: string }>(
      `select d.target, count(*) as n from outbox_delivery d join outbox_event e on e.id = d.event_id
        where d.handler = 'webhook' and e.dedupe_key = ? group by d.target order by d.target`,
      [`order:${reference}`],
    );
    expect(rows.map((r) => [r.target, Number(r.n)])).toEqual(
      [
        [first.id, 1],
        [second.id, 1],
      ].sort(),
    );
    expect(onlyRejections.id).not.toBe(first.id);
  });
});
