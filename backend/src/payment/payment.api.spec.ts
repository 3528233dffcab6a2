import { createHash, randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/sql';
import { DEFAULT_EPAYCO_CUSTOMER_ID, DEFAULT_EPAYCO_P_KEY } from '../config/config.js';
import { useTestApp } from '../test-support/fixture.js';
import { createService, unique } from '../test-support/factories.js';

const CONFIRM = '/api/v1/payments/epayco/confirmation';

type Fields = Record<string, string>;

/** x_signature written out by hand from ePayco's formula, with the development credentials. */
const sign = (f: Fields) =>
  createHash('sha256')
    .update(`${DEFAULT_EPAYCO_CUSTOMER_ID}^${DEFAULT_EPAYCO_P_KEY}^${f.x_ref_payco}^${f.x_transaction_id}^${f.x_amount}^${f.x_currency_code}`)
    .digest('hex');

/**
 * ePayco's confirmation (issue 13 item 1, store §4): the signature, the amount and currency
 * against the order, every x_cod_response, and exactly one processing per gateway reference,
 * decided by PostgreSQL.
 */
describe('confirmEpaycoPayment', () => {
  const t = useTestApp();
  let serviceId: number;

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);

  /** An online order awaiting its payment, written directly: registering one is the orders spec's business. */
  const createOrder = async (total = '357000.00', state = 'REGISTERED'): Promise<string> => {
    const reference = randomUUID();
    await sql(
      `insert into purchase_order (reference_uuid, app_name, service_id, state, payment_method, customer_billing, customer_service, buyer_email,
         sub_total, total_discount, tax_iva, tax_rete_iva, tax_rete_ica, tax_rete_fuente, total, created_at, updated_at)
       values (?, 'colnomina', ?, ?, 'EN_LINEA', '{}', '{}', 'compras@example.com', ?, 0, 0, 0, 0, 0, ?, now(), now())`,
      [reference, serviceId, state, total, total],
    );
    return reference;
  };
  const confirmation = (reference: string, over: Fields = {}): Fields => {
    const fields: Fields = {
      x_ref_payco: unique('REF'),
      x_transaction_id: unique('TX'),
      x_amount: '357000.00',
      x_currency_code: 'COP',
      x_cod_response: '1',
      x_id_invoice: reference,
      x_response: 'Aceptada',
      ...over,
    };
    return { ...fields, x_signature: over.x_signature ?? sign(fields) };
  };
  const post = (fields: Fields) => t.api.post(CONFIRM).type('form').send(fields);
  const stateOf = async (reference: string) =>
    (await sql<{ state: string }>(`select state from purchase_order where reference_uuid = ?`, [reference]))[0]?.state;
  const rowsOf = (reference: string) =>
    sql<{ outcome: string; order_state: string; gateway_reference: string }>(
      `select c.outcome, c.order_state, c.gateway_reference from payment_confirmation c join purchase_order o on o.id = c.purchase_order_id
        where o.reference_uuid = ? order by c.id`,
      [reference],
    );
  const movesOf = (reference: string) =>
    sql<{ to_state: string; changed_by: string }>(
      `select c.to_state, c.changed_by from purchase_order_state_change c join purchase_order o on o.id = c.purchase_order_id where o.reference_uuid = ? order by c.id`,
      [reference],
    );

  beforeAll(async () => {
    serviceId = (await createService(t, { appName: 'colnomina' })).id;
  });

  it('approves the order on x_cod_response 1, posted as a form, and records the confirmation', async () => {
    const reference = await createOrder();
    const fields = confirmation(reference);
    const res = await post(fields).expect(200);
    expect(res.body).toEqual({ referenceUuid: reference, gateway: 'EPAYCO', gatewayReference: fields.x_ref_payco, outcome: 'APPROVED', state: 'ACTIVATED' });
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    // Paid, then activated in the same transaction (the order's lines granted: order-activation.api.spec.ts).
    expect(await stateOf(reference)).toBe('ACTIVATED');
    expect(await rowsOf(reference)).toEqual([{ outcome: 'APPROVED', order_state: 'ACTIVATED', gateway_reference: fields.x_ref_payco }]);
    expect(await movesOf(reference)).toEqual([
      { to_state: 'PAID', changed_by: 'EPAYCO' },
      { to_state: 'ACTIVATED', changed_by: 'EPAYCO' },
    ]);
  });

  it.each(['2', '4', '10', '11'])('rejects the order on x_cod_response %s (JSON body)', async (code) => {
    const reference = await createOrder();
    const res = await t.api
      .post(CONFIRM)
      .send(confirmation(reference, { x_cod_response: code }))
      .expect(200);
    expect(res.body).toEqual(expect.objectContaining({ outcome: 'REJECTED', state: 'REJECTED' }));
    expect(await stateOf(reference)).toBe('REJECTED');
  });

  it.each(['3', '7'])('leaves the order as it is on x_cod_response %s (pending), and takes the later approval of the same payment', async (code) => {
    const reference = await createOrder();
    const payment = { x_ref_payco: unique('REF'), x_transaction_id: unique('TX') };
    const res = await post(confirmation(reference, { ...payment, x_cod_response: code })).expect(200);
    expect(res.body).toEqual(expect.objectContaining({ outcome: 'PENDING', state: 'REGISTERED' }));
    expect(await stateOf(reference)).toBe('REGISTERED');
    await post(confirmation(reference, { ...payment, x_cod_response: '1' })).expect(200);
    expect(await stateOf(reference)).toBe('ACTIVATED');
    expect((await rowsOf(reference)).map((r) => r.outcome)).toEqual(['PENDING', 'APPROVED']);
  });

  it('records a reversal (6) of an approved payment without changing the order', async () => {
    const reference = await createOrder();
    const payment = { x_ref_payco: unique('REF'), x_transaction_id: unique('TX') };
    await post(confirmation(reference, payment)).expect(200);
    const res = await post(confirmation(reference, { ...payment, x_cod_response: '6' })).expect(200);
    expect(res.body).toEqual(expect.objectContaining({ outcome: 'REVERSED', state: 'ACTIVATED' }));
    expect(await rowsOf(reference)).toEqual([
      expect.objectContaining({ outcome: 'APPROVED' }),
      expect.objectContaining({ outcome: 'REVERSED', order_state: 'ACTIVATED' }),
    ]);
  });

  it('refuses a bad signature with 401 and changes nothing', async () => {
    const reference = await createOrder();
    const signed = confirmation(reference);
    // Signed for 357000.00, posted with another amount: the signature no longer matches.
    const res = await post({ ...signed, x_amount: '1000.00' }).expect(401);
    expect(res.body.statusMessage).toBe('La firma de la confirmación no es válida.');
    await post({ ...signed, x_signature: sign({ ...signed, x_ref_payco: 'otra' }) }).expect(401);
    await post({ ...signed, x_signature: 'A'.repeat(64) }).expect(401);
    expect(await stateOf(reference)).toBe('REGISTERED');
    expect(await rowsOf(reference)).toEqual([]);
  });

  it('refuses an amount or currency that is not exactly the order’s with 422, and compares decimals exactly', async () => {
    const reference = await createOrder('357000.50');
    for (const over of <Fields[]>[{ x_amount: '357000.49' }, { x_amount: '357001' }, { x_currency_code: 'USD', x_amount: '357000.50' }]) {
      const res = await post(confirmation(reference, over)).expect(422);
      expect(res.body.statusMessage).toBe('El valor pagado no corresponde al de la orden de compra.');
    }
    expect(await stateOf(reference)).toBe('REGISTERED');
    expect(await rowsOf(reference)).toEqual([]);
    await post(confirmation(reference, { x_amount: '357000.5' })).expect(200);
    expect(await stateOf(reference)).toBe('ACTIVATED');
  });

  it('refuses an unknown response code with 422, an unknown order with 404, and a malformed body with 400', async () => {
    const reference = await createOrder();
    const unknownCode = await post(confirmation(reference, { x_cod_response: '8' })).expect(422);
    expect(unknownCode.body.statusMessage).toBe('Código de respuesta de la pasarela desconocido.');
    const missing = await post(confirmation(randomUUID())).expect(404);
    expect(missing.body.statusMessage).toBe('La orden de compra no existe');
    const { x_signature: _dropped, ...unsigned } = confirmation(reference);
    const shape = await post(unsigned).expect(400);
    expect(shape.body.statusDetails).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'body.x_signature' })]));
    await post(confirmation(reference, { x_amount: '12,5' })).expect(400);
    expect(await stateOf(reference)).toBe('REGISTERED');
  });

  it('answers a repeat the same without changing anything, and refuses an order no longer awaiting payment with 409', async () => {
    const reference = await createOrder();
    const fields = confirmation(reference);
    const first = await post(fields).expect(200);
    const again = await post(fields).expect(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await movesOf(reference)).map((m) => m.to_state)).toEqual(['PAID', 'ACTIVATED']);
    const late = await post(confirmation(reference, { x_cod_response: '2' })).expect(409);
    expect(late.body.statusMessage).toBe('La orden de compra ya no está esperando este pago.');
    const cancelled = await createOrder('357000.00', 'CANCELLED');
    await post(confirmation(cancelled)).expect(409);
    expect(await rowsOf(cancelled)).toEqual([]);
  });

  it('refuses a gateway reference already confirmed for another order (x_id_invoice is not signed)', async () => {
    const first = await createOrder();
    const second = await createOrder();
    const fields = confirmation(first);
    await post(fields).expect(200);
    await post({ ...fields, x_id_invoice: second }).expect(409);
    await post(confirmation(second, { x_ref_payco: fields.x_ref_payco, x_transaction_id: fields.x_transaction_id, x_cod_response: '3' })).expect(409);
    expect(await stateOf(second)).toBe('REGISTERED');
  });

  it('processes 20 concurrent copies of one confirmation once: one state change, one row', async () => {
    const reference = await createOrder();
    const fields = confirmation(reference);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(fields)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.every((a) => a.body.state === 'ACTIVATED')).toBe(true);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect((await movesOf(reference)).map((m) => m.to_state)).toEqual(['PAID', 'ACTIVATED']);
    expect(await rowsOf(reference)).toHaveLength(1);
  });

  it('lets one of two different confirmations racing for one order win', async () => {
    const reference = await createOrder();
    const answers = await Promise.all([post(confirmation(reference)), post(confirmation(reference, { x_cod_response: '4' }))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)?.body.state as string;
    expect(await stateOf(reference)).toBe(winner);
    expect((await movesOf(reference)).map((m) => m.to_state)).toEqual(winner === 'REJECTED' ? ['REJECTED'] : ['PAID', 'ACTIVATED']);
    expect(await rowsOf(reference)).toHaveLength(1);
  });
});
