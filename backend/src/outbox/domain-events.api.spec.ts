import { createHash, randomUUID } from 'node:crypto';
import { type EntityManager, MikroORM, RequestContext } from '@mikro-orm/sql';
import { DEFAULT_EPAYCO_CUSTOMER_ID, DEFAULT_EPAYCO_P_KEY } from '../config/config.js';
import { OrderService } from '../order/order.service.js';
import { useTestApp } from '../test-support/fixture.js';
import { createCustomer, createLicence, createService, createServiceFeature, unique } from '../test-support/factories.js';

const CONFIRM = '/api/v1/payments/epayco/confirmation';

interface EventRow {
  type: string;
  dedupe_key: string;
  payload: { id: string; occurredAt: string; data: Record<string, unknown> };
}

/**
 * Domain events (issue 13 item 7): order paid, payment rejected and licence granted are written to
 * the outbox by the transaction that makes them happen, once per order or licence, and not at
 * all when that transaction rolls back.
 */
describe('domain events in the outbox', () => {
  const t = useTestApp({ OUTBOX_WORKER: 'false' });
  let serviceId: number;

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);
  const eventsOf = (type: string, key: string) =>
    sql<EventRow>('select type, dedupe_key, payload from outbox_event where type = ? and dedupe_key = ?', [type, key]);

  const createOrder = async (total = '357000.00'): Promise<string> => {
    const reference = randomUUID();
    await sql(
      `insert into purchase_order (reference_uuid, app_name, service_id, state, payment_method, customer_billing, customer_service, buyer_email,
         sub_total, total_discount, tax_iva, tax_rete_iva, tax_rete_ica, tax_rete_fuente, total, created_at, updated_at)
       values (?, 'colnomina', ?, 'REGISTERED', 'EN_LINEA', '{}', '{}', 'compras@example.com', ?, 0, 0, 0, 0, 0, ?, now(), now())`,
      [reference, serviceId, total, total],
    );
    return reference;
  };
  /** A signed ePayco confirmation of the order (the formula written out, development credentials). */
  const confirm = (reference: string, code: string) => {
    const f: Record<string, string> = {
      x_ref_payco: unique('REF'),
      x_transaction_id: unique('TX'),
      x_amount: '357000.00',
      x_currency_code: 'COP',
      x_cod_response: code,
      x_id_invoice: reference,
      x_response: code === '1' ? 'Aceptada' : 'Rechazada',
    };
    f.x_signature = createHash('sha256')
      .update(`${DEFAULT_EPAYCO_CUSTOMER_ID}^${DEFAULT_EPAYCO_P_KEY}^${f.x_ref_payco}^${f.x_transaction_id}^${f.x_amount}^${f.x_currency_code}`)
      .digest('hex');
    return t.api.post(CONFIRM).type('form').send(f);
  };

  beforeAll(async () => {
    serviceId = (await createService(t, { appName: 'colnomina' })).id;
  });

  it("writes 'order.paid' with the order's figures when a confirmation pays it, once however often it is confirmed", async () => {
    const reference = await createOrder();
    await confirm(reference, '1').expect(200);
    await confirm(reference, '1').expect(409);
    const events = await eventsOf('order.paid', `order:${reference}`);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      occurredAt: expect.any(String),
      data: { referenceUuid: reference, appName: 'colnomina', serviceId, paymentMethod: 'EN_LINEA', total: '357000.00', by: 'EPAYCO' },
    });
    expect(await eventsOf('payment.rejected', `order:${reference}`)).toEqual([]);
  });

  it("writes 'payment.rejected' with the reason when a confirmation rejects the order", async () => {
    const reference = await createOrder();
    await confirm(reference, '2').expect(200);
    const events = await eventsOf('payment.rejected', `order:${reference}`);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.data).toEqual(expect.objectContaining({ referenceUuid: reference, by: 'EPAYCO', reason: expect.stringContaining('(2)') }));
    expect(await eventsOf('order.paid', `order:${reference}`)).toEqual([]);
  });

  it('writes nothing when the transaction that moved the order rolls back', async () => {
    const reference = await createOrder();
    const orm = t.app.get(MikroORM);
    await expect(
      RequestContext.create(orm.em, () =>
        orm.em.transactional(async (_: EntityManager) => {
          await t.app.get(OrderService).transition(reference, 'REGISTERED', 'PAID', 'pruebas');
          throw new Error('after the move');
        }),
      ),
    ).rejects.toThrow('after the move');
    expect(await eventsOf('order.paid', `order:${reference}`)).toEqual([]);
    expect((await sql<{ state: string }>('select state from purchase_order where reference_uuid = ?', [reference]))[0]?.state).toBe('REGISTERED');
  });

  it("writes 'licence.granted' with the customer's document and the features, once per licence", async () => {
    const customer = await createCustomer(t);
    const feature = await createServiceFeature(t, { serviceId });
    const originReference = unique('evento-');
    const over = { customerId: customer.id, serviceId, originReference, features: [{ serviceFeatureId: feature.id, quantity: 40 }] };
    const licence = await createLicence(t, over);
    const again = await createLicence(t, over);
    expect(again.id).toBe(licence.id);
    const events = await eventsOf('licence.granted', `licence:${licence.id}`);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.data).toEqual({
      licenceId: licence.id,
      appName: 'colnomina',
      serviceId,
      packageCode: null,
      customer: { documentType: expect.any(String), documentNumber: customer.documentNumber },
      origin: 'MANUAL',
      originReference,
      effectiveAt: licence.effectiveAt.toISOString(),
      expiresAt: licence.expiresAt!.toISOString(),
      features: [{ serviceFeatureCode: feature.serviceFeatureCode, quantity: 40, unlimited: false }],
    });
  });
});
