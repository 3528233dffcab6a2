import { createHash, randomUUID } from 'node:crypto';
import { VALID_PURCHASE_CUSTOMERS } from '@licencias/common/testing/purchase-form.cases';
import { DEFAULT_EPAYCO_CUSTOMER_ID, DEFAULT_EPAYCO_P_KEY, loadConfig } from '../config/config.js';
import { describeOnServer, type Instance, useInstances } from '../test-support/instance.js';
import { eventually, waitForOutbox, withDatabase } from '../test-support/outbox.js';
import { type Receiver, sealWebhookSecret, startReceiver, verifiedBy } from '../test-support/webhook-receiver.js';

const ORDERS = 120;
const SECRET = 'whsec_prueba-de-caida';
const ENV = {
  OUTBOX_CONCURRENCY: '4',
  OUTBOX_POLL_MS: '500',
  WEBHOOK_RETRY_BASE_MS: '200',
  WEBHOOK_RETRY_MAX_MS: '2000',
  WEBHOOK_MAX_ATTEMPTS: '20',
  WEBHOOK_TIMEOUT_MS: '3000',
};

/** ePayco's signed approval of an order (the formula written out, development credentials). */
function approval(reference: string, n: number): Record<string, string> {
  const f: Record<string, string> = {
    x_ref_payco: `CAIDA-${n}-${reference.slice(0, 8)}`,
    x_transaction_id: `TX-${n}`,
    x_amount: '100000.00',
    x_currency_code: 'COP',
    x_cod_response: '1',
    x_id_invoice: reference,
    x_response: 'Aceptada',
  };
  f.x_signature = createHash('sha256')
    .update(`${DEFAULT_EPAYCO_CUSTOMER_ID}^${DEFAULT_EPAYCO_P_KEY}^${f.x_ref_payco}^${f.x_transaction_id}^${f.x_amount}^${f.x_currency_code}`)
    .digest('hex');
  return f;
}

/**
 * A `kill -9` during confirmations (issue 13 item 7): two backend processes take ePayco
 * confirmations of 120 orders (each one pays the order, grants its licence, queues the activation
 * e-mail and the partner webhooks, in one transaction) while their outbox workers deliver; one is
 * killed mid-load and a replacement started. The gateway, as ePayco does, resends a confirmation
 * that got no answer. Afterwards every order is paid and activated once, with one licence, one
 * e-mail and one webhook per event and subscriber (by the receiver's dedupe key, Webhook-Id).
 */
describeOnServer(
  'events after commit survive a kill -9',
  { what: 'crash test of order confirmations, licences, e-mails and webhooks', why: 'Several processes cannot share the embedded database.' },
  () => {
    const instances = useInstances(2, ENV);
    const dead = new Set<Instance>();
    let receiver: Receiver;
    const references: string[] = [];

    const db = <T>(work: Parameters<typeof withDatabase<T>>[1]) => withDatabase(instances.databaseUrl(), work);

    beforeAll(async () => {
      receiver = await startReceiver();
      // A slow partner that refuses every fifth event's first attempt: deliveries are in flight and retried when the process dies.
      receiver.answer = (request, all) => {
        const id = request.headers['webhook-id'];
        const seen = all.filter((r) => r.headers['webhook-id'] === id).length;
        return Number.parseInt(String(id).slice(0, 2), 16) % 5 === 0 && seen === 1 ? 500 : 200;
      };
      await db(async (client) => {
        const { rows } = await client.query<{ service_id: number; feature_id: number; code: string; package_id: number }>(
          `select s.id as service_id, f.id as feature_id, f.service_feature_code as code, (select min(id) from package) as package_id
             from service s join service_feature f on f.service_id = s.id where s.app_name = 'colnomina' order by s.id, f.id limit 1`,
        );
        const demo = rows[0]!;
        const clientId = randomUUID();
        await client.query(
          `insert into api_client (id, client_id, name, app_name, privileges, secret_hash, created_at) values ($1, $2, 'Aliado de prueba', 'colnomina', '{BALANCES_READ}', 'x', now())`,
          [clientId, `colnomina-caida-${clientId.slice(0, 8)}`],
        );
        const key = loadConfig({ ...process.env, NODE_ENV: 'test' }).webhooks.secretKey;
        await client.query(
          `insert into webhook_subscription (id, api_client_id, url, event_types, secret_sealed, created_at) values ($1, $2, $3, '{order.paid,licence.granted}', $4, now())`,
          [randomUUID(), clientId, receiver.url, sealWebhookSecret(key, SECRET)],
        );
        const snapshot = {
          validityPeriod: 1,
          validityTypeId: 'A',
          itemsPackageFeatures: [
            {
              quantity: 50,
              unlimited: false,
              serviceFeature: { id: demo.feature_id, serviceId: demo.service_id, serviceFeatureCode: demo.code, isunlimited: false },
            },
          ],
        };
        for (let n = 0; n < ORDERS; n++) {
          const reference = randomUUID();
          references.push(reference);
          await client.query(
            `with o as (
               insert into purchase_order (reference_uuid, app_name, service_id, state, payment_method, customer_billing, customer_service, buyer_email,
                 sub_total, total_discount, tax_iva, tax_rete_iva, tax_rete_ica, tax_rete_fuente, total, created_at, updated_at)
               values ($1, 'colnomina', $2, 'REGISTERED', 'EN_LINEA', $3, $4, 'compras@dian.gov.co', 100000, 0, 0, 0, 0, 0, 100000, now(), now()) returning id)
             insert into purchase_order_line (purchase_order_id, package_id, package_code, package_name, package_type_id, quantity, employee, price, iva_rate,
               unit_price, gross, offer_discount, promo_discount, discount, new_base, iva_value, total, snapshot)
             select o.id, $5, 'CAIDA', 'Paquete de prueba', 1, 1, false, 100000, 0, 100000, 100000, 0, 0, 0, 100000, 0, 100000, $6 from o`,
            [reference, demo.service_id, VALID_PURCHASE_CUSTOMERS.customerBilling, VALID_PURCHASE_CUSTOMERS.customerService, demo.package_id, snapshot],
          );
        }
      });
    }, 120_000);
    afterAll(() => receiver?.close());

    /** Posts the order's confirmation to a live instance until one answers it (200, or 409 for an order another answer moved), as a gateway retries. */
    async function confirm(n: number): Promise<number> {
      const fields = approval(references[n]!, n);
      for (let attempt = 0; ; attempt++) {
        const live = instances.list.filter((i) => !dead.has(i));
        const target = live[(n + attempt) % live.length]!;
        try {
          const res = await fetch(`${target.url}/api/v1/payments/epayco/confirmation`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(fields).toString(),
          });
          if (res.status === 200 || res.status === 409) return res.status;
        } catch {
          // The process died mid-request: resend, to another one.
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    it('loses and doubles no paid order, licence, e-mail or webhook when a process is killed mid-load', async () => {
      const [victim] = instances.list;
      let answered = 0;
      let next = 0;
      const lane = async () => {
        while (next < ORDERS) {
          const n = next++;
          expect(await confirm(n)).toBe(200);
          answered++;
        }
      };
      const load = Promise.all(Array.from({ length: 6 }, lane));
      let pendingAtKill = 0;
      let answeredAtKill = 0;
      await eventually(
        'a third of the confirmations, with deliveries pending',
        () =>
          db(async (client) => {
            const { rows } = await client.query<{ n: string }>(`select count(*) as n from outbox_delivery where state = 'PENDING'`);
            pendingAtKill = Number(rows[0]!.n);
            answeredAtKill = answered;
            return answered >= ORDERS / 3 && pendingAtKill > 0;
          }),
        120_000,
        10,
      );
      dead.add(victim!);
      await victim!.kill();
      const replacement = await instances.start();
      await load;
      expect(answeredAtKill).toBeLessThan(ORDERS);
      expect(pendingAtKill).toBeGreaterThan(0);
      await eventually('the replacement to be healthy', async () => (await fetch(`${replacement.url}/health`)).ok);

      const outbox = await db((client) => waitForOutbox(client, 180_000));
      expect(outbox).toEqual(expect.objectContaining({ PENDING: 0, FAILED: 0 }));

      await db(async (client) => {
        const one = async (sql: string, params: unknown[] = []) => (await client.query<Record<string, string>>(sql, params)).rows;
        // Every order paid then activated, once.
        const states = await one(
          `select o.state, count(*) as n, sum((select count(*) from purchase_order_state_change c where c.purchase_order_id = o.id and c.to_state = 'PAID')) as paid_moves
             from purchase_order o where o.reference_uuid = any($1::uuid[]) group by o.state`,
          [references],
        );
        expect(states.map((r) => [r.state, Number(r.n), Number(r.paid_moves)])).toEqual([['ACTIVATED', ORDERS, ORDERS]]);
        // One licence per order line, with its one GRANT movement.
        const licences = await one(
          `select count(*) as n, count(distinct l.origin_reference) as distinct_refs, sum((select count(*) from licence_movement m where m.licence_id = l.id and m.kind = 'GRANT')) as grants
             from licence l where l.origin = 'ORDER_LINE' and l.created_by = 'EPAYCO'`,
        );
        expect(licences.map((r) => [Number(r.n), Number(r.distinct_refs), Number(r.grants)])).toEqual([[ORDERS, ORDERS, ORDERS]]);
        // One activation e-mail per order, each delivered once (the mailbox marks it in its delivery's transaction).
        const mails = await one(`select state, count(*) as n from mail_message where template = 'activation' group by state`);
        expect(mails.map((r) => [r.state, Number(r.n)])).toEqual([['SENT', ORDERS]]);
        // One event per order and per licence, one webhook delivery per event and subscriber.
        const events = await one(`select type, count(*) as n from outbox_event where type in ('order.paid', 'licence.granted') group by type order by type`);
        expect(events.map((r) => [r.type, Number(r.n)])).toEqual([
          ['licence.granted', ORDERS],
          ['order.paid', ORDERS],
        ]);
        const hooks = await one(
          `select state, count(*) as n, count(distinct event_id) as events from outbox_delivery where handler = 'webhook' group by state`,
        );
        expect(hooks.map((r) => [r.state, Number(r.n), Number(r.events)])).toEqual([['DONE', 2 * ORDERS, 2 * ORDERS]]);
      });

      // The partner saw every event, each verified; deduplicated by Webhook-Id, exactly once.
      const ok = receiver.received.filter((r) => verifiedBy(SECRET, r));
      expect(ok).toHaveLength(receiver.received.length);
      const ids = new Set(ok.map((r) => String(r.headers['webhook-id'])));
      expect(ids.size).toBe(2 * ORDERS);
      const paid = new Set(
        ok
          .filter((r) => r.headers['webhook-event'] === 'order.paid')
          .map((r) => (JSON.parse(r.body) as { data: { referenceUuid: string } }).data.referenceUuid),
      );
      expect([...paid].sort()).toEqual([...references].sort());
      // Resent only as retries: refusals (every fifth event once) and at most the attempts the kill cut after the POST.
      const extra = receiver.received.length - ids.size;
      process.stderr.write(
        `\nkill -9 after ${answeredAtKill}/${ORDERS} confirmations with ${pendingAtKill} deliveries pending; ${receiver.received.length} POSTs for ${ids.size} events (${extra} retries)\n`,
      );
    }, 420_000);
  },
);
